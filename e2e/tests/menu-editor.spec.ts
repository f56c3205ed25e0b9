import type { Page } from "@playwright/test";
import { addCategory, addItem, signInToBackOffice } from "./admin-helpers";
import { expect, test } from "./fixtures";

/**
 * The menu editor (issue 20): a manager builds two categories with items,
 * a modifier group offered on two of them in one write, and reorders an item
 * with the keyboard alone (the drag handle: Space, an arrow, Space). A customer
 * who opens the storefront afterwards sees it all, in that order, with the
 * group's option in the item's dialog. It works on e2e-hours (venue `always`,
 * open at any time), adds its categories last so the menu's first item stays
 * what other specs take, and hides what it built at the end.
 */
const SCHEME = "e2e-hours";

const itemTitles = (page: Page, category: string) =>
  page.getByRole("list", { name: category }).locator(".menu-board__item-title");

test.describe("Menu editor", () => {
  test("a manager builds a menu by keyboard and a customer sees it", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow(); // a sign-in's hash and a dozen saves on a shared machine
    // A retry builds its own categories: a failed attempt leaves its own behind.
    const n = testInfo.retry ? ` ${testInfo.retry + 1}` : "";
    const BREAKFAST = `Breakfast E2E${n}`;
    const DRINKS = `Drinks E2E${n}`;
    const TOPPINGS = `Toppings E2E${n}`;
    await signInToBackOffice(page, SCHEME);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Menu" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();

    await addCategory(page, BREAKFAST);
    await addCategory(page, DRINKS);
    await addItem(page, BREAKFAST, "Porridge", "4.50");
    await addItem(page, BREAKFAST, "Pancakes", "5.25");
    await addItem(page, DRINKS, "Builder's tea", "2.00");

    // A modifier group with one option, offered on both breakfast items in one write.
    await page.getByPlaceholder("New group, e.g. Choose your sauce").fill(TOPPINGS);
    await page.getByRole("button", { name: "Add group" }).click();
    const group = page.getByRole("article", { name: TOPPINGS });
    await group.getByRole("button", { name: "Add option" }).click();
    await group.getByLabel("Option name").fill("Honey");
    await group.getByLabel("Price of Honey").fill("0.50");
    await group.getByLabel("Option name").press("Tab");
    await expect(page.getByText("All changes saved")).toBeVisible();
    const offered = group.getByRole("group", { name: "Offered on 0 items" });
    await offered.getByRole("checkbox", { name: "Porridge" }).check();
    await offered.getByRole("checkbox", { name: "Pancakes" }).check();
    await offered.getByRole("button", { name: "Offer on the 2 items chosen" }).click();
    await expect(group.getByRole("group", { name: "Offered on 2 items" })).toBeVisible();

    // Keyboard only: Pancakes' handle picked up with Space, moved up, dropped with Space.
    // Each key waits for what a user would notice: the handle pressed (picked
    // up), then the screen reader's live region saying, by the items' titles,
    // that Pancakes is over another item (at pick-up it is over itself), then the drop.
    const handle = page.getByRole("button", { name: "Reorder item Pancakes" });
    const heard = page.locator('[id^="DndLiveRegion"]');
    const overAnother = async () => {
      const m = /^Pancakes is over (.+)\.$/.exec((await heard.textContent()) ?? "");
      return m !== null && m[1] !== "Pancakes";
    };
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await expect(heard).toHaveText(/Pancakes/);
    await page.keyboard.press("ArrowUp");
    await expect.poll(overAnother).toBe(true);
    await page.keyboard.press("Space");
    await expect(heard).toHaveText("Dropped Pancakes.");
    await expect(itemTitles(page, BREAKFAST)).toHaveText(["Pancakes", "Porridge"]);
    await expect(page.getByText("All changes saved")).toBeVisible();
    // The buttons beside each row do the same, one step a key: Tab to "Move down", Enter.
    await handle.focus();
    await page.keyboard.press("Tab"); // the title
    await page.keyboard.press("Tab"); // Move up (into the category before: this one is not the first)
    await page.keyboard.press("Tab"); // Move down
    await expect(page.getByRole("button", { name: "Move Pancakes down" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(itemTitles(page, BREAKFAST)).toHaveText(["Porridge", "Pancakes"]);
    await expect(page.getByRole("button", { name: "Move Pancakes down" })).toBeFocused(); // kept
    await expect(page.getByRole("status").filter({ hasText: "Pancakes moved to" })).toHaveText(
      `Pancakes moved to ${BREAKFAST}, position 2.`,
    );
    await expect(page.getByText("All changes saved")).toBeVisible();
    await page.keyboard.press("Shift+Tab"); // Move up, now enabled
    await expect(page.getByRole("button", { name: "Move Pancakes up" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(itemTitles(page, BREAKFAST)).toHaveText(["Pancakes", "Porridge"]);
    await expect(page.getByText("All changes saved")).toBeVisible();
    // Reload: the order is the server's, not only the screen's.
    await page.reload();
    await expect(itemTitles(page, BREAKFAST)).toHaveText(["Pancakes", "Porridge"]);

    const customer = await browser.newPage({ baseURL });
    try {
      await customer.goto(`/${SCHEME}/always/menu`);
      const breakfast = customer.getByRole("region", { name: BREAKFAST });
      await expect(breakfast.locator(".item-card__title")).toHaveText(["Pancakes", "Porridge"]);
      await expect(customer.getByRole("region", { name: DRINKS })).toContainText("Builder's tea");
      await breakfast.getByRole("button", { name: /Porridge/ }).click();
      const dialog = customer.getByRole("dialog");
      await expect(dialog).toContainText(TOPPINGS);
      await expect(dialog).toContainText("Honey");
    } finally {
      await customer.close();
    }

    // Put the menu back: what was built is hidden (never deleted).
    for (const name of [BREAKFAST, DRINKS, TOPPINGS]) {
      await page.getByRole("button", { name: `Hide ${name}`, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Hide" }).click();
      await expect(page.getByText("All changes saved")).toBeVisible();
    }
    await expect(page.getByRole("list", { name: BREAKFAST })).toHaveCount(0);
  });
});
