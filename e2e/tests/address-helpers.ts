/**
 * The storefront's delivery-address steps (address.spec.ts, go-live.spec.ts):
 * a place searched with the builtin geocoder and picked, the two-step form
 * filled, the pin found on the map.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The add-address dialog (over the order-address dialog at checkout: there may be two). */
export const addressDialog = (page: Page) => page.getByRole("dialog", { name: "Add New Address" });

export async function searchAndPick(page: Page, typed: string, place: string) {
  const search = page.getByPlaceholder(/Search for an address|Wyszukaj adres/);
  await search.click();
  await search.fill(typed);
  await page.getByRole("button", { name: place }).click();
  await expect(addressDialog(page)).toBeVisible();
}

export async function fillStepOne(
  page: Page,
  values: { street: string; postcode: string; phone: string; email?: string; name: string },
) {
  const dialog = addressDialog(page);
  await dialog.getByLabel("Street name/Number").fill(values.street);
  await dialog.getByLabel("Postcode").fill(values.postcode);
  await dialog.getByLabel("Phone Number").fill(values.phone);
  if (values.email !== undefined) await dialog.getByLabel("Email").fill(values.email);
  await dialog.getByLabel("Address Name").fill(values.name);
}

export async function pinPosition(page: Page) {
  const map = page.getByTestId("address-map");
  await expect(map).toBeVisible();
  await expect(map.locator(".leaflet-marker-icon")).toBeVisible();
  return {
    lat: Number(await map.getAttribute("data-lat")),
    lng: Number(await map.getAttribute("data-lng")),
  };
}

/**
 * A guest's whole new address: the place searched and picked, the form, Next,
 * the pin at the place, Save Address; the add-address dialog closes.
 */
export async function enterAddress(
  page: Page,
  typed: string,
  place: string,
  values: { street: string; postcode: string; name: string },
) {
  await searchAndPick(page, typed, place);
  await fillStepOne(page, { ...values, phone: "7911 123456", email: "ann@example.com" });
  const dialog = addressDialog(page);
  await dialog.getByRole("button", { name: "Next" }).click();
  await pinPosition(page);
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expect(dialog).toHaveCount(0);
}
