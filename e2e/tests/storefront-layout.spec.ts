import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/** The four menu layouts of docs/product.md §9 (screenshots of them: shots/storefront.shots.ts). */

const LAYOUTS = ["default", "half-image", "full-image", "rounded-half-image"];

/**
 * The menu as the server sends it, with another layout_style: in the menu
 * page's HTML (its inline menu/list answer) and from menu/list itself.
 */
async function withLayout(page: Page, style: number) {
  await page.route("**/api/v3/menu/list", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.menu.layout_style = style;
    await route.fulfill({ response, json: body });
  });
  await page.route("**/demo-burgers/soho/menu", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script[^>]*id="platter-menu-list"[^>]*>)(.*?)(<\/script>)/s,
      (_, open: string, json: string, close: string) => {
        const body = JSON.parse(json);
        body.data.menu.layout_style = style;
        return open + JSON.stringify(body).replace(/</g, "\\u003c") + close;
      },
    );
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([k]) => k !== "content-encoding" && k !== "content-length"),
    );
    await route.fulfill({ status: response.status(), headers, body: html });
  });
}

test.describe("layout styles", () => {
  for (const [style, layout] of LAYOUTS.entries()) {
    test(`layout_style ${style} shows the ${layout} grid`, async ({ page }) => {
      await withLayout(page, style);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/demo-burgers/soho/menu");
      await expect(page.locator(`.menu-grid--${layout}`).first()).toBeVisible();
      if (style !== 0 && style !== 3) return;
      // docs/product.md §9: 72 px images above the small breakpoint, 64 px below.
      const media = page.locator(".item-card__media").first();
      await expect(media).toHaveCSS("width", "72px");
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(media).toHaveCSS("width", "64px");
      // One line of description in the small card, two otherwise.
      await expect(page.locator(".item-card__description").first()).toHaveCSS("-webkit-line-clamp", "1");
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.locator(".item-card__description").first()).toHaveCSS("-webkit-line-clamp", "2");
      await expectNoSeriousA11yViolations(page, `layout ${style}`);
    });
  }
});
