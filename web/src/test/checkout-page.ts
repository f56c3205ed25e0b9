/**
 * The checkout page's tests' world (checkout-page*.test.tsx): a scheme with
 * one venue, a fetch stub answering each v3 path, a basket, and the
 * customer's typing.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { createDefaultBasket } from "@/stores/basket";
import { useAuthStore } from "@/stores/auth";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testMenu, testStore } from "@/test/menu-fixtures";

export const soho = testStore({
  tipping: { enabled: true, percents: [0, 10, 15], default_percent: 0, allow_custom: true },
});
export const scheme = { ...burgersScheme, stores: [soho] };
export const PATH = "/demo-burgers/soho/checkout";

export const pricing = (over: Record<string, number> = {}) => ({
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

export interface QuoteLineIn {
  item_id: number;
  qty: number;
}

/** The quote the server would give: every line available, figures from `over`. */
export function quoteOf(
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

export const order = (payment_status: string) => ({
  id: 42,
  order_number: 7,
  status: "pending",
  payment_status,
  pricing: pricing(),
});

export const SLOTS = [
  { start: "2026-11-16T18:00:00+00:00", end: "2026-11-16T18:15:00+00:00", available: true },
  { start: "2026-11-16T18:15:00+00:00", end: "2026-11-16T18:30:00+00:00", available: false },
  { start: "2026-11-16T18:30:00+00:00", end: "2026-11-16T18:45:00+00:00", available: true },
];

export type Handler = (data: Record<string, unknown>) => { status?: number; body: unknown };
export interface Call {
  path: string;
  body: { data?: Record<string, unknown>; filter?: Record<string, unknown> };
  signal?: AbortSignal | null;
}

/** A fetch stub answering each v3 path with a function of the request, recording every call. */
export function serve(overrides: Record<string, Handler> = {}) {
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

export function withBasket(items: { item_id: number; qty: number }[]) {
  useVenueStore.setState({
    ...initialVenueData,
    currentScheme: scheme,
    currentVenue: soho,
    basket: { "demo-burgers": { soho: { ...createDefaultBasket(1), items } } },
  });
}

export const basketItems = () => useVenueStore.getState().basket["demo-burgers"]?.soho?.items ?? [];

/** Types a whole value at once (a paste): key by key re-renders the page per key, slow on a busy machine. */
export async function fill(label: string, value: string) {
  await userEvent.click(await screen.findByLabelText(label, undefined, { timeout: FIRST_RENDER }));
  await userEvent.paste(value);
}

export async function fillCard(number: string) {
  await fill("Card number", number);
  await fill("Expiry date", "1230");
  await fill("CVC", "123");
  await fill("Name on card", "Ann Lee");
}

export async function fillDetails() {
  await fill("First name", "Ann");
  await fill("Email", "ann@example.com");
}

/** The first render loads the route's chunks and the catalogue: slow on a busy 2-core machine. */
export const FIRST_RENDER = 15_000;
export const payButton = () => screen.findByRole("button", { name: "Pay £17.47" }, { timeout: FIRST_RENDER });

/** Each test starts as a guest at Soho with two lines in the basket. */
export function resetCheckout() {
  useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 1 });
  useAuthStore.setState({ token: null, user: null, sessions: {} });
  withBasket([
    { item_id: 1, qty: 1 },
    { item_id: 3, qty: 2 },
  ]);
}
