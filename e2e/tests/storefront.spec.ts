import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { basketItems, expectNoSeriousA11yViolations, T, useLanguage, type Lang } from "./storefront-helpers";

/** Item ids come from the database the demo was loaded into: look them up by title. */
async function itemId(page: Page, scheme: string, venue: string, title: string): Promise<number> {
  const response = await page.request.post("/api/v3/menu/list", {
    data: { filter: { business_slug: scheme, venue_slug: venue, order_type: 1 } },
  });
  const body = (await response.json()) as { data: { items: { id: number; title: string }[] } };
  const found = body.data.items.find((i) => i.title === title);
  if (!found) throw new Error(`no ${title} on the ${scheme}/${venue} menu`);
  return found.id;
}

for (const lang of ["en-US", "pl-PL"] as Lang[]) {
  const t = T[lang];

  test.describe(`Storefront (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    test("pickup → store → menu; bin, unavailable item, required modifiers, subtotal, reload", async ({
      page,
    }) => {
      await page.goto("/demo-burgers/home");
      await expectNoSeriousA11yViolations(page, "order type");
      await page.getByRole("button", { name: t.pickup }).click();
      await expect(page).toHaveURL(/\/demo-burgers\/home\/stores$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.storesTitle);
      await expect(page.getByTestId("store-soho")).toContainText(new RegExp(`${t.open}|${t.closed}`));
      await expectNoSeriousA11yViolations(page, "stores");

      await page.getByTestId("store-soho").getByRole("button", { name: t.orderHere }).click();
      await expect(page).toHaveURL(/\/demo-burgers\/soho\/menu$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ember & Bun Soho");

      // The unavailable item cannot be clicked.
      await expect(page.getByRole("button", { name: t.unavailable("Truffle Burger") })).toBeDisabled();

      // An item without modifiers: the bin appears; the bin removes it and adds nothing.
      const cola = page.getByRole("button", { name: t.add("Cola (330ml)", "£2.49") });
      await cola.click();
      const bin = page.getByRole("button", { name: t.remove("Cola (330ml)") });
      await expect(bin).toBeVisible();
      expect(await basketItems(page, "demo-burgers", "soho")).toHaveLength(1);
      await bin.click();
      await expect(bin).toHaveCount(0);
      expect(await basketItems(page, "demo-burgers", "soho")).toEqual([]);

      // An item with a required modifier cannot be added until the minimum is chosen.
      await page.getByRole("button", { name: t.chooseOptions("Classic Cheeseburger") }).click();
      const dialog = page.getByRole("dialog", { name: "Classic Cheeseburger" });
      const add = dialog.getByRole("button", { name: t.addToBasket });
      await expect(add).toBeDisabled();
      await expect(dialog.getByText(t.missingPatty)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "item dialog");
      await dialog.getByRole("radio", { name: /Double beef/ }).check();
      await expect(add).toBeEnabled();
      await expect(add).toContainText("£11.99");
      await add.click();
      await expect(dialog).toBeHidden();

      await cola.click();
      await expect(page.getByTestId("basket-line")).toHaveCount(2);
      await expect(page.getByTestId("basket-subtotal")).toHaveText("£14.48");
      await expectNoSeriousA11yViolations(page, "menu with basket");

      await page.reload();
      await expect(page.getByTestId("basket-line")).toHaveCount(2);
      await expect(page.getByTestId("basket-subtotal")).toHaveText("£14.48");
    });

    test("the subtotal is in £1,234.50 form, and the basket survives a reload on a phone", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const cola = await itemId(page, "demo-burgers", "soho", "Cola (330ml)");
      await page.goto("/demo-burgers/soho/menu");
      await page.getByRole("button", { name: t.add("Cola (330ml)", "£2.49") }).click();
      // 500 colas: set the quantity as the basket would persist it, then reload.
      await page.evaluate((id) => {
        const stored = JSON.parse(localStorage.getItem("venue")!);
        stored.state.basket["demo-burgers"].soho.items = [{ item_id: id, qty: 500 }];
        localStorage.setItem("venue", JSON.stringify(stored));
      }, cola);
      await page.reload();
      const bar = page.getByRole("button", { name: t.viewBasket });
      await expect(bar).toContainText("£1,245.00");
      await bar.click();
      const sheet = page.getByRole("dialog", { name: t.basketTitle });
      await expect(sheet.getByTestId("basket-subtotal")).toHaveText("£1,245.00");
      await expectNoSeriousA11yViolations(page, "basket sheet");
    });

    test("changing the order type with items in the basket asks for confirmation", async ({ page }) => {
      await page.goto("/demo-burgers/home");
      await page.getByRole("button", { name: t.pickup }).click();
      await page.getByTestId("store-soho").getByRole("button", { name: t.orderHere }).click();
      await page.getByRole("button", { name: t.add("Cola (330ml)", "£2.49") }).click();
      await expect(page.getByTestId("basket-line")).toHaveCount(1);

      await page.goto("/demo-burgers/home");
      await page.getByRole("button", { name: t.delivery }).click();
      const confirm = page.getByRole("alertdialog", { name: t.changeTitle });
      await expect(confirm).toBeVisible();
      await expectNoSeriousA11yViolations(page, "order type confirmation");
      await confirm.getByRole("button", { name: t.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(page).toHaveURL(/\/demo-burgers\/home$/);
      expect(await basketItems(page, "demo-burgers", "soho")).toHaveLength(1);

      await page.getByRole("button", { name: t.delivery }).click();
      await page.getByRole("button", { name: t.confirmChange }).click();
      await expect(page).toHaveURL(/\/demo-burgers\/home\/address$/);
      expect(await basketItems(page, "demo-burgers", "soho")).toEqual([]);
    });

    test("demo-pierogi: dark theme, one store goes straight to the menu, prices like 1 234,50 zł", async ({
      page,
    }) => {
      await page.goto("/demo-pierogi/home");
      await page.getByRole("button", { name: t.pickup }).click();
      await expect(page).toHaveURL(/\/demo-pierogi\/rynek\/menu$/);
      await expect(page.getByTestId("themed-root")).toHaveAttribute("data-theme", "dark");
      const tray = page.getByRole("button", { name: /Taca pierogów na przyjęcie/ });
      await expect(tray).toContainText("1 234,50 zł");
      await tray.click();
      await expect(page.getByTestId("basket-subtotal")).toHaveText("1 234,50 zł");
      await expectNoSeriousA11yViolations(page, "pierogi menu");
    });
  });
}

test.describe("Store list", () => {
  test.use({ geolocation: { latitude: 51.5246, longitude: -0.0837 }, permissions: ["geolocation"] });

  test("shows how far each store is from the customer, nearest first", async ({ page }) => {
    await page.goto("/demo-burgers/home");
    await page.getByRole("button", { name: /Pickup/ }).click();
    const cards = page.locator(".store-card");
    // The position is asked for only when the customer says so, never on load.
    await expect(cards.first()).not.toContainText(/KM away/);
    await page.getByRole("button", { name: "Show distances from my location" }).click();
    await expect(cards.first()).toContainText(/0\.\d\d KM away/);
    await expect(cards.first()).toHaveAttribute("data-testid", "store-shoreditch");
    await expect(cards.nth(1)).toContainText(/\d\.\d\d KM away/);
  });

  test("for delivery, stores that do not deliver to the address are disabled with the reason", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const address = {
        line1: "1 King Street",
        line2: "",
        city: "London",
        country: "GB",
        postcode: "W6 9HR",
        contact_number: "",
        email: "",
        note: "",
        name: "Home",
        latitude: 51.4927,
        longitude: -0.2248,
      };
      const state = {
        currentVenueName: "",
        order_type: 0,
        is_asap: true,
        preorder_for: null,
        selectedAddress: null,
        delivery_address: address,
        currentScheme: "demo-burgers",
      };
      localStorage.setItem("home", JSON.stringify({ state, version: 0 }));
    });
    const asked = page.waitForResponse(
      (r) => r.url().endsWith("/api/v3/stores/deliverable") && r.request().method() === "POST",
    );
    await page.goto("/demo-burgers/home/stores");
    // The list takes the server's verdict (the rule checkout enforces).
    const verdicts = (await (await asked).json()) as { data: { venue_slug: string; delivers: boolean }[] };
    expect(verdicts.data.map((v) => [v.venue_slug, v.delivers])).toEqual([
      ["soho", false],
      ["shoreditch", false],
    ]);
    for (const slug of ["soho", "shoreditch"]) {
      const card = page.getByTestId(`store-${slug}`);
      await expect(card.getByRole("button", { name: /Order here/ })).toBeDisabled();
      await expect(card).toContainText("Doesn't deliver to your address: it delivers within 5.00 KM.");
    }
    await expect(page.locator(".store-card").first()).toHaveAttribute("data-testid", "store-soho");
    await expectNoSeriousA11yViolations(page, "stores for delivery");
  });
});

test.describe("Basket and keyboard", () => {
  test("lines whose item left the menu or became unavailable are flagged and excluded", async ({ page }) => {
    const cola = await itemId(page, "demo-burgers", "soho", "Cola (330ml)");
    const truffle = await itemId(page, "demo-burgers", "soho", "Truffle Burger");
    await page.goto("/demo-burgers/soho/menu");
    await page.getByRole("button", { name: /^Add Cola \(330ml\)/ }).click();
    await page.evaluate(
      ([colaId, truffleId]) => {
        const stored = JSON.parse(localStorage.getItem("venue")!);
        stored.state.basket["demo-burgers"].soho.items = [
          { item_id: colaId, qty: 2 },
          { item_id: truffleId, qty: 1 },
          { item_id: 999_999, qty: 1 },
        ];
        localStorage.setItem("venue", JSON.stringify(stored));
      },
      [cola, truffle],
    );
    await page.reload();
    const lines = page.getByTestId("basket-line");
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(1)).toContainText("Unavailable right now: not included");
    await expect(lines.nth(2)).toContainText("No longer on the menu: not included");
    await expect(page.getByTestId("basket-subtotal")).toHaveText("£4.98");
    await lines
      .nth(2)
      .getByRole("button", { name: /Remove/ })
      .click();
    await expect(lines).toHaveCount(2);
  });

  test("the menu works from the keyboard", async ({ page }) => {
    await page.goto("/demo-burgers/soho/menu");
    const cola = page.getByRole("button", { name: /^Add Cola \(330ml\)/ });
    await cola.focus();
    await page.keyboard.press("Enter");
    const bin = page.getByRole("button", { name: "Remove Cola (330ml) from the basket" });
    await expect(bin).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(bin).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(bin).toHaveCount(0);

    await page.getByRole("button", { name: /^Choose options for Classic Cheeseburger/ }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Classic Cheeseburger" });
    await expect(dialog).toBeVisible();
    // The dialog opens on its first field (the first patty), not on the close icon.
    await expect(dialog.getByRole("radio", { name: /Single beef/ })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("radio", { name: /Single beef/ })).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the sticky category bar follows the scroll and jumps to a category", async ({ page }) => {
    await page.goto("/demo-burgers/soho/menu");
    const nav = page.getByRole("navigation", { name: "Menu categories" });
    const chip = (name: string) => nav.getByRole("link", { name, exact: true });
    await expect(chip("Burgers")).toHaveAttribute("aria-current", "true");
    await chip("Desserts").click();
    await expect(page.getByRole("heading", { name: "Desserts", level: 2 })).toBeInViewport();
    await expect(chip("Desserts")).toHaveAttribute("aria-current", "true");
    await expect(nav).toBeInViewport(); // sticky
    // Sides' heading just under the sticky bars (64 px header + 56 px categories).
    await page
      .getByRole("heading", { name: "Sides", level: 2 })
      .evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 150));
    await expect(chip("Sides")).toHaveAttribute("aria-current", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(chip("Burgers")).toHaveAttribute("aria-current", "true");
  });
});
