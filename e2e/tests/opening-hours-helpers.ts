import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The store list and menu's opening state, for opening-hours*.spec.ts. */
export const asap = (page: Page) => page.getByRole("radio", { name: "As soon as possible" });
export const later = (page: Page) => page.getByRole("radio", { name: "Schedule for later" });
export const badge = (page: Page) => page.locator(".venue-hero .badge");

export async function storeList(page: Page, scheme: string) {
  await page.goto(`/${scheme}/home`);
  await page.getByRole("button", { name: /Pickup/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${scheme}/home/stores$`));
}
