import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

const screenshots = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");
mkdirSync(screenshots, { recursive: true });

const VIEWPORTS = [
  { name: "390", width: 390, height: 844 },
  { name: "1440", width: 1440, height: 900 },
] as const;

const SCHEMES = [
  {
    slug: "demo-burgers",
    venue: "soho",
    theme: "light",
    items: [/^Add Cola \(330ml\)/, /^Add Cheesy Fries/],
  },
  {
    slug: "demo-pierogi",
    venue: "rynek",
    theme: "dark",
    items: [/^Add Żurek w chlebie/, /^Add Kompot domowy/],
  },
] as const;

/** Waits for the dialog's slide-in to finish, so that the screenshot shows it in place. */
async function settle(page: Page) {
  await page
    .locator("dialog[open]")
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Starts with pickup chosen, as a customer arriving from the store list would. */
async function pickup(page: Page, slug: string) {
  await page.addInitScript((scheme) => {
    if (localStorage.getItem("home")) return;
    const state = {
      currentVenueName: "",
      order_type: 1,
      is_asap: true,
      preorder_for: null,
      selectedAddress: null,
      delivery_address: null,
      currentScheme: scheme,
    };
    localStorage.setItem("home", JSON.stringify({ state, version: 0 }));
  }, slug);
}

for (const scheme of SCHEMES) {
  for (const viewport of VIEWPORTS) {
    test(`menu of ${scheme.slug} at ${viewport.width}×${viewport.height} (${scheme.theme})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await pickup(page, scheme.slug);
      await page.goto(`/${scheme.slug}/${scheme.venue}/menu`);
      await expect(page.getByTestId("themed-root")).toHaveAttribute("data-theme", scheme.theme);
      const images = page.locator(".item-card__image");
      await expect(images.first()).toBeVisible();
      const base = `storefront-menu-${scheme.slug}-${viewport.name}`;
      await page.screenshot({ path: join(screenshots, `${base}.png`) });
      for (const name of scheme.items) await page.getByRole("button", { name }).first().click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(screenshots, `${base}-basket.png`) });
      if (viewport.width < 1024) {
        await page.getByRole("button", { name: /View basket/ }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await settle(page);
        await page.screenshot({ path: join(screenshots, `${base}-sheet.png`) });
      }
    });
  }
}

test("item dialog and a closed venue's ASAP choice", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await pickup(page, "demo-burgers");
  await page.goto("/demo-burgers/soho/menu");
  await page.getByRole("button", { name: /^Choose options for Classic Cheeseburger/ }).click();
  const dialog = page.getByRole("dialog", { name: "Classic Cheeseburger" });
  await expect(dialog).toBeVisible();
  await settle(page);
  await page.screenshot({ path: join(screenshots, "storefront-item-dialog-390.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test.describe("layout styles", () => {
  for (const style of [0, 1, 2, 3]) {
    test(`layout_style ${style}`, async ({ page }) => {
      await page.route("**/api/v3/menu/list", async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.menu.layout_style = style;
        await route.fulfill({ response, json: body });
      });
      await pickup(page, "demo-burgers");
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/demo-burgers/soho/menu");
      await expect(
        page
          .locator(`.menu-grid--${["default", "half-image", "full-image", "rounded-half-image"][style]}`)
          .first(),
      ).toBeVisible();
      await page.screenshot({ path: join(screenshots, `storefront-layout-${style}-1440.png`) });
      if (style === 0 || style === 3) {
        // SPEC.md §9: 72 px images above the small breakpoint, 64 px below.
        const media = page.locator(".item-card__media").first();
        await expect(media).toHaveCSS("width", "72px");
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(media).toHaveCSS("width", "64px");
        // One line of description in the small card, two otherwise.
        await expect(page.locator(".item-card__description").first()).toHaveCSS("-webkit-line-clamp", "1");
        await page.setViewportSize({ width: 1440, height: 900 });
        await expect(page.locator(".item-card__description").first()).toHaveCSS("-webkit-line-clamp", "2");
        await expectNoSeriousA11yViolations(page, `layout ${style}`);
      }
    });
  }
});
