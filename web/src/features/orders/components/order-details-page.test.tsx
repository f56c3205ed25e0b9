import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { burgersScheme } from "@/test/fixtures";
import { testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const scheme = { ...burgersScheme, stores: [testStore()] };
const PATH = "/demo-burgers/soho/order-details/42";
const at = "2026-11-16T11:50:00Z";

const pricing = {
  currency: "GBP",
  subtotal: 1747,
  discount: 340,
  discount_source: "promo",
  service_charge: 0,
  delivery_fee: 0,
  tip: 0,
  total: 1407,
  tax: 234,
  vat_rate_bp: 2000,
  stamps_earned: 1,
};

/** Order 42 of the database, number 9 of the scheme: a paid pickup at soho. */
function order(over: Record<string, unknown> = {}) {
  return {
    id: 42,
    order_number: 9,
    status: "collected",
    payment_status: "paid",
    venue_id: 1,
    venue_slug: "soho",
    order_type: 1,
    is_asap: true,
    preorder_for: null,
    delivery_address: null,
    order_note: "",
    user_email: "ann@example.com",
    promocode: "WELCOME10",
    reward_id: -1,
    pricing,
    items: [],
    payment: { provider: "sandbox", status: "paid", brand: "visa", last4: "4242", challenge: null },
    created_at: at,
    expires_at: at,
    paid_at: at,
    label: "",
    history: [
      { status: "pending", payment_status: "requires_payment", reason: "created", by: "customer", at },
      { status: "pending", payment_status: "paid", reason: "paid", by: "customer", at },
    ],
    expected_at: null,
    venue: { id: 1, venue_slug: "soho", name: "Soho" },
    driver: null,
    stamps: { earned: 1 },
    savings: 340,
    support_requests: [],
    progress: [],
    ...over,
  };
}

function serve(answer: unknown) {
  vi.stubGlobal(
    "fetch",
    apiStub({ "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" }, "orders/get": answer }),
  );
}

const signIn = (user: Record<string, unknown>) =>
  useAuthStore.setState({ token: "tok-1", user: { business_slug: "demo-burgers", ...user } });

beforeEach(async () => {
  useGeneralStore.setState({ language: "en-US" });
  await i18n.changeLanguage("en-US");
  signIn({ email: "ann@example.com", is_guest: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

describe("order page: how the order ended (issue 18)", () => {
  it("a rejected order says so, with the venue's reason and the refund on its way; no thanks, no savings", async () => {
    const history = [
      ...order().history,
      { status: "rejected", payment_status: "paid", reason: "Out of buns", by: "venue", at },
    ];
    serve({ success: true, data: order({ status: "rejected", history }) });
    renderRoute(PATH);
    const outcome = await screen.findByTestId("order-outcome");
    expect(within(outcome).getByRole("heading").textContent).toBe("Sorry, Soho could not take your order.");
    expect(within(outcome).getByText("Reason: Out of buns")).toBeTruthy();
    expect(within(outcome).getByTestId("order-refund").textContent).toBe(
      "Your refund of £14.07 is on its way to your card.",
    );
    expect(screen.queryByText("Thank you for your order!")).toBeNull();
    expect(screen.queryByTestId("order-savings")).toBeNull();
    expect(screen.queryByTestId("order-stamps")).toBeNull();
  });

  it("a cancelled and refunded order says who cancelled it and that the money is back", async () => {
    const history = [
      ...order().history,
      { status: "cancelled", payment_status: "paid", reason: "", by: "customer", at },
      { status: "cancelled", payment_status: "refunded", reason: "refunded", by: "system", at },
    ];
    serve({ success: true, data: order({ status: "cancelled", payment_status: "refunded", history }) });
    renderRoute(PATH);
    const outcome = await screen.findByTestId("order-outcome");
    expect(within(outcome).getByRole("heading").textContent).toBe("You cancelled this order.");
    expect(within(outcome).getByTestId("order-refund").textContent).toBe("We refunded £14.07 to your card.");
    expect(within(outcome).queryByText(/Reason/)).toBeNull();
  });

  it("an order that goes on thanks the customer and says what they saved", async () => {
    serve({ success: true, data: order() });
    renderRoute(PATH);
    expect(await screen.findByText("Thank you for your order!")).toBeTruthy();
    expect(screen.getByTestId("order-savings").textContent).toBe("You saved £3.40");
    expect(screen.queryByTestId("order-outcome")).toBeNull();
  });
});

describe("order page: its name, where and what (issue 18)", () => {
  it("is titled by the order's number, never its id, in the heading and the document", async () => {
    serve({ success: true, data: order() });
    renderRoute(PATH);
    expect(await screen.findByRole("heading", { level: 1, name: "Order #9" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Order #9 — Demo Burgers — Soho"));
    expect(screen.queryByText(/#42/)).toBeNull();
  });

  it("tells a pickup where to collect it, and when on the venue's clock in 12-hour time", async () => {
    serve({
      success: true,
      data: order({ status: "ready_to_collect", expected_at: "2026-11-16T12:20:00Z" }),
    });
    renderRoute(PATH);
    const place = await screen.findByTestId("order-pickup-address");
    expect(place.textContent).toContain("Pick up at");
    expect(place.textContent).toContain("41 Broadwick Street, London W1F 9QL");
    expect(within(place).getByRole("link", { name: "Directions" })).toBeTruthy();
    expect(screen.getByTestId("order-eta").textContent).toBe("Ready for pickup at about 12:20 PM");
  });

  it("promises a pre-order for its slot, with its day, not 'about' a time (issue 19)", async () => {
    serve({
      success: true,
      data: order({
        status: "accepted",
        is_asap: false,
        preorder_for: "2026-11-17T12:00:00Z",
        expected_at: "2026-11-17T12:00:00Z",
      }),
    });
    renderRoute(PATH);
    expect((await screen.findByTestId("order-eta")).textContent).toBe(
      "Pickup at the time you chose: Tue, Nov 17, 12:00 PM",
    );
  });

  it("shows a delivery's address and its fee, Free included, in the summary", async () => {
    const delivery_address = {
      name: "Home",
      line1: "12 Greek Street",
      line2: "",
      city: "London",
      postcode: "W1D 4DH",
    };
    serve({ success: true, data: order({ order_type: 0, delivery_address }) });
    renderRoute(PATH);
    const summary = await screen.findByRole("region", { name: "Order summary" });
    const place = within(summary).getByTestId("order-delivery-address");
    expect(place.textContent).toBe("Delivery toHome12 Greek Street, London W1D 4DH");
    expect(within(summary).getByText("Delivery fee").nextElementSibling?.textContent).toBe("Free");
    expect(within(summary).queryByText("Service charge")).toBeNull();
    expect(screen.queryByTestId("order-pickup-address")).toBeNull();
  });
});

describe("order page: a session that ended (issue 18)", () => {
  const signInHref = `/demo-burgers/auth/sign-in?redirect=${encodeURIComponent(PATH)}`;

  it("asks to sign in, not 'Not found', when the session was revoked", async () => {
    serve({ success: false, code: 1401, message: "Please sign in." });
    renderRoute(PATH);
    const ask = await screen.findByTestId("order-sign-in");
    expect(within(ask).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(signInHref);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it("asks a guest session (one that took a revoked one's place) to sign in for an account's order", async () => {
    signIn({ is_guest: true });
    serve({ success: false, code: 1404, message: "Not found" });
    renderRoute(PATH);
    const ask = await screen.findByTestId("order-sign-in");
    expect(within(ask).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(signInHref);
    expect(screen.queryByText("Not found")).toBeNull();
  });

  it("tells a signed-in customer an order that is not theirs is not found", async () => {
    serve({ success: false, code: 1404, message: "Not found" });
    renderRoute(PATH);
    expect(await screen.findByText("Not found")).toBeTruthy();
    expect(screen.queryByTestId("order-sign-in")).toBeNull();
  });
});

describe("order page: stamps for a signed-in customer (issue 18: no '0 stamps')", () => {
  const card = (balance: number) => ({
    success: true,
    data: { email: "ann@example.com", is_guest: false, stamps: { balance, per_reward: 8 }, rewards: [] },
  });
  function serveWith(data: unknown, balance: number) {
    vi.stubGlobal(
      "fetch",
      apiStub({
        "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
        "orders/get": { success: true, data },
        "user/info": card(balance),
      }),
    );
  }

  it("names the stamps an arrived order earned, and how many more to the reward", async () => {
    serveWith(order(), 1);
    renderRoute(PATH);
    await waitFor(() =>
      expect(screen.getByTestId("order-stamps").textContent).toBe(
        "You earned 1 stamp — 7 more for a Free burger",
      ),
    );
  });

  it("says nothing of stamps when the order earned none and the card is empty", async () => {
    const none = { ...pricing, stamps_earned: 0 };
    serveWith(order({ pricing: none, stamps: { earned: 0 }, savings: 0 }), 0);
    renderRoute(PATH);
    expect(await screen.findByText("Thank you for your order!")).toBeTruthy();
    expect(screen.queryByTestId("order-stamps")).toBeNull();
    expect(screen.queryByText(/0 stamps/)).toBeNull();
    expect(screen.queryByRole("region", { name: "Savings and stamps" })).toBeNull();
  });

  it("promises no '0 stamps' on an order still on its way", async () => {
    const none = { ...pricing, stamps_earned: 0 };
    serveWith(order({ status: "accepted", pricing: none, stamps: { earned: 0 } }), 0);
    renderRoute(PATH);
    expect(await screen.findByTestId("order-savings")).toBeTruthy();
    expect(screen.queryByTestId("order-stamps")).toBeNull();
    expect(screen.queryByText(/0 stamps/)).toBeNull();
  });
});

describe("order page: a live stream that stopped for good (issue 18)", () => {
  function serveRefused(data: unknown) {
    vi.stubGlobal(
      "fetch",
      apiStub({
        "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
        "orders/get": { success: true, data },
        "orders/stream-ticket": { success: false, code: 1403, message: "Not allowed" },
      }),
    );
  }

  it("says the page no longer updates and offers a reload of this page", async () => {
    serveRefused(order({ status: "accepted" }));
    renderRoute(PATH);
    const status = await screen.findByTestId("stream-status");
    await waitFor(() =>
      expect(status.textContent).toContain("Live updates have stopped: this page will not change by itself."),
    );
    const reload = within(status).getByRole("link", { name: "Reload the page" });
    expect(reload.getAttribute("href")).toBe(PATH);
    expect(status.textContent).not.toContain("reconnecting");
  });

  it("says so in Polish", async () => {
    useGeneralStore.setState({ language: "pl-PL", languages: { "demo-burgers": "pl-PL" } });
    try {
      serveRefused(order({ status: "accepted" }));
      renderRoute(PATH);
      const status = await screen.findByTestId("stream-status");
      await waitFor(() =>
        expect(status.textContent).toContain(
          "Aktualizacje na żywo zostały zatrzymane: ta strona nie zmieni się sama.",
        ),
      );
      expect(within(status).getByRole("link", { name: "Odśwież stronę" }).getAttribute("href")).toBe(PATH);
    } finally {
      useGeneralStore.setState({ language: "en-US", languages: {} });
      await i18n.changeLanguage("en-US");
    }
  });

  it("says nothing of live updates once the order is over (it has no stream)", async () => {
    serveRefused(order({ status: "collected" }));
    renderRoute(PATH);
    expect(await screen.findByText("Thank you for your order!")).toBeTruthy();
    expect(screen.getByTestId("stream-status").textContent).toBe("");
  });
});

describe("order page: support requests and the venue's replies (issue 21)", () => {
  const request = {
    id: 7,
    kind: "quality_concern",
    description: "Cold fries",
    status: "in_progress",
    photo_urls: [],
    created_at: at,
    messages: [
      { id: 1, message: "So sorry!\nA refund is on its way.", status: "in_progress", created_at: at },
      { id: 2, message: "", status: "resolved", created_at: at },
    ],
  };

  it("shows each request's status and the replies, with a status change as a note", async () => {
    serve({ success: true, data: order({ support_requests: [{ ...request, status: "resolved" }] }) });
    renderRoute(PATH);
    const item = await screen.findByTestId("support-request");
    expect(within(item).getByText("Quality concern")).toBeTruthy();
    expect(within(item).getByText("Cold fries")).toBeTruthy();
    const replies = within(item).getByRole("list", { name: "Replies" });
    expect(within(replies).getByText(/A refund is on its way\./).textContent).toBe(
      "So sorry!\nA refund is on its way.",
    );
    expect(within(replies).getByText("Soho")).toBeTruthy();
    expect(within(replies).getByText("Status changed")).toBeTruthy();
    expect(within(item).getAllByText("Resolved")).toHaveLength(2); // the request's badge and the note's
    expect(within(item).queryByText(/No reply yet/)).toBeNull();
  });

  it("says so in Polish, and that no one has answered yet", async () => {
    useGeneralStore.setState({ language: "pl-PL", languages: { "demo-burgers": "pl-PL" } });
    try {
      serve({
        success: true,
        data: order({ support_requests: [{ ...request, status: "open", messages: [] }] }),
      });
      renderRoute(PATH);
      const item = await screen.findByTestId("support-request");
      expect(within(item).getByText("Otwarte")).toBeTruthy();
      expect(within(item).getByText("Brak odpowiedzi. Soho odpowie e-mailem i tutaj.")).toBeTruthy();
    } finally {
      useGeneralStore.setState({ language: "en-US", languages: {} });
      await i18n.changeLanguage("en-US");
    }
  });
});
