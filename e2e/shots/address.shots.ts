import type { Page } from "@playwright/test";
import { expect, language, test } from "./shot";

/**
 * The picker and both dialog steps (e2e/screenshots/address-*.png): phone and
 * desktop, English and Polish. The behaviour is tested in tests/address.spec.ts.
 */

const viewports = [
  { name: "390", width: 390, height: 844 },
  { name: "1440", width: 1440, height: 900 },
];
const languages = ["en-US", "pl-PL"] as const;

async function offline(page: Page) {
  const base = process.env.PLATTER_E2E_BASE_URL ?? "";
  await page.route(
    (url) => !url.href.startsWith(base),
    (route) => route.abort(),
  );
}

for (const lang of languages) {
  for (const viewport of viewports) {
    test(`address screens ${lang} ${viewport.name}`, async ({ page, shot }) => {
      await offline(page);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await language(page, lang);
      const prefix = `address-${lang}-${viewport.name}`;
      await page.goto("/demo-pierogi/home/address");
      const search = page.locator('input[type="search"]');
      await expect(search).toBeVisible();
      await shot(`${prefix}-1-picker-empty`);

      await search.click();
      await search.fill("Krak");
      const krakow = page.getByRole("button", { name: /^Kraków, (Poland|Polska)$/ });
      await expect(krakow).toBeVisible();
      await shot(`${prefix}-2-suggestions`);

      await krakow.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.locator('button[type="submit"]').click();
      await expect(page.getByTestId("address-errors")).toBeVisible();
      await page.waitForTimeout(300);
      await shot(`${prefix}-3-form-errors`, { fullPage: false });
      await dialog.locator(".dialog__body").evaluate((body) => body.scrollTo({ top: body.scrollHeight }));
      await shot(`${prefix}-3b-form-bottom`, { fullPage: false });

      await dialog.locator('input[name="line1"]').fill("Rynek Główny 1");
      await dialog.locator('input[name="postcode"]').fill("31-042");
      await dialog.locator('input[name="phone"]').fill("512 345 678");
      await dialog.locator('input[name="email"]').fill("guest@example.com");
      await dialog.locator('input[name="name"]').fill(lang === "pl-PL" ? "Dom" : "Home");
      await dialog.locator('button[type="submit"]').click();
      await expect(page.getByTestId("address-map").locator(".leaflet-marker-icon")).toBeVisible();
      await dialog
        .locator("textarea")
        .fill(lang === "pl-PL" ? "Domofon 12, drugie piętro" : "Door code 12, second floor");
      await page.waitForTimeout(400);
      await shot(`${prefix}-4-map`, { fullPage: false });

      await dialog.locator(".dialog__footer .button--primary").click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByTestId("address-option").getByRole("radio")).toBeChecked();
      await shot(`${prefix}-5-picker-chosen`);
    });
  }
}
