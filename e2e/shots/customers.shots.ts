import { member, paidOrder, someLines } from "../tests/orders-helpers";
import { expect, language, settle, test } from "./shot";

/**
 * The back office's Customers and Promotions pages (e2e/screenshots/customers-*.png,
 * promotions-*.png): light (demo-burgers) and dark (demo-pierogi), en-US and pl-PL,
 * desktop and phone; the erase confirmation and the promo code dialog open.
 * tests/customers.spec.ts asserts the behaviour.
 */
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

test.beforeAll(async ({ request }) => {
  const eve = await member(request, "shots-customer");
  const { lines } = await someLines(request);
  await paidOrder(request, eve.token, lines);
});

for (const scheme of ["demo-burgers", "demo-pierogi"]) {
  for (const lang of ["en-US", "pl-PL"]) {
    for (const [size, viewport] of Object.entries(sizes)) {
      const tag = `${scheme === "demo-burgers" ? "light" : "dark"}-${lang}-${size}`;
      test(`customers and promotions (${tag})`, async ({ page, shot }) => {
        test.setTimeout(240_000);
        await language(page, lang);
        await page.setViewportSize(viewport);
        await page.goto(`/${scheme}/admin/sign-in`);
        await page.locator('input[type="email"]').fill("manager@demo.test");
        await page.locator('input[type="password"]').first().fill("Platter-demo-1");
        await page.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(/\/admin\/board\//);

        await page.goto(`/${scheme}/admin/customers`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("tbody tr, .muted").first()).toBeVisible();
        await shot(`customers-${tag}`);
        const first = page.locator("tbody tr a").first();
        if ((await first.count()) > 0) {
          await first.click();
          await expect(page.locator(".customer__facts")).toBeVisible();
          await shot(`customers-page-${tag}`);
          await page.locator(".customer__danger").click();
          await settle(page);
          await shot(`customers-erase-${tag}`, { fullPage: false });
        }

        await page.goto(`/${scheme}/admin/promotions`);
        await expect(page.locator(".promotions__loyalty")).toBeVisible();
        await shot(`promotions-${tag}`);
        await page.locator(".promotions__head .button--primary").first().click();
        await settle(page);
        await shot(`promotions-code-${tag}`, { fullPage: false });
      });
    }
  }
}
