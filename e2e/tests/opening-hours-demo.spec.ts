import { MONDAY_4AM, MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { asap, badge, later, storeList } from "./opening-hours-helpers";
import { expectNoSeriousA11yViolations, useLanguage } from "./storefront-helpers";

/**
 * The demo venues (11:00–23:00 on Mondays) open, closed, and turning open, as the
 * customer sees them on the store list and the menu. Every test sets its own
 * moment, so the spec runs in the open project only (playwright.config.ts, PINNED).
 */

test.describe("the demo venues on Monday at 12:00", () => {
  test.use({ now: MONDAY_NOON });

  test("both stores are Open, and the menu takes ASAP orders", async ({ page }) => {
    await storeList(page, "demo-burgers");
    for (const slug of ["soho", "shoreditch"]) {
      await expect(page.getByTestId(`store-${slug}`).locator(".badge")).toHaveText("Open");
    }
    await expectNoSeriousA11yViolations(page, "stores while open");
    await page
      .getByTestId("store-soho")
      .getByRole("button", { name: /Order here/ })
      .click();
    await expect(badge(page)).toHaveText("Open");
    await expect(asap(page)).toBeChecked();
    await expectNoSeriousA11yViolations(page, "menu while open");
  });
});

test.describe("the demo venues on Monday at 04:00", () => {
  test.use({ now: MONDAY_4AM });

  test("both stores are Closed until 11:00, and the menu takes only orders for later", async ({ page }) => {
    await storeList(page, "demo-burgers");
    for (const slug of ["soho", "shoreditch"]) {
      const card = page.getByTestId(`store-${slug}`);
      await expect(card.locator(".badge")).toHaveText("Closed");
      await expect(card).toContainText("Opens today at 11:00 AM");
    }
    await expectNoSeriousA11yViolations(page, "stores while closed");
    await page
      .getByTestId("store-soho")
      .getByRole("button", { name: /Order here/ })
      .click();
    await expect(badge(page)).toHaveText("Closed");
    await expect(page.getByRole("status").filter({ hasText: /closed/i })).toHaveText(
      "We're closed. Opens today at 11:00 AM: order ahead now and pick a time at checkout.",
    );
    await expect(asap(page)).toBeDisabled();
    await expect(later(page)).toBeChecked();
    await expectNoSeriousA11yViolations(page, "menu while closed");
  });

  test("in Polish the store says when it opens", async ({ page }) => {
    await useLanguage(page, "pl-PL");
    await page.goto("/demo-burgers/home/stores");
    const card = page.getByTestId("store-soho");
    await expect(card.locator(".badge")).toHaveText("Zamknięte");
    await expect(card).toContainText("Otwarcie dziś o 11:00");
  });
});

test.describe("a menu left open across the opening time", () => {
  test.use({ now: "2026-11-16T10:59:30Z" });

  test("turns from Closed to Open at 11:00 without a reload", async ({ page }) => {
    await page.goto("/demo-burgers/soho/menu");
    await expect(badge(page)).toHaveText("Closed");
    await expect(asap(page)).toBeDisabled();
    // The page re-checks every minute.
    await page.clock.fastForward("01:00");
    await expect(badge(page)).toHaveText("Open");
    await expect(asap(page)).toBeEnabled();
    await expect(page.getByRole("status").filter({ hasText: /closed/i })).toHaveCount(0);
  });
});
