import { MONDAY_4AM, MONDAY_NOON } from "../tests/clock";
import { expect, language, pickup, settle, test } from "./shot";

/**
 * The storefront for people to look at (e2e/screenshots/): the landing and
 * home pages, the store list and a menu while open and while closed, the menus
 * of both themes at phone and desktop width, the item dialog, the layouts.
 * What they must do is asserted in tests/.
 */

test.describe("pages", () => {
  test("landing, home, not found", async ({ page, shot }) => {
    await page.goto("/");
    await expect(page.getByTestId("scheme-demo-burgers")).toBeVisible();
    await shot("01-landing");
    await page.goto("/demo-burgers/home");
    await expect(page.getByTestId("brand-hero")).toBeVisible();
    await shot("02-burgers-home");
    await page.goto("/demo-pierogi/home");
    await expect(page.getByTestId("themed-root")).toHaveAttribute("data-theme", "dark");
    await shot("03-pierogi-home-dark");
    await page.goto("/no/such/page/here");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await shot("05-not-found");
  });

  test("home in Polish", async ({ page, shot }) => {
    await language(page, "pl-PL");
    await page.goto("/demo-burgers/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jak chcesz odebrać zamówienie?");
    await shot("04-burgers-home-pl");
  });
});

for (const [state, now] of [
  ["open", MONDAY_NOON],
  ["closed", MONDAY_4AM],
] as const) {
  test.describe(`while the demo venues are ${state}`, () => {
    test.use({ now });

    test(`store lists and menus (${state})`, async ({ page, shot }) => {
      await pickup(page, "demo-burgers");
      await page.goto("/demo-burgers/home/stores");
      await expect(page.locator(".store-card")).toHaveCount(2);
      await shot(`06-burgers-stores-${state}`);
      await page.goto("/e2e-hours/home/stores");
      await expect(page.locator(".store-card")).toHaveCount(3);
      await shot(`07-always-and-never-open-stores-${state}`);
      await page.goto("/demo-burgers/soho/menu");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot(`08-burgers-menu-${state}`, { fullPage: false });
    });
  });
}

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

for (const scheme of SCHEMES) {
  for (const viewport of VIEWPORTS) {
    test(`menu of ${scheme.slug} at ${viewport.width}×${viewport.height} (${scheme.theme})`, async ({
      page,
      shot,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await pickup(page, scheme.slug);
      await page.goto(`/${scheme.slug}/${scheme.venue}/menu`);
      await expect(page.getByTestId("themed-root")).toHaveAttribute("data-theme", scheme.theme);
      await expect(page.locator(".item-card__image").first()).toBeVisible();
      const name = `storefront-menu-${scheme.slug}-${viewport.name}`;
      await shot(name, { fullPage: false });
      for (const item of scheme.items) await page.getByRole("button", { name: item }).first().click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(`${name}-basket`, { fullPage: false });
      if (viewport.width < 1024) {
        await page.getByRole("button", { name: /View basket/ }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await settle(page);
        await shot(`${name}-sheet`, { fullPage: false });
      }
    });
  }
}

test("item dialog", async ({ page, shot }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await pickup(page, "demo-burgers");
  await page.goto("/demo-burgers/soho/menu");
  await page.getByRole("button", { name: /^Choose options for Classic Cheeseburger/ }).click();
  await expect(page.getByRole("dialog", { name: "Classic Cheeseburger" })).toBeVisible();
  await settle(page);
  await shot("storefront-item-dialog-390", { fullPage: false });
});

const LAYOUTS = ["default", "half-image", "full-image", "rounded-half-image"];

for (const [style, layout] of LAYOUTS.entries()) {
  test(`layout_style ${style}`, async ({ page, shot }) => {
    await page.route("**/api/v3/menu/list", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.menu.layout_style = style;
      await route.fulfill({ response, json: body });
    });
    await pickup(page, "demo-burgers");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/demo-burgers/soho/menu");
    await expect(page.locator(`.menu-grid--${layout}`).first()).toBeVisible();
    await shot(`storefront-layout-${style}-1440`, { fullPage: false });
  });
}

test("menu page in Polish (pl-PL), open", async ({ page, shot }) => {
  await language(page, "pl-PL");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/demo-pierogi/rynek/menu");
  await expect(page.locator(".item-card").first()).toBeVisible();
  await shot("menu-pl-PL-390", { fullPage: false });
});
