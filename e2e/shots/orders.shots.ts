import type { APIRequestContext } from "@playwright/test";
import { codeOf, uniqueEmail, waitForMail } from "../tests/mailbox";
import { expect, language, settle, test } from "./shot";
import { api as shared } from "../tests/api";

/**
 * After checkout in Polish (e2e/screenshots/orders-*.png): the order-details
 * page on the way (map, driver) and delivered (savings, stamps), the
 * reconnecting and stopped notices, and the order history; phone and desktop. Orders are
 * made and moved through the API as in tests/orders.spec.ts, which asserts
 * the behaviour.
 */
const SCHEME = "demo-pierogi";
const VENUE = "rynek";
const viewports = [
  { name: "390", width: 390, height: 844 },
  { name: "1440", width: 1440, height: 900 },
];

const api = (request: APIRequestContext, path: string, body: unknown, token?: string) =>
  shared(request, path, body, token, "pl-PL");

async function customer(request: APIRequestContext) {
  const email = uniqueEmail("shots-orders");
  const since = Date.now();
  await api(request, "auth/signup", {
    data: {
      business_slug: SCHEME,
      email,
      password: "Platter-e2e-1",
      first_name: "Ola",
      last_name: "Nowak",
      contact_number: "+48512345678",
    },
  });
  const code = codeOf(await waitForMail(email, { since }));
  return (await api(request, "auth/verify", { data: { business_slug: SCHEME, email, code } })) as {
    token: string;
    user: Record<string, unknown>;
  };
}

/** A paid delivery order of about 75 zł (WELCOME10 when asked) to Floriańska, 300 m from the Rynek. */
async function paidOrder(request: APIRequestContext, token: string, promocode = "") {
  const menu = await api(request, "menu/list", {
    filter: { business_slug: SCHEME, venue_slug: VENUE, order_type: 0 },
  });
  type Item = { id: number; price: number; is_available: boolean; modifier_category_ids: number[] };
  const plain = (menu.items as Item[]).filter((i) => i.is_available && i.modifier_category_ids.length === 0);
  const [a, b] = [plain[0]!, plain[1]!];
  const order = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: SCHEME,
        venue_slug: VENUE,
        idempotency_key: `shots-${Date.now()}-${Math.random()}`,
        order_type: 0,
        is_asap: true,
        promocode,
        items: [
          { item_id: a.id, qty: Math.ceil(5000 / a.price) },
          { item_id: b.id, qty: 1 },
        ],
        user_email: "ola@example.com",
        user_contact_number: "+48512345678",
        first_name: "Ola",
        delivery_address: {
          name: "Dom",
          line1: "Floriańska 10",
          city: "Kraków",
          postcode: "31-019",
          country: "PL",
          contact_number: "+48512345678",
          email: "ola@example.com",
          latitude: 50.0636,
          longitude: 19.9398,
        },
      },
    },
    token,
  );
  const card = {
    number: "4242 4242 4242 4242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "123",
    name: "Ola Nowak",
  };
  await api(request, "payments/confirm", { data: { order_id: order.order.id, card } }, token);
  return order.order.id as number;
}

test("order details and history in Polish", async ({ page, context, request, shot }) => {
  test.setTimeout(120_000);
  const session = await customer(request);
  const signIn = async (email: string) =>
    (
      await api(request, "auth/signin", {
        data: { business_slug: SCHEME, email, password: "Platter-demo-1" },
      })
    ).token as string;
  const manager = await signIn("manager@demo.test");
  const driver = await signIn("driver@demo.test");
  const move = (orderId: number, status: string, extra = {}) =>
    api(
      request,
      "admin/orders/transition",
      { data: { business_slug: SCHEME, order_id: orderId, status, ...extra } },
      manager,
    );

  const delivered = await paidOrder(request, session.token, "WELCOME10");
  await move(delivered, "accepted", { eta_minutes: 30 });
  await move(delivered, "on_the_way");
  await move(delivered, "delivered");
  const onTheWay = await paidOrder(request, session.token);
  await move(onTheWay, "accepted", { eta_minutes: 25 });
  await move(onTheWay, "on_the_way");
  await api(
    request,
    "driver/location",
    { data: { business_slug: SCHEME, order_id: onTheWay, lat: 50.0625, lng: 19.9385 } },
    driver,
  );

  await language(page, "pl-PL");
  await page.addInitScript(
    (auth) => {
      localStorage.setItem("auth", JSON.stringify({ state: auth, version: 0 }));
    },
    { token: session.token, user: { ...session.user, business_slug: SCHEME } },
  );

  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const prefix = `orders-pl-PL-${viewport.name}`;

    await page.goto(`/${SCHEME}/${VENUE}/order-details/${onTheWay}`);
    await expect(page.getByTestId("order-status")).toHaveText("W drodze");
    await expect(page.getByTestId("driver-distance")).toBeVisible();
    await shot(`${prefix}-1-details-on-the-way`);

    await context.setOffline(true);
    await expect(page.getByTestId("stream-status")).not.toBeEmpty();
    await shot(`${prefix}-2-details-reconnecting`, { fullPage: false });
    await context.setOffline(false);
    await expect(page.getByTestId("stream-status")).toBeEmpty();

    // The stream refused for good (a ticket answered 1403): the page says it no longer updates.
    const ticket = "**/api/v3/orders/stream-ticket";
    await page.route(ticket, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ success: false, code: 1403, message: "Brak dostępu." }),
      }),
    );
    await page.reload();
    await expect(page.getByTestId("stream-status")).toContainText("zatrzymane");
    await shot(`${prefix}-2b-details-stream-stopped`, { fullPage: false });
    await page.unroute(ticket);

    await page.goto(`/${SCHEME}/${VENUE}/order-details/${delivered}`);
    await expect(page.getByTestId("order-stamps")).toBeVisible();
    await shot(`${prefix}-3-details-delivered`);

    await page.goto(`/${SCHEME}/orders`);
    await expect(page.getByTestId("order-history-item")).toHaveCount(2);
    await shot(`${prefix}-4-history`);
    await page.getByTestId("order-history-item").first().getByRole("button").first().click();
    await expect(page.getByTestId("reorder-result")).toBeVisible();
    await shot(`${prefix}-5-history-order-again`);
    // The basket now filled as if for pickup: ordering the delivery order again asks first (docs/product.md §4).
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem("venue") ?? "{}");
      for (const baskets of Object.values(stored.state?.basket ?? {}) as Record<
        string,
        { orderDetail: { order_type: number } }
      >[])
        for (const basket of Object.values(baskets)) basket.orderDetail.order_type = 1;
      localStorage.setItem("venue", JSON.stringify(stored));
    });
    await page.reload();
    await page.getByTestId("order-history-item").first().getByRole("button").first().click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await settle(page);
    await shot(`${prefix}-6-history-order-again-confirm`, { fullPage: false });
    // Confirmed: the lines are back in a delivery basket, as before these steps.
    await page.getByRole("alertdialog").getByRole("button", { name: "Zmień i opróżnij koszyk" }).click();
    await expect(page.getByTestId("reorder-result")).not.toBeEmpty();
  }
});
