import type { Page } from "@playwright/test";
import { MONDAY_NOON } from "../tests/clock";
import { expect, language, settle, test } from "./shot";

/**
 * The board's venue controls and sold-out list (a kitchen tablet, 1024×768, and
 * a desktop, 1440×900; light demo-burgers, dark demo-pierogi) and the driver
 * view on a phone (e2e/screenshots/venue-ops-*.png), in English and Polish. The
 * behaviour is tested in tests/venue-ops.spec.ts.
 */
test.use({ now: MONDAY_NOON });
const PASSWORD = "Platter-demo-1";

async function signIn(page: Page, scheme: string, path: string, email: string) {
  await page.goto(path);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

const boards = [
  { scheme: "demo-burgers", venue: "soho" },
  { scheme: "demo-pierogi", venue: "rynek" },
];

for (const lang of ["en-US", "pl-PL"] as const) {
  for (const { scheme, venue } of boards) {
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1440, height: 900 },
    ]) {
      test(`venue controls ${scheme} ${lang} ${size.width}`, async ({ page, shot }) => {
        await page.setViewportSize(size);
        await language(page, lang);
        await signIn(
          page,
          scheme,
          `/${scheme}/admin/sign-in?redirect=${encodeURIComponent(`/${scheme}/admin/board/${venue}`)}`,
          "manager@demo.test",
        );
        const controls = page
          .getByRole("group")
          .filter({ has: page.getByRole("switch") })
          .first();
        await expect(controls).toBeVisible();
        const prefix = `venue-ops-${scheme}-${lang}-${size.width}`;
        await shot(`${prefix}-1-controls`, { fullPage: false });
        await controls.locator("button[aria-haspopup=dialog]").click();
        await expect(page.locator("dialog[open] input[type=search]")).toBeVisible();
        await settle(page);
        await shot(`${prefix}-2-sold-out`, { fullPage: false });
      });
    }
  }

  test(`driver view ${lang} 390`, async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await language(page, lang);
    await page.goto("/demo-burgers/driver");
    await expect(page.locator('input[type="email"]')).toBeVisible();
    await shot(`venue-ops-driver-${lang}-390-1-sign-in`);
    await signIn(page, "demo-burgers", "/demo-burgers/driver", "driver@demo.test");
    await expect(page.locator("#driver-title")).toBeVisible();
    await shot(`venue-ops-driver-${lang}-390-2-deliveries`);
  });
}
