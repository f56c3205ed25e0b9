/**
 * The way back from a payment method that leaves the page (Przelewy24, BLIK,
 * a bank's 3-D Secure page): Stripe sends the customer to the return URL we
 * gave (the checkout, with `order`) and adds `redirect_status` — "succeeded",
 * "processing" (the bank still works on it) or "failed" — with
 * `payment_intent` and its client secret. Pure, and kept tiny: the checkout
 * route's loader (outside the lazy chunk) reads it.
 */
export const RETURN_ORDER_PARAM = "order";
const STRIPE_PARAMS = ["redirect_status", "payment_intent", "payment_intent_client_secret"];

export interface RedirectReturn {
  orderId: number;
  /** Succeeded or processing: the order is paid or will be, and its page follows it. */
  paid: boolean;
}

/** The return read from a URL's query; null when the URL is not a return from Stripe. */
export function readRedirectReturn(search: URLSearchParams): RedirectReturn | null {
  const status = search.get("redirect_status");
  const order = search.get(RETURN_ORDER_PARAM) ?? "";
  if (!status || !/^\d+$/.test(order)) return null;
  return { orderId: Number(order), paid: status === "succeeded" || status === "processing" };
}

/** The same query without the return's parameters (a reload must not read the return twice). */
export function withoutRedirectReturn(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const name of [RETURN_ORDER_PARAM, ...STRIPE_PARAMS]) rest.delete(name);
  return rest;
}

/** The URL Stripe sends the customer back to after a redirect: this checkout, naming the order. */
export function redirectReturnUrl(checkoutHref: string, orderId: number, origin: string): string {
  const url = new URL(checkoutHref, origin);
  url.searchParams.set(RETURN_ORDER_PARAM, String(orderId));
  return url.href;
}
