import { expect, language, test } from "./shot";

/**
 * The back office's Team page in both languages (e2e/screenshots/team-*.png):
 * the scheme's own page, so the header's venue switch reads "Every venue", as the team list says.
 * tests/team.spec.ts asserts the behaviour.
 */
for (const lang of ["en-US", "pl-PL"]) {
  test(`team page (${lang})`, async ({ page, shot }) => {
    await language(page, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/demo-burgers/admin/sign-in");
    await page.locator('input[type="email"]').fill("manager@demo.test");
    await page.locator('input[type="password"]').first().fill("Platter-demo-1");
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/demo-burgers\/admin\/board\//);
    await page.goto("/demo-burgers/admin/team");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shot(`team-${lang}`, { fullPage: false });
  });
}
