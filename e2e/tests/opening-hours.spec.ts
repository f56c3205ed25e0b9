import { expect, test } from "./fixtures";
import { asap, badge, later, storeList } from "./opening-hours-helpers";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * Open and closed, as the customer sees it on the store list and the menu. The
 * browser decides from the weekly hours and its clock, which fixtures.ts fixes.
 * Here data/e2e-hours.json's venues, open day and night ("always") or never
 * ("never", no hours at all), at whatever time the project runs: both, to show
 * they look the same at any time. The demo venues (11:00–23:00 on Mondays) at
 * the moments their tests set: opening-hours-demo.spec.ts.
 */

test.describe("a venue open day and night beside one with no opening hours", () => {
  test("the store list shows one Open and one Closed, without an opening time", async ({ page }) => {
    await storeList(page, "e2e-hours");
    const always = page.getByTestId("store-always");
    const never = page.getByTestId("store-never");
    await expect(always.locator(".badge")).toHaveText("Open");
    await expect(never.locator(".badge")).toHaveText("Closed");
    await expect(never).not.toContainText("Opens");
    // Both badges on one page: axe checks the open and the closed colours at once.
    await expectNoSeriousA11yViolations(page, "stores, open and closed");
  });

  test("the always-open menu offers ASAP and chooses it", async ({ page }) => {
    await page.goto("/e2e-hours/always/menu");
    await expect(badge(page)).toHaveText("Open");
    await expect(asap(page)).toBeEnabled();
    await expect(asap(page)).toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: /closed/i })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "open menu");
  });

  test("the never-open menu can be browsed, but ASAP cannot be chosen", async ({ page }) => {
    await page.goto("/e2e-hours/never/menu");
    await expect(badge(page)).toHaveText("Closed");
    // Other status regions (the loading skeleton, the basket) may be on screen too.
    await expect(page.getByRole("status").filter({ hasText: /closed/i })).toHaveText("Closed right now: you can still browse the menu.");
    await expect(asap(page)).toBeDisabled();
    await expect(later(page)).toBeChecked();
    await expect(page.getByRole("button", { name: /^Add Pot of tea/ })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, "closed menu");
  });
});
