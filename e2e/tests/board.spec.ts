import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";
import { api } from "./api";

/**
 * The order board (issue 12), with several browser contexts: the venue's
 * board and the customer's order page, both on the fixed clock. Orders are
 * placed through the real API (orders/prepare + payments/confirm).
 * Shoreditch is the board's venue: no other spec orders there, so nothing
 * else rings; every assertion still names its own order.
 */
const SCHEME = "demo-burgers";
const VENUE = "shoreditch";
// The demo venues take ASAP orders at noon.
test.use({ now: MONDAY_NOON });

type Session = { token: string; user: Record<string, unknown> };

async function signIn(request: APIRequestContext, email: string): Promise<Session> {
  return api(request, "auth/signin", {
    data: { business_slug: SCHEME, email, password: "Platter-demo-1" },
  });
}

async function seedSession(page: Page, session: Session) {
  await page.addInitScript((auth) => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("auth", JSON.stringify({ state: auth, version: 1 }));
    }
  }, session);
}

/** A paid ASAP order at shoreditch: pickup, or delivery to a street nearby. */
async function paidOrder(
  request: APIRequestContext,
  token: string,
  {
    delivery = false,
    note = "",
    preorderFor,
  }: { delivery?: boolean; note?: string; preorderFor?: string } = {},
): Promise<{ id: number; number: number }> {
  const menu = await api(request, "menu/list", {
    filter: { business_slug: SCHEME, venue_slug: VENUE, order_type: delivery ? 0 : 1 },
  });
  const item = (
    menu.items as { id: number; is_available: boolean; select_min: number; modifier_category_ids: number[] }[]
  ).find((i) => i.is_available && i.modifier_category_ids.length === 0)!;
  const order = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: SCHEME,
        venue_slug: VENUE,
        idempotency_key: `board-e2e-${Date.now()}-${Math.random()}`,
        order_type: delivery ? 0 : 1,
        is_asap: !preorderFor,
        ...(preorderFor ? { preorder_for: preorderFor } : {}),
        items: [{ item_id: item.id, qty: 2 }],
        user_email: "eater@example.com",
        user_contact_number: "+447911123456",
        first_name: "Eve",
        last_name: "Eater",
        order_note: note,
        ...(delivery
          ? {
              delivery_address: {
                name: "Home",
                line1: "20 Rivington Street",
                city: "London",
                postcode: "EC2A 3DU",
                country: "GB",
                contact_number: "+447911123456",
                email: "eater@example.com",
                note: "Blue door, ring twice",
                latitude: 51.5262,
                longitude: -0.0801,
              },
            }
          : {}),
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
  return { id: order.order.id as number, number: order.order.order_number as number };
}

/** A second browser context (the customer's phone) on the same fixed clock. */
async function customerPage(browser: Browser, baseURL: string, now: string, session: Session) {
  const context: BrowserContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.clock.install({ time: new Date(now) });
  await seedSession(page, { token: session.token, user: { ...session.user, business_slug: SCHEME } });
  return { context, page };
}

async function openBoard(page: Page, request: APIRequestContext) {
  const manager = await signIn(request, "manager@demo.test");
  await seedSession(page, { token: manager.token, user: { ...manager.user, business_slug: SCHEME } });
  await page.addInitScript(() => {
    const w = window as unknown as { printed: string[] };
    w.printed = [];
    window.print = () => void w.printed.push(document.querySelector(".kitchen-ticket")?.textContent ?? "");
  });
  await page.goto(`/${SCHEME}/admin/board/${VENUE}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Orders at Ember & Bun Shoreditch" }),
  ).toBeVisible();
  await expect(page.getByTestId("board-connection")).toHaveText("Live");
}

const card = (page: Page, id: number) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);

test.describe("Order board", () => {
  test("a paid order appears within 2 s and rings; accepted, the customer sees it preparing with the time", async ({
    page,
    request,
    browser,
    baseURL,
    now,
  }) => {
    test.slow(); // two browser contexts and a whole order's life on a shared machine
    await openBoard(page, request);
    await page.getByRole("button", { name: "Enable sound" }).click();
    await expect(page.getByTestId("board-bell")).toHaveAttribute("data-enabled", "true");
    const rings = Number(await page.getByTestId("board-bell").getAttribute("data-rings-order"));

    const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    const order = await paidOrder(request, guest.token);
    const paidAt = Date.now();
    await expect(card(page, order.id)).toBeVisible({ timeout: 2000 });
    console.log(`payment → board: ${Date.now() - paidAt} ms`);
    await expect(page.getByTestId("column-new").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    await expect(page.getByTestId("board-bell")).not.toHaveAttribute("data-rings-order", String(rings));
    await expect(page).toHaveTitle(/^\(\d+\) Board — Ember & Bun Shoreditch$/);

    const customer = await customerPage(browser, baseURL!, now, guest);
    await customer.page.goto(`/${SCHEME}/${VENUE}/order-details/${order.id}`);
    await expect(customer.page.getByTestId("order-status")).toHaveText("Waiting to be accepted");

    await card(page, order.id).getByRole("button", { name: "Accept" }).click();
    const dialog = page.getByRole("dialog", { name: `Accept order #${order.number}` });
    await dialog.getByLabel("15 min").check();
    await expectNoSeriousA11yViolations(page, "board, accept dialog");
    await dialog.getByRole("button", { name: "Accept: ready in 15 minutes" }).click();
    await expect(page.getByTestId("column-preparing").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    // 15 minutes after the acceptance on the server's clock (which started at noon with the suite).
    const ready = card(page, order.id).getByText(/^Ready by \d\d:\d\d/);
    await expect(ready).toBeVisible();
    const time = (await ready.textContent())!.replace("Ready by ", "").replace(/ ?[AP]M$/, "");

    await expect(customer.page.getByTestId("order-status")).toHaveText("Preparing");
    await expect(customer.page.getByTestId("order-eta")).toContainText(time);

    // Pickup: the next step is "Ready for pickup", never "On the way".
    await expect(card(page, order.id).getByRole("button", { name: "On the way" })).toHaveCount(0);
    await card(page, order.id).getByRole("button", { name: "Ready for pickup" }).click();
    await expect(page.getByTestId("column-ready").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    await expect(customer.page.getByTestId("order-status")).toHaveText("Ready for pickup");
    await card(page, order.id).getByRole("button", { name: "Collected" }).click();
    await expect(page.getByTestId("column-done").locator(`[data-order-id="${order.id}"]`)).toContainText(
      "Collected",
    );
    await expectNoSeriousA11yViolations(page, "board");
    await customer.context.close();
  });

  test("rejected with a reason, the customer sees it cancelled and the payment is refunded", async ({
    page,
    request,
    browser,
    baseURL,
    now,
  }) => {
    await openBoard(page, request);
    const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    const order = await paidOrder(request, guest.token);
    const customer = await customerPage(browser, baseURL!, now, guest);
    await customer.page.goto(`/${SCHEME}/${VENUE}/order-details/${order.id}`);
    await expect(customer.page.getByTestId("order-status")).toHaveText("Waiting to be accepted");

    await card(page, order.id).getByRole("button", { name: "Reject" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Reject order #${order.number}` });
    await dialog.getByLabel("An item is unavailable").check();
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByTestId("column-done").locator(`[data-order-id="${order.id}"]`)).toContainText(
      "Rejected",
    );

    await expect(customer.page.getByTestId("order-status")).toHaveText("Cancelled");
    await expect
      .poll(
        async () =>
          (await api(request, "orders/get", { filter: { id: order.id } }, guest.token)).payment_status,
      )
      .toBe("refunded");
    await expect(card(page, order.id)).toContainText("refunded");
    await customer.context.close();
  });

  test("order detail: lines, allergy note, contact, address with a map link; the kitchen ticket prints", async ({
    page,
    request,
  }) => {
    await openBoard(page, request);
    const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    const order = await paidOrder(request, guest.token, {
      delivery: true,
      note: "Severe peanut allergy, please!",
    });
    await expect(card(page, order.id)).toContainText("Allergy note");
    // The order link is a touch target of at least 44 × 44 px.
    const link = card(page, order.id).getByRole("button", { name: `#${order.number}` });
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    await link.click();
    const detail = page.getByRole("dialog", { name: `Order #${order.number}` });
    await expect(detail).toContainText("Severe peanut allergy, please!");
    await expect(detail.getByRole("link", { name: "+447911123456" })).toHaveAttribute(
      "href",
      "tel:+447911123456",
    );
    await expect(detail.getByRole("link", { name: "Open in map" })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/\?mlat=51\.526200&mlon=-0\.080100/,
    );
    await expect(detail).toContainText("20 Rivington Street");
    // A UK address: the town, then the postcode.
    await expect(detail).toContainText("London EC2A 3DU");
    await expect(detail).toContainText("Blue door, ring twice");
    // Delivery: accepted, its next step is "On the way".
    await expect(detail.getByRole("button", { name: "Ready for pickup" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "order detail");

    await detail.getByRole("button", { name: "Print ticket" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.length))
      .toBe(1);
    const ticket = await page.evaluate(() => (window as unknown as { printed: string[] }).printed[0]);
    expect(ticket).toContain(`#${order.number}`);
    expect(ticket).toContain("Severe peanut allergy");
    expect(ticket).toContain("20 Rivington Street");
    await page.keyboard.press("Escape");

    // Accepted, "On the way" asks who takes it: nothing leaves before a driver is chosen.
    await card(page, order.id).getByRole("button", { name: "Accept" }).click();
    await page.getByTestId("accept-confirm").click();
    await card(page, order.id).getByRole("button", { name: "On the way" }).click();
    const dispatch = page.getByRole("dialog", { name: `Send order #${order.number} on its way` });
    await expect(dispatch.getByRole("button", { name: "Send on its way" })).toBeDisabled();
    await expect(page.getByTestId("column-preparing").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    await dispatch.getByRole("radio", { name: "Jamie Rider" }).check();
    await expectNoSeriousA11yViolations(page, "board, dispatch dialog");
    await dispatch.getByRole("button", { name: "Send on its way" }).click();
    await expect(page.getByTestId("column-ready").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    expect((await api(request, "orders/get", { filter: { id: order.id } }, guest.token)).driver.name).toBe(
      "Jamie",
    );
  });

  test("a pre-order for tomorrow says 'tomorrow' on its card, in its details and on the ticket", async ({
    page,
    request,
  }) => {
    await openBoard(page, request);
    const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    // The board is at Monday noon in London: Tuesday 12:00 is tomorrow, not "For 12:00 PM" today.
    const order = await paidOrder(request, guest.token, { preorderFor: "2026-11-17T12:00:00Z" });
    await expect(card(page, order.id)).toContainText("For tomorrow, 12:00 PM");
    await card(page, order.id)
      .getByRole("button", { name: `#${order.number}` })
      .click();
    const detail = page.getByRole("dialog", { name: `Order #${order.number}` });
    await expect(detail).toContainText("For tomorrow, 12:00 PM");
    await detail.getByRole("button", { name: "Print ticket" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.length))
      .toBe(1);
    const ticket = await page.evaluate(() => (window as unknown as { printed: string[] }).printed[0]);
    expect(ticket).toContain("For tomorrow, 12:00 PM");
  });

  test("with auto-print on, accepting prints the kitchen ticket", async ({ page, request }) => {
    const manager = await signIn(request, "manager@demo.test");
    const autoPrint = (on: boolean) =>
      api(
        request,
        "admin/venues/controls/set",
        { data: { business_slug: SCHEME, venue_slug: VENUE, auto_print: on } },
        manager.token,
      );
    await autoPrint(true);
    try {
      await openBoard(page, request);
      const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
      const order = await paidOrder(request, guest.token);
      await card(page, order.id).getByRole("button", { name: "Accept" }).click();
      await page.getByTestId("accept-confirm").click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.length))
        .toBe(1);
      expect(await page.evaluate(() => (window as unknown as { printed: string[] }).printed[0])).toContain(
        `#${order.number}`,
      );
    } finally {
      await autoPrint(false);
    }
  });

  test("a waiting order is flagged at half of PLATTER_AUTO_REJECT_MINUTES", async ({ page, request }) => {
    await openBoard(page, request);
    const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    const order = await paidOrder(request, guest.token);
    await expect(card(page, order.id)).toBeVisible();
    await expect(card(page, order.id).getByRole("status")).toHaveCount(0);
    // 13 minutes by default: the warning starts at 6.5.
    await page.clock.fastForward("07:00");
    await expect(card(page, order.id).getByRole("status")).toHaveText(
      /Accept now: rejected automatically in [5-7] minutes/,
    );
  });

  test("survives a cut stream: shows reconnecting, rings differently, and misses no order", async ({
    page,
    request,
    context,
  }) => {
    await openBoard(page, request);
    const bell = page.getByTestId("board-bell");
    const before = Number(await bell.getAttribute("data-rings-reconnecting"));
    await context.setOffline(true);
    await expect(page.getByTestId("board-connection")).toHaveText("Reconnecting…");
    await expect(bell).toHaveAttribute("data-rings-reconnecting", String(before + 1));

    // Ordered while the board is cut off (the API request is not the browser's).
    const guest: Session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    const order = await paidOrder(request, guest.token);
    await page.waitForTimeout(500);
    await expect(card(page, order.id)).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByTestId("board-connection")).toHaveText("Live");
    await expect(card(page, order.id)).toBeVisible();
  });
});
