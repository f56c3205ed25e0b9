import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { createDefaultBasket } from "@/stores/basket";
import { useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testMenu, testStore } from "@/test/menu-fixtures";
import { renderRoute } from "@/test/render-route";

/** A fake Stripe at the loadStripe seam: js.stripe.com is never reached in tests. */
const stripeFake = vi.hoisted(() => {
  const element = {
    mount: (host: HTMLElement) => {
      host.innerHTML = '<iframe title="Secure payment input frame"></iframe>';
    },
    destroy: () => undefined,
  };
  const elements = {
    create: vi.fn(() => element),
    update: vi.fn((_options: { amount: number }) => undefined),
    submit: vi.fn(async () => ({}) as { error?: { message: string } }),
    getElement: () => element,
  };
  const stripe = {
    elements: vi.fn((_options: Record<string, unknown>) => elements),
    confirmPayment: vi.fn(
      async (_options: Record<string, unknown>) =>
        ({ paymentIntent: { status: "succeeded" } }) as { error?: { type: string; message: string } },
    ),
  };
  return { stripe, elements, loadStripeJs: vi.fn(async (_key: string, _language: string) => stripe) };
});
vi.mock("../lib/stripe-loader", () => ({
  loadStripeJs: stripeFake.loadStripeJs,
  stripeLocale: (language: string) => (language.startsWith("pl") ? "pl" : "en"),
}));

const soho = testStore({
  tipping: { enabled: true, percents: [0, 10, 15], default_percent: 0, allow_custom: true },
});
const scheme = { ...burgersScheme, stores: [soho] };
const PATH = "/demo-burgers/soho/checkout";

const pricing = (over: Record<string, number> = {}) => ({
  currency: "GBP",
  subtotal: 1747,
  discount: 0,
  discount_source: "",
  service_charge: 0,
  delivery_fee: 0,
  tip: 0,
  total: 1747,
  tax: 291,
  vat_rate_bp: 2000,
  stamps_earned: 1,
  ...over,
});

interface QuoteLineIn {
  item_id: number;
  qty: number;
}

/** The quote the server would give: every line available, figures from `over`. */
function quoteOf(
  d: Record<string, unknown>,
  over: Record<string, number> = {},
  refuse?: (l: QuoteLineIn) => string | null,
) {
  const tip = d.tip_percent != null ? Math.round((1747 * Number(d.tip_percent)) / 100) : Number(d.tip ?? 0);
  const lines = (d.items as QuoteLineIn[]).map((l, index) => {
    const problem = refuse?.(l) ?? null;
    return {
      index,
      item_id: l.item_id,
      title: testMenu.items.find((i) => i.id === l.item_id)?.title ?? "?",
      qty: l.qty,
      unit_price: 100,
      total: 100 * l.qty,
      vat_rate_bp: 2000,
      modifiers: [],
      available: problem === null,
      problem: problem && { code: 3020, message: problem, field: `items[${index}]` },
    };
  });
  return {
    body: {
      success: true,
      data: {
        pricing: pricing({ tip, total: 1747 + tip, ...over }),
        lines,
        problems: [],
        can_order: true,
        promocode: "",
        reward_id: -1,
        max_tip: 873,
        minimum: 0,
      },
    },
  };
}

const order = (payment_status: string) => ({
  id: 42,
  order_number: 7,
  status: "pending",
  payment_status,
  pricing: pricing(),
});

const SLOTS = [
  { start: "2026-11-16T18:00:00+00:00", end: "2026-11-16T18:15:00+00:00", available: true },
  { start: "2026-11-16T18:15:00+00:00", end: "2026-11-16T18:30:00+00:00", available: false },
  { start: "2026-11-16T18:30:00+00:00", end: "2026-11-16T18:45:00+00:00", available: true },
];

type Handler = (data: Record<string, unknown>) => { status?: number; body: unknown };
interface Call {
  path: string;
  body: { data?: Record<string, unknown>; filter?: Record<string, unknown> };
  signal?: AbortSignal | null;
}

/** A fetch stub answering each v3 path with a function of the request, recording every call. */
function serve(overrides: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const handlers: Record<string, Handler> = {
    "venue/info": () => ({ body: { success: true, data: scheme, lastUpdatedTime: "t" } }),
    "menu/list": () => ({ body: { success: true, data: testMenu, version: 1 } }),
    "tipping/get": () => ({ body: { success: true, data: soho.tipping } }),
    "venue/slots": () => ({
      body: { success: true, data: SLOTS, asap_available: true, first_asap_at: null },
    }),
    "orders/quote": (d) => quoteOf(d),
    "user/offers": () => ({ body: { success: true, data: [], total: 0 } }),
    "auth/guest": () => ({
      body: {
        success: true,
        data: { token: "guest-token", user: { is_guest: true, business_slug: "demo-burgers" } },
      },
    }),
    "orders/prepare": () => ({
      body: {
        success: true,
        data: {
          order: order("requires_payment"),
          payment: {
            provider: "sandbox",
            amount: 1747,
            currency: "GBP",
            client_secret: "",
            status: "requires_payment",
          },
        },
      },
    }),
    "payments/confirm": () => ({ body: { success: true, data: order("paid") } }),
    // The order-details page the payment leads to asks for the order itself.
    "orders/get": () => ({ body: { success: true, data: { ...order("paid"), history: [], items: [] } } }),
    ...overrides,
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = JSON.parse(String(init?.body ?? "{}")) as Call["body"];
    calls.push({ path, body, signal: init?.signal });
    const handler = handlers[path];
    if (!handler)
      return new Response(JSON.stringify({ success: false, code: 1404, message: "Not found" }), {
        status: 404,
      });
    const answer = handler(body.data ?? body.filter ?? {});
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return { calls, of: (path: string) => calls.filter((c) => c.path === path) };
}

function withBasket(items: { item_id: number; qty: number }[]) {
  useVenueStore.setState({
    ...initialVenueData,
    currentScheme: scheme,
    currentVenue: soho,
    basket: { "demo-burgers": { soho: { ...createDefaultBasket(1), items } } },
  });
}

const basketItems = () => useVenueStore.getState().basket["demo-burgers"]?.soho?.items ?? [];

/** Types a whole value at once (a paste): key by key re-renders the page per key, slow on a busy machine. */
async function fill(label: string, value: string) {
  await userEvent.click(await screen.findByLabelText(label, undefined, { timeout: FIRST_RENDER }));
  await userEvent.paste(value);
}

async function fillCard(number: string) {
  await fill("Card number", number);
  await fill("Expiry date", "1230");
  await fill("CVC", "123");
  await fill("Name on card", "Ann Lee");
}

async function fillDetails() {
  await fill("First name", "Ann");
  await fill("Email", "ann@example.com");
}

/** The first render loads the route's chunks and the catalogue: slow on a busy 2-core machine. */
const FIRST_RENDER = 15_000;
const payButton = () => screen.findByRole("button", { name: "Pay £17.47" }, { timeout: FIRST_RENDER });

// The storefront's layout and checkout are lazy routes, compiled on their first import: under load that took
// seconds inside the first test's waits (as in auth-screens.test.tsx). They are imported once, before the tests.
beforeAll(async () => {
  await Promise.all([import("@/app/routes/storefront"), import("@/app/routes/checkout")]);
}, 120_000);

beforeEach(() => {
  useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 1 });
  useAuthStore.setState({ token: null, user: null, sessions: {} });
  withBasket([
    { item_id: 1, qty: 1 },
    { item_id: 3, qty: 2 },
  ]);
});
afterEach(() => vi.unstubAllGlobals());

// Each test renders the whole page and waits for real debounces: give them room on a busy machine.
describe("checkout page", { timeout: 40_000 }, () => {
  it("shows the server's figures and stamps, and asks for the e-mail before paying", async () => {
    const api = serve();
    renderRoute(PATH);
    const totals = await screen.findByTestId("checkout-totals", undefined, { timeout: FIRST_RENDER });
    expect(within(totals).getByTestId("checkout-subtotal").textContent).toBe("£17.47");
    expect(within(totals).getByTestId("checkout-tax").textContent).toBe("£2.91");
    // A guest has no stamp card: no stamps are promised (issue 18); nor a zero service charge or tip.
    expect(screen.queryByTestId("checkout-stamps")).toBeNull();
    expect(within(totals).queryByTestId("checkout-service-charge")).toBeNull();
    expect(within(totals).queryByTestId("checkout-tip")).toBeNull();
    const quote = api.of("orders/quote")[0]?.body.data;
    expect(quote?.items).toEqual([
      { item_id: 1, qty: 1, modifiers: [] },
      { item_id: 3, qty: 2, modifiers: [] },
    ]);
    expect(quote).not.toHaveProperty("idempotency_key");

    await fill("First name", "Ann");
    await userEvent.click(await payButton());
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(
      document.getElementById(email.getAttribute("aria-describedby")!.split(" ").pop()!)?.textContent,
    ).toBe("Please enter your email address before proceeding with the purchase.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(api.of("orders/prepare")).toHaveLength(0);
  });

  it("asks for a new quote, debounced, when the tip changes, and pays it as a guest", async () => {
    const api = serve();
    const { router } = renderRoute(PATH);
    await payButton();
    const before = api.of("orders/quote").length;
    await userEvent.click(screen.getByRole("button", { name: "10%" }));
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.tip_percent).toBe(10));
    expect(api.of("orders/quote").length).toBe(before + 1);
    expect(await screen.findByRole("button", { name: "Pay £19.22" })).toBeTruthy();
    // Back to no tip: the first quote again (from the cache).
    await userEvent.click(screen.getByRole("button", { name: "No tip" }));

    await fillDetails();
    await fillCard("4242424242424242");
    await userEvent.click(await payButton());

    expect(await screen.findByTestId("order-status")).toHaveProperty("textContent", "Waiting to be accepted");
    expect(router.state.location.pathname).toBe("/demo-burgers/soho/order-details/42");
    expect(api.of("auth/guest")).toHaveLength(1);
    const prepare = api.of("orders/prepare")[0]?.body.data;
    expect(prepare?.user_email).toBe("ann@example.com");
    expect(prepare?.tip_percent).toBe(0);
    expect(typeof prepare?.idempotency_key).toBe("string");
    expect(api.of("payments/confirm")[0]?.body.data).toEqual({
      business_slug: "demo-burgers",
      order_id: 42,
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123", name: "Ann Lee" },
    });
    expect(basketItems()).toEqual([]);
    expect(useAuthStore.getState().token).toBe("guest-token");
  });

  it("keeps the basket and says why when the card is declined; the retry reuses the order's key", async () => {
    let declines = 1;
    const api = serve({
      "payments/confirm": () =>
        declines-- > 0
          ? { status: 402, body: { success: false, code: 3050, message: "Your card was declined." } }
          : { body: { success: true, data: order("paid") } },
    });
    renderRoute(PATH);
    await fillDetails();
    await fillCard("4000000000000002");
    await userEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect(basketItems()).toHaveLength(2);

    await userEvent.click(await payButton());
    await screen.findByTestId("order-status");
    const keys = api.of("orders/prepare").map((c) => c.body.data?.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("runs the sandbox challenge of 4000 0025 0000 3155: Fail keeps the basket, Complete pays", async () => {
    const api = serve({
      "payments/confirm": (d) =>
        d.card
          ? { body: { success: true, data: order("requires_action") } }
          : d.challenge_result === "failed"
            ? { status: 402, body: { success: false, code: 3052, message: "Authentication failed." } }
            : { body: { success: true, data: order("paid") } },
    });
    renderRoute(PATH);
    await fillDetails();
    await fillCard("4000002500003155");
    await userEvent.click(await payButton());
    let dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    expect(dialog.textContent).toContain("£17.47");
    await userEvent.click(within(dialog).getByRole("button", { name: "Fail" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Authentication failed.");
    expect(basketItems()).toHaveLength(2);

    await userEvent.click(await payButton());
    dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Complete" }));
    await screen.findByTestId("order-status");
    expect(api.of("payments/confirm").map((c) => c.body.data?.challenge_result ?? "card")).toEqual([
      "card",
      "failed",
      "card",
      "completed",
    ]);
  });

  it("shows a line the server refused, leaves it out of the order and lets it be removed", async () => {
    const api = serve({
      "orders/quote": (d) =>
        quoteOf(d, { subtotal: 899, total: 899 }, (l) => (l.item_id === 3 ? "Cola is sold out." : null)),
    });
    renderRoute(PATH);
    const line = (await screen.findAllByTestId("checkout-line"))[1]!;
    await within(line).findByText(/Cola is sold out\./);
    await userEvent.click(within(line).getByRole("button", { name: "Remove Cola" }));
    expect(basketItems()).toEqual([{ item_id: 1, qty: 1 }]);
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.items).toHaveLength(1));
  });

  it("offers only slots with room when the venue takes no ASAP orders", async () => {
    const api = serve({
      "venue/slots": () => ({
        body: { success: true, data: SLOTS, asap_available: false, first_asap_at: null },
      }),
    });
    renderRoute(PATH);
    const asap = (await screen.findByRole("radio", { name: /As soon as possible/ })) as HTMLInputElement;
    expect(asap.disabled).toBe(true);
    const select = screen.getByLabelText("Time") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Choose a time",
      "Today, 6:00 PM–6:15 PM",
      "Today, 6:30 PM–6:45 PM",
    ]);
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.preorder_for).toBe(SLOTS[0]!.start));
    await userEvent.selectOptions(select, SLOTS[2]!.start);
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.preorder_for).toBe(SLOTS[2]!.start));
    expect(api.of("orders/quote").at(-1)?.body.data?.is_asap).toBe(false);
  });
});

const stripeShakeHand = () => ({
  body: {
    success: true,
    data: { api_version: 3, payments: { provider: "stripe", publishable_key: "pk_test_123" } },
  },
});
const stripePrepared = () => ({
  body: {
    success: true,
    data: {
      order: order("requires_payment"),
      payment: {
        provider: "stripe",
        amount: 1747,
        currency: "GBP",
        client_secret: "pi_123_secret_abc",
        status: "requires_payment",
      },
    },
  },
});

describe("checkout page with Stripe", { timeout: 40_000 }, () => {
  beforeEach(() => {
    stripeFake.loadStripeJs.mockClear();
    stripeFake.stripe.elements.mockClear();
    stripeFake.stripe.confirmPayment.mockClear();
    stripeFake.elements.submit.mockClear();
  });

  it("pays through the Payment Element, waits for the webhook's paid, then shows the order", async () => {
    let looks = 0;
    const api = serve({
      "general/shake-hand": stripeShakeHand,
      "orders/prepare": stripePrepared,
      // The first look finds the webhook not there yet.
      "orders/get": () => ({
        body: {
          success: true,
          data: { ...order(looks++ === 0 ? "requires_payment" : "paid"), history: [], items: [] },
        },
      }),
    });
    const { router } = renderRoute(PATH);
    await fillDetails();
    await screen.findByTitle("Secure payment input frame");
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(stripeFake.loadStripeJs).toHaveBeenCalledWith("pk_test_123", "en-US");
    expect(stripeFake.stripe.elements.mock.calls[0]?.[0]).toMatchObject({
      mode: "payment",
      currency: "gbp",
      locale: "en",
    });
    // Mounted at once; the quote's total follows when it arrives.
    const amount = () =>
      stripeFake.elements.update.mock.calls.at(-1)?.[0]?.amount ??
      stripeFake.stripe.elements.mock.calls[0]?.[0]?.amount;
    await waitFor(() => expect(amount()).toBe(1747));

    // Two taps in a row: one order, one confirmation.
    const pay = await payButton();
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByTestId("order-status", undefined, { timeout: 10_000 })).toHaveProperty(
      "textContent",
      "Waiting to be accepted",
    );
    expect(router.state.location.pathname).toBe("/demo-burgers/soho/order-details/42");
    expect(stripeFake.elements.submit).toHaveBeenCalledTimes(1);
    expect(api.of("orders/prepare")).toHaveLength(1);
    expect(stripeFake.stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripeFake.stripe.confirmPayment.mock.calls[0]?.[0]).toMatchObject({
      clientSecret: "pi_123_secret_abc",
      redirect: "if_required",
      // A method that leaves the page comes back to the checkout, which reads how it went.
      confirmParams: { return_url: `${window.location.origin}/demo-burgers/soho/checkout?order=42` },
    });
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(api.of("payments/confirm")).toHaveLength(0);
    expect(basketItems()).toEqual([]);
  });

  it("shows Stripe's decline and keeps the basket; nothing is ordered while the element is incomplete", async () => {
    stripeFake.elements.submit.mockResolvedValueOnce({
      error: { message: "Your card number is incomplete." },
    });
    stripeFake.stripe.confirmPayment.mockResolvedValueOnce({
      error: { type: "card_error", message: "Your card was declined." },
    });
    const api = serve({ "general/shake-hand": stripeShakeHand, "orders/prepare": stripePrepared });
    renderRoute(PATH);
    await fillDetails();
    await screen.findByTitle("Secure payment input frame");
    await userEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card number is incomplete.");
    expect(api.of("orders/prepare")).toHaveLength(0);

    await userEvent.click(await payButton());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your card was declined."));
    expect(basketItems()).toHaveLength(2);
    expect(api.of("orders/get")).toHaveLength(0);
    expect(api.of("orders/prepare")).toHaveLength(1);
  });
});

describe(
  "checkout page after a payment method that redirects (Przelewy24, BLIK)",
  { timeout: 40_000 },
  () => {
    const back = (status: string) =>
      `${PATH}?order=42&payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=${status}`;

    it("succeeded: empties the basket and shows the order in place of the return URL", async () => {
      serve({ "general/shake-hand": stripeShakeHand });
      const { router } = renderRoute(back("succeeded"));
      expect(await screen.findByTestId("order-status", undefined, { timeout: FIRST_RENDER })).toHaveProperty(
        "textContent",
        "Waiting to be accepted",
      );
      expect(router.state.location.pathname).toBe("/demo-burgers/soho/order-details/42");
      expect(router.state.historyAction).toBe("REPLACE");
      expect(basketItems()).toEqual([]);
    });

    it.each<["en-US" | "pl-PL", string]>([
      [
        "en-US",
        "The payment was not completed and nothing was taken. Your basket is still here: try again or choose another way to pay.",
      ],
      [
        "pl-PL",
        "Płatność nie została dokończona i nic nie pobrano. Koszyk nadal tu jest: spróbuj ponownie lub wybierz inny sposób płatności.",
      ],
    ])("failed: stays on the checkout with the basket and says so (%s)", async (language, message) => {
      useGeneralStore.setState({ language, languages: { "demo-burgers": language } });
      await i18n.changeLanguage(language);
      try {
        const api = serve({ "general/shake-hand": stripeShakeHand });
        const { router } = renderRoute(back("failed"));
        const alert = await screen.findByRole("alert", undefined, { timeout: FIRST_RENDER });
        expect(alert.textContent).toBe(message);
        await waitFor(() => expect(document.activeElement).toBe(alert));
        // The return's parameters leave the URL: a reload does not say it again.
        await waitFor(() => expect(router.state.location.search).toBe(""));
        expect(router.state.location.pathname).toBe(PATH);
        expect(screen.getByRole("alert").textContent).toBe(message);
        expect(basketItems()).toHaveLength(2);
        expect(api.of("orders/prepare")).toHaveLength(0);
      } finally {
        useGeneralStore.setState({ language: "en-US" });
        await i18n.changeLanguage("en-US");
      }
    });
  },
);

describe("checkout page left while the payment is confirmed", { timeout: 40_000 }, () => {
  it("stops asking orders/get and does not navigate away from where the customer went", async () => {
    // The webhook never comes: checkout would ask for 30 s, then show the order.
    const api = serve({
      "general/shake-hand": stripeShakeHand,
      "orders/prepare": stripePrepared,
      "orders/get": () => ({
        body: { success: true, data: { ...order("requires_payment"), history: [], items: [] } },
      }),
    });
    const { router } = renderRoute(PATH);
    await fillDetails();
    await screen.findByTitle("Secure payment input frame");
    await userEvent.click(await payButton());
    await waitFor(() => expect(api.of("orders/get").length).toBeGreaterThan(0));
    await act(() => router.navigate("/demo-burgers/soho/menu"));
    // The look still out is aborted, and no other starts.
    await waitFor(() => expect(api.of("orders/get").at(-1)?.signal?.aborted).toBe(true));
    const looks = api.of("orders/get").length;
    expect(router.state.location.pathname).toBe("/demo-burgers/soho/menu");
    expect(basketItems()).toHaveLength(2);
    expect(api.of("orders/get")).toHaveLength(looks); // (no look after an abort: api/prepare.test.ts)
  });
});

describe(
  "checkout page: every refusal is said where to act, and goes with its cause",
  { timeout: 40_000 },
  () => {
    const fries = {
      id: 3,
      title: "Fries on us",
      color: "",
      image_url: "",
      button_text: "Claim",
      button_kind: 1,
      reward_id: 9,
      min_spend: 1200,
    };
    const small = { subtotal: 599, total: 599 };

    it("Pay with an offer the basket does not reach says why there, focuses it, and lets it go", async () => {
      const api = serve({
        "user/offers": () => ({ body: { success: true, data: [fries], total: 1 } }),
        "orders/quote": (d) => {
          const quote = quoteOf(d, small);
          if (d.reward_id !== 9) return quote;
          const data = {
            ...quote.body.data,
            can_order: false,
            problems: [{ code: 3045, message: "This reward is not available.", field: "reward_id" }],
          };
          return { body: { ...quote.body, data } };
        },
      });
      renderRoute(PATH);
      await fillDetails();
      await fillCard("4242424242424242");
      await userEvent.click(await screen.findByRole("button", { name: "Claim" }, { timeout: FIRST_RENDER }));
      await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.reward_id).toBe(9));
      await userEvent.click(await screen.findByRole("button", { name: "Pay £5.99" }));
      const reason = await screen.findByText(
        "Fries on us needs an order of at least £12.00. Add £6.01 more, or remove the offer to pay without it.",
      );
      await waitFor(() => expect(document.activeElement).toBe(reason.closest("#co-offer-error")));
      expect(api.of("orders/prepare")).toHaveLength(0);

      await userEvent.click(screen.getByRole("button", { name: "Remove offer" }));
      expect(screen.getByRole("button", { name: "Claim" }).getAttribute("aria-pressed")).toBe("false");
      // The quote without the offer is the first one again (from the cache): the reason goes.
      await waitFor(() => expect(screen.queryByText(/Fries on us needs/)).toBeNull());
      const pay = screen.getByRole("button", { name: "Pay £5.99" }) as HTMLButtonElement;
      await waitFor(() => expect(pay.disabled).toBe(false));
      await userEvent.click(pay);
      await screen.findByTestId("order-status");
      expect(api.of("orders/prepare")[0]?.body.data?.reward_id ?? -1).toBe(-1);
    });

    it("takes a field's error away once the field is filled, and a promo code's once the code is cleared", async () => {
      serve({
        "orders/quote": (d) => {
          const quote = quoteOf(d);
          if (d.promocode !== "USED10") return quote;
          const data = {
            ...quote.body.data,
            can_order: false,
            problems: [{ code: 3044, message: "You have already used this promo code.", field: "promocode" }],
          };
          return { body: { ...quote.body, data } };
        },
      });
      renderRoute(PATH);
      await userEvent.click(await payButton());
      const number = screen.getByLabelText("Card number");
      const email = screen.getByLabelText("Email");
      expect(number.getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByText("Card number is required")).toBeTruthy();
      await fill("Card number", "4242424242424242");
      expect(screen.queryByText("Card number is required")).toBeNull();
      expect(number.getAttribute("aria-invalid")).toBeNull();
      expect(email.getAttribute("aria-invalid")).toBe("true");
      await fill("Email", "ann@example.com");
      expect(email.getAttribute("aria-invalid")).toBeNull();
      // Still shown: what was not changed.
      expect(screen.getByText("Expiry date is required")).toBeTruthy();

      await userEvent.click(screen.getByRole("textbox", { name: "Promo code" }));
      await userEvent.paste("used10");
      await userEvent.click(screen.getByRole("button", { name: "Apply" }));
      expect(await screen.findByText("You have already used this promo code.")).toBeTruthy();
      await userEvent.clear(screen.getByRole("textbox", { name: "Promo code" }));
      expect(screen.queryByText("You have already used this promo code.")).toBeNull();
    });

    it("marks the required fields as required (first name, e-mail, card), not the optional ones", async () => {
      serve();
      renderRoute(PATH);
      await payButton();
      for (const label of ["First name", "Email", "Card number", "Expiry date", "CVC", "Name on card"]) {
        const input = screen.getByLabelText(label) as HTMLInputElement;
        expect(input.required, label).toBe(true);
        expect(input.getAttribute("aria-required"), label).toBe("true");
      }
      for (const label of [/^Last name/, /^Contact number/]) {
        expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(false);
      }
    });
  },
);

describe("checkout page with a loyalty reward", { timeout: 40_000 }, () => {
  it("lets a signed-in customer use an unlocked reward instead of an offer, and pays with it", async () => {
    useAuthStore.setState({
      token: "ann-token",
      user: { email: "ann@example.com", is_guest: false, business_slug: "demo-burgers", first_name: "Ann" },
    });
    const api = serve({
      "user/info": () => ({
        body: {
          success: true,
          data: {
            email: "ann@example.com",
            first_name: "Ann",
            is_guest: false,
            stamps: { balance: 3, per_reward: 8 },
            rewards: [{ id: 5, title: "Free burger", kind: "loyalty", unlocked_at: "2026-11-01T12:00:00Z" }],
          },
        },
      }),
      "orders/quote": (d) =>
        d.loyalty_reward_id === 5
          ? {
              body: {
                ...(quoteOf(d, { discount: 100, total: 1647 }).body as { data: object }),
                data: { ...quoteOf(d, { discount: 100, total: 1647 }).body.data, loyalty_reward_id: 5 },
              },
            }
          : quoteOf(d),
    });
    renderRoute(PATH);
    const use = await screen.findByRole("button", { name: "Use reward" }, { timeout: FIRST_RENDER });
    expect(screen.getByText("Free burger")).toBeTruthy();
    // A signed-in customer collects stamps: they are promised.
    expect((await screen.findByTestId("checkout-stamps")).textContent).toBe(
      "You'll earn 1 stamp with this order.",
    );
    await userEvent.click(use);
    expect(screen.getByRole("button", { name: "Using this reward" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.loyalty_reward_id).toBe(5));
    expect(api.of("orders/quote").at(-1)?.body.data).not.toHaveProperty("reward_id");
    expect((await screen.findByTestId("checkout-reward-saving")).textContent).toBe("Free burger: £1.00 off");

    await fillCard("4242424242424242");
    await userEvent.click(await screen.findByRole("button", { name: "Pay £16.47" }));
    await screen.findByTestId("order-status");
    expect(api.of("orders/prepare")[0]?.body.data?.loyalty_reward_id).toBe(5);
    expect(api.of("auth/guest")).toHaveLength(0);
  });
});
