import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, language, pickup, screenshots, test } from "./shot";
import { api } from "../tests/api";

/**
 * The screens issue 18's storefront walk changed (e2e/screenshots/walk-*.png),
 * at 390 and 1440 px, in en-US and pl-PL: the store list and the menu with a
 * paused venue, the order page of a rejected delivery, of a pickup on its way
 * to the counter and of a revoked session, and checkout's summary for a guest.
 * tests/ asserts the behaviour.
 */
const SCHEME = "demo-burgers";
const viewports = [
  { name: "390", width: 390, height: 844 },
  { name: "1440", width: 1440, height: 900 },
];
const langs = ["en-US", "pl-PL"] as const;

async function paidOrder(request: APIRequestContext, token: string, orderType: 0 | 1) {
  const menu = await api(request, "menu/list", {
    filter: { business_slug: SCHEME, venue_slug: "soho", order_type: orderType },
  });
  type Item = { id: number; is_available: boolean; modifier_category_ids: number[] };
  const plain = (menu.items as Item[]).filter((i) => i.is_available && i.modifier_category_ids.length === 0);
  const order = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: SCHEME,
        venue_slug: "soho",
        idempotency_key: `walk-shots-${Date.now()}-${Math.random()}`,
        order_type: orderType,
        is_asap: true,
        items: [
          { item_id: plain[0]!.id, qty: 2 },
          { item_id: plain[1]!.id, qty: 1 },
        ],
        promocode: "WELCOME10",
        user_email: "eater@example.com",
        user_contact_number: "+447911123456",
        first_name: "Eve",
        delivery_address:
          orderType === 0
            ? {
                name: "Home",
                line1: "10 Gower Street",
                city: "London",
                postcode: "WC1E 6HA",
                country: "GB",
                contact_number: "+447911123456",
                email: "eater@example.com",
                latitude: 51.5215,
                longitude: -0.1318,
              }
            : null,
      },
    },
    token,
  );
  const card = { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123", name: "Eve" };
  await api(request, "payments/confirm", { data: { order_id: order.order.id, card } }, token);
  return order.order.id as number;
}

async function asGuest(page: Page, session: { token: string; user: Record<string, unknown> }) {
  await page.addInitScript(
    (auth) => {
      localStorage.setItem("auth", JSON.stringify({ state: auth, version: 0 }));
    },
    { token: session.token, user: { ...session.user, business_slug: SCHEME } },
  );
}

test("issue 18's storefront walk: paused venue, order outcomes, sign-in, language", async ({
  browser,
  baseURL,
  now,
  request,
}) => {
  test.setTimeout(300_000);
  const manager = (
    await api(request, "auth/signin", {
      data: { business_slug: SCHEME, email: "manager@demo.test", password: "Platter-demo-1" },
    })
  ).token as string;
  const guest = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
  const rejected = await paidOrder(request, guest.token, 0);
  await api(
    request,
    "admin/orders/transition",
    { data: { order_id: rejected, status: "rejected", reason: "We ran out of buns" } },
    manager,
  );
  const collecting = await paidOrder(request, guest.token, 1);
  await api(
    request,
    "admin/orders/transition",
    { data: { order_id: collecting, status: "accepted", eta_minutes: 20 } },
    manager,
  );
  const revoked = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
  await api(request, "auth/signout", {}, revoked.token);

  const pausedUntil = new Date(Date.parse(now) + 45 * 60_000).toISOString();
  await api(
    request,
    "admin/venues/controls/set",
    { data: { venue_slug: "shoreditch", paused_until: pausedUntil } },
    manager,
  );
  try {
    for (const lang of langs) {
      for (const v of viewports) {
        const context = await browser.newContext({ baseURL, viewport: { width: v.width, height: v.height } });
        const page = await context.newPage();
        await page.clock.install({ time: new Date(now) });
        await language(page, lang);
        await pickup(page, SCHEME);
        await asGuest(page, guest);
        const shot = (name: string) =>
          page.screenshot({ path: join(screenshots, `walk-${name}-${lang}-${v.name}.png`), fullPage: true });

        await page.goto(`/${SCHEME}/home/stores`);
        await expect(page.getByTestId("store-shoreditch").getByTestId("opening-badge")).toBeVisible();
        await shot("stores-paused");
        await page.goto(`/${SCHEME}/shoreditch/menu`);
        await expect(page.locator(".venue-hero__closed")).toBeVisible();
        await shot("menu-paused");
        await page.goto(`/${SCHEME}/soho/order-details/${rejected}`);
        await expect(page.getByTestId("order-outcome")).toBeVisible();
        await shot("order-rejected");
        await page.goto(`/${SCHEME}/soho/order-details/${collecting}`);
        await expect(page.getByTestId("order-pickup-address")).toBeVisible();
        await shot("order-pickup");
        await context.close();

        const other = await browser.newContext({ baseURL, viewport: { width: v.width, height: v.height } });
        const p2 = await other.newPage();
        await p2.clock.install({ time: new Date(now) });
        await language(p2, lang);
        await asGuest(p2, { ...revoked, user: { ...revoked.user } });
        await p2.goto(`/${SCHEME}/soho/order-details/${rejected}`);
        await expect(p2.getByTestId("order-sign-in")).toBeVisible();
        await p2.screenshot({
          path: join(screenshots, `walk-order-sign-in-${lang}-${v.name}.png`),
          fullPage: true,
        });
        await other.close();
      }
    }
    for (const v of viewports) {
      const context = await browser.newContext({
        baseURL,
        locale: "pl-PL",
        viewport: { width: v.width, height: v.height },
      });
      const page = await context.newPage();
      await page.clock.install({ time: new Date(now) });
      await page.goto("/demo-pierogi/home");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.screenshot({
        path: join(screenshots, `walk-pierogi-pl-browser-${v.name}.png`),
        fullPage: true,
      });
      await context.close();
    }
  } finally {
    await api(
      request,
      "admin/venues/controls/set",
      { data: { venue_slug: "shoreditch", paused_until: null } },
      manager,
    );
  }
});
