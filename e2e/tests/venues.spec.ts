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
  await days.getByLabel("Note for customers").fill("Closed for a private party");
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
  await expect(zones.getByRole("alert")).toContainText("delivery.zones[0].name");

  // The storefront: closed today with the note, opening tomorrow at 11:00.
  await page.goto(`/${SCHEME}/home`);
  await page.getByRole("button", { name: /Pickup/ }).click();
  const card = page.getByTestId("store-zoned");
  await expect(card.locator(".badge")).toHaveText("Closed");
  await expect(card).toContainText("Opens tomorrow at 11:00 AM");
  await expect(card.getByTestId("notices-zoned")).toHaveText("Today: Closed for a private party");
  await page.goto(`/${SCHEME}/zoned/menu`);
  await expect(page.getByTestId("notices-zoned")).toHaveText("Today: Closed for a private party");

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
      await page.setViewportSize(size);
      await page.goto(`/${scheme}/admin/sign-in`);
      await page.getByLabel("Email").fill("manager@demo.test");
      await page.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
      await page.goto(`/${scheme}/admin/venues`);
      await expect(page.getByRole("region", { name: "Delivery zones" })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`venues-${name}-${scheme}.png`), fullPage: true });
    });
  }
}
