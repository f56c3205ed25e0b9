import { expect, hexToRgb, schemeInfo, test } from "./fixtures";

test.describe("Foundation", () => {
  test("landing lists both demo schemes and leads to demo-burgers home in its colours", async ({ page }) => {
    await page.goto("/");
    const burgers = page.getByTestId("scheme-demo-burgers");
    const pierogi = page.getByTestId("scheme-demo-pierogi");
    await expect(burgers).toBeVisible();
    await expect(pierogi).toBeVisible();
    // The demo schemes and the e2e suite's own (data/e2e-hours.json).
    await expect(page.getByTestId("scheme-e2e-hours")).toBeVisible();
    await expect(page.locator(".scheme-card")).toHaveCount(3);

    await burgers.click();
    await expect(page).toHaveURL(/\/demo-burgers\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to get your order?");

    const scheme = await schemeInfo(page, "demo-burgers");
    const root = page.getByTestId("themed-root");
    await expect(root).toHaveAttribute("data-theme", scheme.theme === 0 ? "dark" : "light");
    const colourVar = await root.evaluate((el) => getComputedStyle(el).getPropertyValue("--colour").trim());
    expect(colourVar.toLowerCase()).toBe(scheme.colour.toLowerCase());
    await expect(page.getByTestId("brand-hero")).toHaveCSS("background-color", hexToRgb(scheme.colour2 || scheme.colour));
    await expect(page.locator(".site-header__name")).toHaveText(scheme.name);
  });

  test("demo-pierogi is dark and in its own colour", async ({ page }) => {
    const scheme = await schemeInfo(page, "demo-pierogi");
    expect(scheme.theme).toBe(0);
    await page.goto("/demo-pierogi/home");
    const root = page.getByTestId("themed-root");
    await expect(root).toHaveAttribute("data-theme", "dark");
    await expect(page.getByTestId("brand-hero")).toHaveCSS("background-color", hexToRgb(scheme.colour2 || scheme.colour));
    // Dark theme: a dark background behind light text.
    const [bg, fg] = await root.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el).color,
    ]);
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(luminance(bg)).toBeLessThan(60);
    expect(luminance(fg)).toBeGreaterThan(180);
  });

  test("switching to Polish changes the text and survives a reload", async ({ page }) => {
    await page.goto("/demo-burgers/home");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("How would you like to get your order?");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");

    await page.getByLabel("Language").selectOption("pl-PL");
    await expect(heading).toHaveText("Jak chcesz odebrać zamówienie?");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl-PL");
    await expect(page.getByRole("button", { name: /Dostawa/ })).toBeVisible();

    await page.reload();
    await expect(heading).toHaveText("Jak chcesz odebrać zamówienie?");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl-PL");
    await expect(page.getByLabel("Język")).toHaveValue("pl-PL");

    // Back to English for good measure.
    await page.getByLabel("Język").selectOption("en-US");
    await expect(heading).toHaveText("How would you like to get your order?");
  });

  test("a language chosen on one scheme stays with it: another scheme keeps its own (issue 18)", async ({
    page,
  }) => {
    const heading = page.getByRole("heading", { level: 1 });
    await page.goto("/demo-burgers/home");
    await expect(heading).toHaveText("How would you like to get your order?");
    await page.getByLabel("Language").selectOption("pl-PL");
    await expect(heading).toHaveText("Jak chcesz odebrać zamówienie?");

    // Demo Pierogi (Polish first) in this en-US browser: its own language, not burgers' choice.
    await page.goto("/demo-pierogi/home");
    await expect(heading).toHaveText("How would you like to get your order?");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByLabel("Language")).toHaveValue("en-US");

    // Burgers remembers Polish, after a reload too.
    await page.goto("/demo-burgers/home");
    await expect(heading).toHaveText("Jak chcesz odebrać zamówienie?");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "pl-PL");
  });

  test("an unknown path shows the not-found page with a link home", async ({ page }) => {
    await page.goto("/no/such/page/here");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    const home = page.getByRole("link", { name: "Back to the home page" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("scheme-demo-burgers")).toBeVisible();
  });

  test("pickup leads to the store list and a store's menu", async ({ page }) => {
    await page.goto("/demo-burgers/home");
    await page.getByRole("button", { name: /Pickup/ }).click();
    await expect(page).toHaveURL(/\/demo-burgers\/home\/stores$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a store");
    await expect(page.locator(".store-card")).toHaveCount(2);
    await page.locator(".store-card").first().getByRole("button").click();
    await expect(page).toHaveURL(/\/demo-burgers\/[\w-]+\/menu$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ember & Bun");
    const basket = await page.evaluate(() => JSON.parse(localStorage.getItem("venue") ?? "{}"));
    expect(Object.keys(basket.state.basket["demo-burgers"])).toHaveLength(1);
  });
});
