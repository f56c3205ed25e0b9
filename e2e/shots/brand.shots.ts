import { expect, language, test } from "./shot";

/**
 * The back office's Brand page (e2e/screenshots/brand-*.png) at a desktop and
 * a phone, on a light scheme (demo-burgers) and a dark one (demo-pierogi), in
 * both languages on the desktop; a mid-tone main colour shows the contrast
 * warning. Nothing is saved. tests/brand.spec.ts asserts the behaviour.
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
    test(`brand page (${c.theme}, ${size.name})`, async ({ page, shot }) => {
      await language(page, c.lang);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/${c.scheme}/admin/sign-in`);
      await page.locator('input[type="email"]').fill("manager@demo.test");
      await page.locator('input[type="password"]').first().fill("Platter-demo-1");
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`/${c.scheme}/admin/board/`));
      await page.goto(`/${c.scheme}/admin/brand`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("brand-preview-dark")).toBeVisible();
      await shot(`brand-${c.theme}-${size.name}`, { fullPage: false });
      // A mid-tone main colour: text on it reads at 4.39:1.
      await page.locator(".brand-colour__hex").first().fill("#d9480f");
      await expect(page.getByTestId("contrast-warning")).toBeVisible();
      await page.getByTestId("contrast-warning").scrollIntoViewIfNeeded();
      await shot(`brand-${c.theme}-${size.name}-warning`, { fullPage: false });
      if (size.name === "desktop") await shot(`brand-${c.theme}-${size.name}-full`);
    });
  }
}
