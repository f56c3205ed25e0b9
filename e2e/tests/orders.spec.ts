import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import {
  SCHEME,
  VENUE,
  api,
  staff,
  guest,
  someLines,
  paidOrder,
  seedSession,
  transition,
} from "./orders-helpers";
import { expectNoSeriousA11yViolations, useLanguage } from "./storefront-helpers";

/**
 * After checkout (issue 11): the order-details page follows what staff and the
 * driver do through the API, live, without a reload. Orders are made through
 * the real API (orders-helpers.ts), not through the checkout page.
 */
// The demo venues are open at noon (ASAP orders); at 04:00 they take slots only.
test.use({ now: MONDAY_NOON });

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
      "10 Gower Street, London WC1E 6HA",
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
