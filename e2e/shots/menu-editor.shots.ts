import { adminShots } from "./admin-pages";
import { expect } from "./shot";

/**
 * The back office's Menu page (e2e/screenshots/menu-editor-*.png), light and dark, desktop
 * and phone (admin-pages.ts): the list, an item open in the form beside its storefront
 * card, the new-item dialog, and the modifier groups with their rule as customers read it.
 * Nothing is saved. tests/menu-editor.spec.ts asserts the behaviour.
 */
adminShots("menu editor", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/menu`);
  await expect(page.locator(".menu-board__item-title").first()).toBeVisible();
  await shot(`menu-editor-${c.tag}`, { fullPage: false });
  await page.locator(".menu-board__item-title").first().click();
  await expect(page.locator(".item-editor")).toBeVisible();
  await page.locator(".item-editor").scrollIntoViewIfNeeded();
  await shot(`menu-editor-${c.tag}-item`, { fullPage: false });
  await page.locator(".item-editor__aside").scrollIntoViewIfNeeded();
  await shot(`menu-editor-${c.tag}-preview`, { fullPage: false });
  // The picture: the app's own "Choose a picture" / "Replace picture" button, the file's name.
  await page.locator(".item-editor__fieldset--picture").scrollIntoViewIfNeeded();
  await shot(`menu-editor-${c.tag}-picture`, { fullPage: false });
  await page.locator(".group-card").first().scrollIntoViewIfNeeded();
  await shot(`menu-editor-${c.tag}-groups`, { fullPage: false });
  await page
    .locator(".menu-board__category .button--ghost", { hasText: /Add item|Dodaj pozycję/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Add item|Dodaj pozycję/ })
    .click();
  await shot(`menu-editor-${c.tag}-new-item`, { fullPage: false });
});

/** Activity and Export / Import, as a manager opens them. */
adminShots("activity and document", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/activity`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").first()).toBeVisible();
  await shot(`activity-${c.tag}`, { fullPage: false });
  await page.goto(`/${c.scheme}/admin/document`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shot(`document-${c.tag}`, { fullPage: false });
});
