import type { Page } from "@playwright/test";
import { MONDAY_4AM, MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, useLanguage } from "./storefront-helpers";

/**
 * Open and closed, as the customer sees it on the store list and the menu. The
 * browser decides from the weekly hours and its clock, which fixtures.ts fixes:
 * the demo venues (11:00–23:00 on Mondays) at a time each test sets, and
 * data/e2e-hours.json's venues, open day and night ("always") or never
 * ("never", no hours at all), at whatever time the project runs.
 */

const asap = (page: Page) => page.getByRole("radio", { name: "As soon as possible" });
const later = (page: Page) => page.getByRole("radio", { name: "Schedule for later" });
const badge = (page: Page) => page.locator(".venue-hero .badge");

async function storeList(page: Page, scheme: string) {
  await page.goto(`/${scheme}/home`);
  await page.getByRole("button", { name: /Pickup/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${scheme}/home/stores$`));
}

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
