import { adminShots } from "./admin-pages";
import { expect } from "./shot";
/**
 * The back office's Brand page (e2e/screenshots/brand-*.png) at a desktop and
 * a phone, on a light scheme (demo-burgers) and a dark one (demo-pierogi), in
 * both languages on the desktop; a mid-tone main colour shows the contrast
 * warning. Nothing is saved. tests/brand.spec.ts asserts the behaviour.
 */
adminShots("brand page", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/brand`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("brand-preview-dark")).toBeVisible();
  await shot(`brand-${c.tag}`, { fullPage: false });
  // A mid-tone main colour: text on it reads at 4.39:1.
  await page.locator(".brand-colour__hex").first().fill("#d9480f");
  await expect(page.getByTestId("contrast-warning")).toBeVisible();
  await page.getByTestId("contrast-warning").scrollIntoViewIfNeeded();
  await shot(`brand-${c.tag}-warning`, { fullPage: false });
  await page.locator(".tipping").scrollIntoViewIfNeeded();
  await shot(`brand-${c.tag}-tipping`, { fullPage: false });
  if (c.size.name === "desktop") await shot(`brand-${c.tag}-full`);
});
