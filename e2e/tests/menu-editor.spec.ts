import type { Page } from "@playwright/test";
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

async function managerSignsIn(page: Page) {
  await page.goto(`/${SCHEME}/admin/sign-in`);
  await page.getByLabel("Email").fill("manager@demo.test");
  await page.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/board/`));
}

async function addCategory(page: Page, name: string) {
  await page.getByPlaceholder("New category, e.g. Breakfast").fill(name);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("list", { name })).toBeVisible();
}

async function addItem(page: Page, category: string, title: string, price: string) {
  await page.getByRole("button", { name: `Add item (${category})` }).click();
  const form = page.getByRole("form", { name: "Item" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Price").fill(price);
  await form.getByLabel("Description").click(); // leaving the fields saves them
  await expect(
    page.getByRole("list", { name: category }).getByRole("button", { name: title, exact: true }),
  ).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
}

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
    await managerSignsIn(page);
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
    // up), then the screen reader's live region (dnd-kit's) saying Pancakes is
    // over another item (at pick-up it is over itself), then the drop.
    const handle = page.getByRole("button", { name: "Reorder item Pancakes" });
    const heard = page.locator('[id^="DndLiveRegion"]');
    const overAnother = async () => {
      const m = /^Draggable item (\S+) was moved over droppable area (\S+)\.$/.exec(
        (await heard.textContent()) ?? "",
      );
      return m !== null && m[1] !== m[2];
    };
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowUp");
    await expect.poll(overAnother).toBe(true);
    await page.keyboard.press("Space");
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
