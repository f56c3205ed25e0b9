import { expect, language, test } from "./shot";

/**
 * The back office's Menu page (e2e/screenshots/menu-editor-*.png) at a desktop
 * and a phone, on a light scheme (demo-burgers) and a dark one (demo-pierogi,
 * in Polish), with an item open in the form beside its storefront card.
 * Nothing is saved. tests/menu-editor.spec.ts asserts the behaviour.
 */
const cases = [
  { scheme: "demo-burgers", lang: "en-US", theme: "light" },
  { scheme: "demo-pierogi", lang: "pl-PL", theme: "dark" },
];
const sizes = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

for (const c of cases) {
  for (const size of sizes) {
    test(`menu editor (${c.theme}, ${size.name})`, async ({ page, shot }) => {
      await language(page, c.lang);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/${c.scheme}/admin/sign-in`);
      await page.locator('input[type="email"]').fill("manager@demo.test");
      await page.locator('input[type="password"]').first().fill("Platter-demo-1");
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`/${c.scheme}/admin/board/`));
      await page.goto(`/${c.scheme}/admin/menu`);
      await expect(page.locator(".menu-board__item-title").first()).toBeVisible();
      await shot(`menu-editor-${c.theme}-${size.name}`, { fullPage: false });
      await page.locator(".menu-board__item-title").first().click();
      await expect(page.locator(".item-editor")).toBeVisible();
      await page.locator(".item-editor").scrollIntoViewIfNeeded();
      await shot(`menu-editor-${c.theme}-${size.name}-item`, { fullPage: false });
    });
  }
}
