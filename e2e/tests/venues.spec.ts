import type { APIRequestContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * The back office's Venues screen (issue 20): a manager gives e2e-hours' "zoned"
 * venue split hours on Tuesdays, closes it today (Monday 16 November) for a
 * private party, and imports two overlapping polygon zones; the storefront
 * shows it closed with the note at once, opening tomorrow at 11:00, and the
 * delivery check refuses an address outside every zone and charges one in both
 * the cheaper fee. Only "zoned" is changed: the demo venues stay as they are.
 */
const SCHEME = "e2e-hours";
test.use({ now: MONDAY_NOON });

const square = (x0: number, y0: number, x1: number, y1: number) => [
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ],
];
const ZONES = {
  type: "FeatureCollection",
  features: [
    { type: "Feature", properties: { name: "West", fee: 300 }, geometry: { type: "Polygon", coordinates: square(-0.15, 51.5, -0.12, 51.52) } },
    { type: "Feature", properties: { name: "East", fee: 150 }, geometry: { type: "Polygon", coordinates: square(-0.13, 51.5, -0.1, 51.52) } },
  ],
};

async function signInAsManager(page: Page) {
  await page.goto(`/${SCHEME}/admin/sign-in`);
  await page.getByLabel("Email").fill("manager@demo.test");
  await page.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
}

async function deliverable(request: APIRequestContext, lat: number, lng: number) {
  const res = await request.post("/api/v3/stores/deliverable", {
    data: { filter: { business_slug: SCHEME, lat, lng } },
  });
  const rows = (await res.json()).data as Array<{ venue_slug: string; delivers: boolean; fee?: number; zone?: string }>;
  return rows.find((r) => r.venue_slug === "zoned");
}

test("a manager sets split hours, a holiday and polygon zones; the storefront follows", async ({ page, request }, info) => {
  test.slow(); // a sign-in's hash, four saves and the map on a shared machine
  await signInAsManager(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Venues" }).click();
  await page.getByLabel("Venue to edit").selectOption("zoned");
  await expect(page.getByRole("region", { name: "Details" }).getByLabel("Name", { exact: true })).toHaveValue("Zoned Kitchen");

  // Split hours on Tuesday: 11:00–14:00 and 17:00–22:00.
  const hours = page.getByRole("region", { name: "Opening hours" });
  await hours.getByLabel("Tuesday: closes (1)").fill("14:00");
  await hours.getByRole("button", { name: "Add hours (Tuesday)" }).click();
  await hours.getByLabel("Tuesday: opens (2)").fill("17:00");
  await hours.getByLabel("Tuesday: closes (2)").fill("22:00");
  await hours.getByRole("button", { name: "Save" }).click();
  await expect(hours.getByRole("status")).toHaveText("Saved. Customers see it now.");

  // Closed today for a private party.
  const days = page.getByRole("region", { name: "Holidays and special days" });
  await days.getByLabel("New date").fill("2026-11-16");
  await days.getByRole("button", { name: "Add a day" }).click();
  await days.getByLabel("Note for customers").fill("Private party");
  // …and on Christmas Day, which customers hear of weeks ahead.
  const addDay = days.getByRole("button", { name: "Add a day" });
  await expect(async () => {
    await days.getByLabel("New date").fill("2026-12-25");
    await expect(addDay).toBeEnabled({ timeout: 2_000 });
  }).toPass();
  await addDay.click();
  await days.getByLabel("Note for customers").last().fill("Christmas");
  await days.getByRole("button", { name: "Save" }).click();
  await expect(days.getByRole("status")).toHaveText("Saved. Customers see it now.");

  // Two overlapping polygons from a GeoJSON file.
  const zones = page.getByRole("region", { name: "Delivery zones" });
  await zones.getByTestId("geojson-file").setInputFiles({
    name: "zones.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(JSON.stringify(ZONES)),
  });
  await expect(zones.getByLabel("Zone name")).toHaveCount(2);
  await expect(zones.locator(".leaflet-interactive")).toHaveCount(3); // two polygons and the venue
  await zones.getByRole("button", { name: "Save" }).click();
  await expect(zones.getByRole("status")).toHaveText("Saved. Customers see it now.");
  await expectNoSeriousA11yViolations(page, "venues");
  await page.screenshot({ path: info.outputPath("venues-desktop-light.png"), fullPage: true });

  // A bad entry is refused with its field named, and nothing is saved.
  await zones.getByLabel("Zone name").first().fill("");
  await zones.getByRole("button", { name: "Save" }).click();
  await expect(zones.getByRole("alert")).toContainText("Zone 1: Zone name: Required");
  await expect(zones.getByRole("alert")).not.toContainText("delivery.zones");
  await expect(zones.getByRole("status")).toHaveText("Not saved yet");

  // Leaving with that edit unsaved: the browser asks first.
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  // The storefront: closed today with the note, opening tomorrow at 11:00.
  await page.goto(`/${SCHEME}/home`);
  expect(await asked).toBe("beforeunload");
  await page.getByRole("button", { name: /Pickup/ }).click();
  const card = page.getByTestId("store-zoned");
  await expect(card.locator(".badge")).toHaveText("Closed");
  await expect(card).toContainText("Opens tomorrow at 11:00 AM");
  await expect(card.getByTestId("notices-zoned")).toHaveText("Closed today: Private party");
  await page.goto(`/${SCHEME}/zoned/menu`);
  await expect(page.getByTestId("notices-zoned").getByRole("listitem")).toHaveText([
    "Closed today: Private party",
    "Closed on Friday, December 25: Christmas",
  ]);

  // Before the address is known the storefront says the cheapest zone's fee.
  const venueInfo = await request.post("/api/v3/venue/info", { data: { filter: { business_slug: SCHEME } } });
  const stores = (await venueInfo.json()).data.stores as Array<{ venue_slug: string; delivery: { zones: unknown } }>;
  expect(stores.find((st) => st.venue_slug === "zoned")?.delivery.zones).toEqual({
    fee_from: 150,
    fee_to: 300,
    minimum_from: 0,
    minimum_to: 0,
  });
  // Zones: outside both refused, in both the cheaper fee.
  expect(await deliverable(request, 51.53, -0.125)).toMatchObject({ delivers: false });
  expect(await deliverable(request, 51.51, -0.125)).toMatchObject({ delivers: true, zone: "East", fee: 150 });
  expect(await deliverable(request, 51.51, -0.14)).toMatchObject({ delivers: true, zone: "West", fee: 300 });
});

for (const [name, size] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  for (const scheme of ["e2e-hours", "demo-pierogi"]) {
    test(`the Venues screen at ${name} size, ${scheme}`, async ({ page }, info) => {
      test.slow(); // a sign-in's hash and the map on a shared machine
      await page.setViewportSize(size);
      await page.goto(`/${scheme}/admin/sign-in`);
      await page.getByLabel("Email").fill("manager@demo.test");
      await page.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
      await page.goto(`/${scheme}/admin/venues`);
      await expect(page.getByRole("region", { name: "Delivery zones" })).toBeVisible({ timeout: 30_000 });
      // "Copy to…" opens under the day it copies, in view, its first box focused.
      const hours = page.getByRole("region", { name: "Opening hours" });
      await hours.getByRole("button", { name: "Copy to… (Saturday)" }).click();
      const copy = hours.getByTestId("hours-copy");
      await expect(copy).toBeInViewport();
      await expect(copy.getByRole("checkbox", { name: "Monday" })).toBeFocused();
      const box = (await copy.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await copy.getByRole("button", { name: "Cancel" }).click();
      await page.screenshot({ path: info.outputPath(`venues-${name}-${scheme}.png`), fullPage: true });
    });
  }
}

test("a new venue is not lost by leaving, and a refused save names its fields", async ({ page }, info) => {
  test.slow();
  await signInAsManager(page);
  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("link", { name: "Venues" }).click();
  await page.getByLabel("New venue address (slug)").fill(`never-saved-${info.retry}`);
  await page.getByLabel("Name", { exact: true }).first().fill("Never Saved");
  await page.getByRole("button", { name: "Add a venue" }).click();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByLabel("Name", { exact: true })).toHaveValue("Never Saved");
  await expect(details.getByRole("status")).toHaveText("Not saved yet");
  // A new venue in the UK starts at 20 % VAT.
  await expect(details.getByLabel("VAT rate (%)")).toHaveValue("20");
  // Delivery ticked before there is a zone or a radius: allowed (it saves), and the form says what
  // customers get until then.
  await details.getByRole("checkbox", { name: "Delivery", exact: true }).check();
  await expect(details.getByRole("note")).toHaveText(
    "Customers cannot choose delivery yet: give a radius below or add a zone under Delivery zones. Until then, pickup only.",
  );
  await details.getByLabel("Radius (m)").fill("3000");
  await expect(details.getByRole("note")).toHaveCount(0);

  // Going elsewhere asks first; staying keeps it.
  await nav.getByRole("link", { name: "Menu" }).click();
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(leave).toContainText("Your changes to Never Saved (Details) are not saved yet");
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(leave).toBeHidden();
  await expect(details.getByLabel("Name", { exact: true })).toHaveValue("Never Saved");

  // Saved without an address: each field says what is wrong, in words, no JSON paths.
  await details.getByRole("button", { name: "Save" }).click();
  const alert = details.getByRole("alert");
  await expect(alert).toContainText("Nothing was saved. Check the fields marked below.");
  await expect(alert).toContainText("Address line 1: Required");
  await expect(alert).not.toContainText("venues[");
  await expect(details.getByLabel("Address line 1")).toHaveAttribute("aria-invalid", "true");
  await expect(details.getByLabel("Address line 1")).toHaveAccessibleDescription("Required");

  // Leaving on purpose: nothing was created.
  await nav.getByRole("link", { name: "Menu" }).click();
  await leave.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
});
