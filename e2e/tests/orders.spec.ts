import type { APIRequestContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { codeOf, MAILBOX, uniqueEmail, waitForMail } from "./mailbox";
import { basketItems, expectNoSeriousA11yViolations, useLanguage } from "./storefront-helpers";

/**
 * After checkout (issue 11): the order-details page follows what staff and the
 * driver do through the API, live, without a reload; the support flow; the
 * order history's "Order again". Orders are made through the real API
 * (orders/prepare + payments/confirm), not through the checkout page.
 */
const SCHEME = "demo-burgers";
const VENUE = "soho";
// The demo venues are open at noon (ASAP orders); at 04:00 they take slots only.
test.use({ now: MONDAY_NOON });

type Line = { item_id: number; qty: number; modifiers?: { modifier_item_id: number; qty: number }[] };
type Session = { token: string; user: Record<string, unknown> };

async function api(request: APIRequestContext, path: string, body: unknown, token?: string) {
  const response = await request.post(`/api/v3/${path}`, {
    data: body,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  expect(response.ok(), `${path}: ${text}`).toBe(true);
  return JSON.parse(text).data;
}

async function staff(request: APIRequestContext, email: string): Promise<string> {
  const data = await api(request, "auth/signin", {
    data: { business_slug: SCHEME, email, password: "Platter-demo-1" },
  });
  return data.token as string;
}

async function guest(request: APIRequestContext): Promise<Session> {
  return api(request, "auth/guest", { data: { business_slug: SCHEME } });
}

/** Two lines of the menu: an item without modifiers (×qty) and one with its first optional modifier. */
async function someLines(request: APIRequestContext): Promise<{ lines: Line[]; titles: string[] }> {
  const menu = await api(request, "menu/list", {
    filter: { business_slug: SCHEME, venue_slug: VENUE, order_type: 0 },
  });
  type Item = {
    id: number;
    title: string;
    is_available: boolean;
    select_min: number;
    modifier_category_ids: number[];
  };
  const items = menu.items as Item[];
  const plain = items.find((i) => i.is_available && i.modifier_category_ids.length === 0)!;
  const categories = menu.modifier_categories as { id: number; select_min: number }[];
  const optional = (id: number) => categories.find((c) => c.id === id)?.select_min === 0;
  const withModifier = items.find(
    (i) => i.is_available && i.modifier_category_ids.length > 0 && i.modifier_category_ids.every(optional),
  )!;
  const modifier = (
    menu.modifier_items as { id: number; modifier_category_id: number; is_available: boolean }[]
  ).find((m) => m.is_available && m.modifier_category_id === withModifier.modifier_category_ids[0])!;
  return {
    lines: [
      { item_id: plain.id, qty: 2 },
      { item_id: withModifier.id, qty: 1, modifiers: [{ modifier_item_id: modifier.id, qty: 1 }] },
    ],
    titles: [plain.title, withModifier.title],
  };
}

/** A paid ASAP delivery order to an address 1 km or so from Soho. */
async function paidOrder(
  request: APIRequestContext,
  token: string,
  lines: Line[],
  extra = {},
): Promise<number> {
  return (await paidOrderWithPricing(request, token, lines, extra)).id;
}

async function paidOrderWithPricing(
  request: APIRequestContext,
  token: string,
  lines: Line[],
  extra = {},
): Promise<{ id: number; pricing: { discount: number; stamps_earned: number } }> {
  const order = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: SCHEME,
        venue_slug: VENUE,
        idempotency_key: `orders-e2e-${Date.now()}-${Math.random()}`,
        order_type: 0,
        is_asap: true,
        items: lines,
        user_email: "eater@example.com",
        user_contact_number: "+447911123456",
        first_name: "Eve",
        delivery_address: {
          name: "Home",
          line1: "10 Gower Street",
          city: "London",
          postcode: "WC1E 6HA",
          country: "GB",
          contact_number: "+447911123456",
          email: "eater@example.com",
          latitude: 51.5215,
          longitude: -0.1318,
        },
        ...extra,
      },
    },
    token,
  );
  const card = {
    number: "4242 4242 4242 4242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "123",
    name: "Eve Eater",
  };
  await api(request, "payments/confirm", { data: { order_id: order.order.id, card } }, token);
  return { id: order.order.id as number, pricing: order.order.pricing };
}

/** A signed-up, verified customer (the code comes through the test SMTP server). */
async function member(request: APIRequestContext, tag: string): Promise<Session> {
  const email = uniqueEmail(tag);
  const since = Date.now();
  await api(request, "auth/signup", {
    data: {
      business_slug: SCHEME,
      email,
      password: "Platter-e2e-1",
      first_name: "Ola",
      last_name: "Nowak",
      contact_number: "+447911123456",
    },
  });
  const code = codeOf(await waitForMail(email, { since }));
  return (await api(request, "auth/verify", { data: { business_slug: SCHEME, email, code } })) as Session;
}

async function seedSession(page: Page, session: Session) {
  await page.addInitScript((auth) => {
    localStorage.setItem("auth", JSON.stringify({ state: auth, version: 0 }));
  }, session);
}

const transition = (request: APIRequestContext, token: string, orderId: number, status: string, extra = {}) =>
  api(
    request,
    "admin/orders/transition",
    { data: { business_slug: SCHEME, order_id: orderId, status, ...extra } },
    token,
  );

test.describe("Order details", () => {
  test("follow staff transitions and the driver's position without a reload", async ({ page, request }) => {
    const customer = await guest(request);
    const { lines, titles } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);

    const status = page.getByTestId("order-status");
    await expect(status).toHaveText("Waiting to be accepted");
    for (const title of titles)
      await expect(page.getByRole("region", { name: "Order summary" })).toContainText(title);
    // Staying on this document throughout proves nothing reloads.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const manager = await staff(request, "manager@demo.test");
    await transition(request, manager, orderId, "accepted", { eta_minutes: 25 });
    await expect(status).toHaveText("Preparing");
    await expect(page.getByTestId("order-eta")).toContainText("Expected delivery at");
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    // The scheme's only driver is assigned when nobody is named.
    await transition(request, manager, orderId, "on_the_way");
    await expect(status).toHaveText("On the way");
    await expect(page.getByText("Waiting for the driver's location…")).toBeVisible();

    const driver = await staff(request, "driver@demo.test");
    await api(
      request,
      "driver/location",
      { data: { business_slug: SCHEME, order_id: orderId, lat: 51.5136, lng: -0.1365 } },
      driver,
    );
    const map = page.getByTestId("tracking-map");
    await expect(map).toHaveAttribute("data-driver-lat", "51.513600");
    const distance = page.getByTestId("driver-distance");
    await expect(distance).toHaveText("0.94 KM away");
    const marker = page.locator(".tracking-map__driver");
    const before = await marker.boundingBox();

    await api(
      request,
      "driver/location",
      { data: { business_slug: SCHEME, order_id: orderId, lat: 51.519, lng: -0.133 } },
      driver,
    );
    await expect(map).toHaveAttribute("data-driver-lat", "51.519000");
    await expect(distance).toHaveText("0.29 KM away");
    const after = await marker.boundingBox();
    expect(after!.y).toBeLessThan(before!.y); // north is up: the marker moved up the map
    await expectNoSeriousA11yViolations(page, "order details, on the way");

    await transition(request, manager, orderId, "delivered");
    await expect(status).toHaveText("Delivered");
    await expect(map).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  test("a cut stream says so, reconnects and brings what it missed without a reload", async ({
    page,
    context,
    request,
  }) => {
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    const streams: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v3/orders/stream?")) streams.push(r.url());
    });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);
    const status = page.getByTestId("order-status");
    const notice = page.getByTestId("stream-status");
    await expect(status).toHaveText("Waiting to be accepted");
    await expect.poll(() => streams.length).toBe(1);
    await expect(notice).toBeEmpty();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

    const manager = await staff(request, "manager@demo.test");
    await transition(request, manager, orderId, "accepted", { eta_minutes: 25 });
    await expect(status).toHaveText("Preparing");

    // The phone loses its network: the open stream is cut and the page says so.
    await context.setOffline(true);
    await expect(notice).toHaveText("Live updates interrupted — reconnecting…");
    // Meanwhile the kitchen sends the order out (the test's own API client is not offline).
    await transition(request, manager, orderId, "on_the_way");
    await expect(status).toHaveText("Preparing");

    // Back online: the page reconnects at once, resuming after the last event it saw.
    await context.setOffline(false);
    await expect(status).toHaveText("On the way");
    await expect(notice).toBeEmpty();
    const resumed = new URL(streams[streams.length - 1]!);
    expect(streams.length).toBeGreaterThan(1);
    expect(Number(resumed.searchParams.get("last_event_id"))).toBeGreaterThan(0);
    await expect(page.locator(".order-progress__step--current")).toHaveAttribute("data-status", "on_the_way");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  });

  test("the customer cancels while the order waits to be accepted", async ({ page, request }) => {
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
    // Issue 18: it says so, and where the money is, instead of thanking for the order.
    const outcome = page.getByTestId("order-outcome");
    await expect(outcome.getByRole("heading")).toHaveText("You cancelled this order.");
    await expect(outcome.getByTestId("order-refund")).toHaveText(
      /^(Your refund of £\d+\.\d\d is on its way to your card\.|We refunded £\d+\.\d\d to your card\.)$/,
    );
    await expect(page.getByText("Thank you for your order!")).toHaveCount(0);
    await expect(page.getByTestId("order-savings")).toHaveCount(0);
  });

  test("a rejected order says why, in the customer's language, and is named by its number (pl-PL)", async ({
    page,
    request,
  }) => {
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    const { order_number: number } = await api(
      request,
      "orders/get",
      { filter: { id: orderId } },
      customer.token,
    );
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await useLanguage(page, "pl-PL");
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Zamówienie nr ${number}`);
    await expect(page).toHaveTitle(`Zamówienie nr ${number} — Ember & Bun — Soho`);

    const manager = await staff(request, "manager@demo.test");
    await transition(request, manager, orderId, "rejected", { reason: "Brak bułek" });
    const outcome = page.getByTestId("order-outcome");
    await expect(outcome.getByRole("heading")).toHaveText(
      "Przepraszamy, Ember & Bun Soho nie może przyjąć Twojego zamówienia.",
    );
    await expect(outcome).toContainText("Powód: Brak bułek");
    await expect(outcome.getByTestId("order-refund")).toHaveText(/zł|£/);
    // The delivery's address and fee are in the summary.
    const summary = page.getByRole("region", { name: "Podsumowanie zamówienia" });
    await expect(summary.getByTestId("order-delivery-address")).toContainText(
      "10 Gower Street, WC1E 6HA London",
    );
    await expect(summary).toContainText("Dostawa");
    await expectNoSeriousA11yViolations(page, "order details, rejected (pl-PL)");
  });

  test("a pickup says where to collect it; a revoked session is asked to sign in, not told 'Not found'", async ({
    page,
    request,
  }) => {
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines, {
      order_type: 1,
      delivery_address: null,
    });
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);
    const place = page.getByTestId("order-pickup-address");
    await expect(place).toContainText("Ember & Bun Soho");
    await expect(place).toContainText("Broadwick Street");
    await expectNoSeriousA11yViolations(page, "order details, pickup (phone)");

    // The session is revoked elsewhere (signed out on another device).
    await api(request, "auth/signout", {}, customer.token);
    await page.reload();
    const ask = page.getByTestId("order-sign-in");
    await expect(ask.getByRole("heading")).toHaveText("Sign in to see this order");
    await expect(page.getByText("Not found")).toHaveCount(0);
    await ask.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/${SCHEME}/auth/sign-in\\?redirect=${encodeURIComponent(`/${SCHEME}/${VENUE}/order-details/${orderId}`)}$`,
      ),
    );
  });
});

test.describe("Savings and stamps", () => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts (customer sign-up)");

  test("the order page says what was saved and, once delivered, the stamps earned and those to the reward", async ({
    page,
    request,
  }) => {
    const session = await member(request, "stamps");
    const { lines } = await someLines(request);
    // Enough for WELCOME10's £15 minimum and at least one stamp (1 per £10 after the discount).
    const bigger = lines.map((l) => ({ ...l, qty: 3 }));
    // The customer's own address: WELCOME10 is once per customer, and the helper's shared
    // eater@example.com has used it already when this test runs again at the other clock.
    const { id, pricing } = await paidOrderWithPricing(request, session.token, bigger, {
      promocode: "WELCOME10",
      user_email: session.user.email,
    });
    expect(pricing.discount).toBeGreaterThan(0);
    const n = pricing.stamps_earned;
    expect(n).toBeGreaterThan(0);
    await seedSession(page, { token: session.token, user: { ...session.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${id}`);

    const pounds = `£${(pricing.discount / 100).toFixed(2)}`;
    await expect(page.getByTestId("order-savings")).toHaveText(`You saved ${pounds}`);
    const stamps = page.getByTestId("order-stamps");
    const plural = (k: number) => (k === 1 ? "stamp" : "stamps");
    await expect(stamps).toHaveText(`You will earn ${n} ${plural(n)} when your order arrives`);

    const manager = await staff(request, "manager@demo.test");
    await transition(request, manager, id, "accepted", { eta_minutes: 20 });
    await transition(request, manager, id, "on_the_way");
    await transition(request, manager, id, "delivered");
    // Live: the stamps are credited on delivery, and the balance (a new customer's: n) is asked again.
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    await expect(stamps).toHaveText(`You earned ${n} ${plural(n)} — ${8 - (n % 8)} more for a Free burger`);
    await expect(page.getByTestId("order-savings")).toHaveText(`You saved ${pounds}`);
  });
});

/** An image drawn by the browser itself, as a file for an <input type=file>. */
async function drawnImage(page: Page, type: "image/jpeg" | "image/png", name: string) {
  const base64 = await page.evaluate(async (mime) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#c0392b";
    ctx.fillRect(0, 0, 64, 48);
    ctx.fillStyle = "#f1c40f";
    ctx.fillRect(16, 12, 32, 24);
    return canvas.toDataURL(mime).split(",")[1]!;
  }, type);
  return { name, mimeType: type, buffer: Buffer.from(base64, "base64") };
}

test.describe("Support", () => {
  test("a request with a photo goes through the three steps", async ({ page, request }) => {
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);

    await page.getByRole("button", { name: "Get help with this order" }).click();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose what went wrong.");
    await page.getByRole("radio", { name: "Quality concern" }).check();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByLabel("Describe the problem").fill("The fries were cold.");
    const photos = page.getByLabel("Photos (optional)");
    // A wrong file is refused at once, with the message of docs/product.md §5/§8.
    await photos.setInputFiles(await drawnImage(page, "image/png", "fries.png"));
    await expect(page.getByTestId("photo-error")).toHaveText(
      "Please upload a JPG image no larger than 800 KB.",
    );
    await photos.setInputFiles([
      await drawnImage(page, "image/jpeg", "fries.jpg"),
      await drawnImage(page, "image/jpeg", "bag.jpg"),
    ]);
    await expect(page.getByRole("img", { name: "Photo 2" })).toBeVisible();
    await page.getByRole("button", { name: "Remove photo 2" }).click();
    await expect(page.getByRole("img", { name: "Photo 2" })).toHaveCount(0);
    await expect(page.locator(".support-flow__photo[data-uploaded=true]")).toHaveCount(1);
    await page.getByRole("button", { name: "Send" }).click();

    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeFocused();
    await expect(page.getByText("We have your request and will get back to you by e-mail.")).toBeVisible();
  });
});

test.describe("Order history", () => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts (customer sign-up)");

  test("Order again puts the lines back in the basket", async ({ page, request }) => {
    const session = await member(request, "reorder");
    const { lines, titles } = await someLines(request);
    await paidOrder(request, session.token, lines);
    await seedSession(page, { token: session.token, user: { ...session.user, business_slug: SCHEME } });

    await page.goto(`/${SCHEME}/orders`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your orders");
    const item = page.getByTestId("order-history-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(titles[0]!);
    expect(await basketItems(page, SCHEME, VENUE)).toEqual([]);
    await item.getByRole("button", { name: /Order again/ }).click();
    await expect(page.getByTestId("reorder-result")).toContainText("3 items are back in your basket.");
    expect(await basketItems(page, SCHEME, VENUE)).toEqual(lines);
    await expectNoSeriousA11yViolations(page, "order history");
    await page.getByRole("link", { name: "Go to the menu and basket" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/${VENUE}/menu$`));
  });
});
