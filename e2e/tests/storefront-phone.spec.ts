import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * What a walk of the storefront on a phone found (issue 18): touch targets
 * under 44 px, a search field without a focus ring, and a pl-PL browser that
 * started a Polish-first scheme in English.
 */

async function expectTouchTarget(locator: Locator, label: string) {
  const box = await locator.boundingBox();
  expect(box, `${label}: not on screen`).not.toBeNull();
  expect(box!.width, `${label}: width`).toBeGreaterThanOrEqual(44);
  expect(box!.height, `${label}: height`).toBeGreaterThanOrEqual(44);
}

test.describe("On a phone (issue 18)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu's chips, ASAP/Schedule, dialog close and basket ± are 44 px targets; the search has a focus ring", async ({
    page,
  }) => {
    await page.goto("/demo-burgers/soho/menu");
    const chips = page.locator(".category-nav__chip:not(.category-nav__chip--placeholder)");
    await expect(chips.first()).toBeVisible();
    for (let i = 0; i < Math.min(await chips.count(), 3); i++)
      await expectTouchTarget(chips.nth(i), `category chip ${i}`);
    const timing = page.locator(".timing__option");
    await expect(timing).toHaveCount(2);
    await expectTouchTarget(timing.nth(0), "ASAP");
    await expectTouchTarget(timing.nth(1), "Schedule");
    await expectTouchTarget(page.getByTestId("hours-calendar"), "hours in a calendar");

    const search = page.getByRole("searchbox", { name: "Search the menu" });
    await search.focus();
    const ring = await search.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).toBe("solid");
    expect(ring.width).toBeGreaterThanOrEqual(2);

    await page.getByRole("button", { name: /^Choose options for Classic Cheeseburger / }).click();
    const dialog = page.getByRole("dialog", { name: "Classic Cheeseburger" });
    await expectTouchTarget(dialog.getByRole("button", { name: "Close" }), "dialog close");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: /^Add Cola \(330ml\) / }).click();
    await page.getByRole("button", { name: /View basket/ }).click();
    const sheet = page.getByRole("dialog", { name: "Your basket" });
    await expectTouchTarget(sheet.getByRole("button", { name: "One more Cola (330ml)" }), "basket +");
    await sheet.getByRole("button", { name: "One more Cola (330ml)" }).click();
    await expectTouchTarget(sheet.getByRole("button", { name: "One fewer Cola (330ml)" }), "basket −");
    await expectTouchTarget(sheet.getByRole("button", { name: "Close" }), "sheet close");
    await expectNoSeriousA11yViolations(page, "basket sheet (phone)");
  });
});

test.describe("A pl-PL browser (issue 18)", () => {
  test.use({ locale: "pl-PL" });

  test("starts a Polish-first scheme (demo-pierogi) in Polish", async ({ page }) => {
    await page.goto("/demo-pierogi/home");
    await expect(page.getByRole("heading", { name: "Jak chcesz odebrać zamówienie?" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "pl-PL");
    await expectNoSeriousA11yViolations(page, "pierogi order type (pl-PL browser)");
  });

  test("starts an English-only scheme (demo-burgers) in English, and keeps a chosen language", async ({
    page,
  }) => {
    await page.goto("/demo-burgers/home");
    await expect(page.getByRole("heading", { name: "How would you like to get your order?" })).toBeVisible();
    // The customer chooses Polish: it stays, on this scheme and the next.
    await page.getByLabel("Language").selectOption("pl-PL");
    await expect(page.getByRole("heading", { name: "Jak chcesz odebrać zamówienie?" })).toBeVisible();
    await page.goto("/demo-burgers/home");
    await expect(page.getByRole("heading", { name: "Jak chcesz odebrać zamówienie?" })).toBeVisible();
  });
});
