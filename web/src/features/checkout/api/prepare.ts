import { call } from "@/lib/api/client";
import type { CardDetails } from "../lib/card";
import type { Order, PrepareRequest, Prepared } from "./types";

/** orders/prepare: the order, priced and stored, waiting for its payment. */
export async function prepareOrder(request: PrepareRequest, signal?: AbortSignal): Promise<Prepared> {
  return (await call("orders/prepare", { data: request }, { signal })).payload;
}

/**
 * payments/confirm (sandbox provider): charges the card for the order, or
 * answers the authentication challenge the card asked for (4000 0025 0000 3155).
 */
export async function confirmSandboxPayment(
  data: { business_slug: string; order_id: number } & (
    { card: CardDetails } | { challenge_result: "completed" | "failed" }
  ),
): Promise<Order> {
  return (await call("payments/confirm", { data })).payload;
}

/** orders/get, for the payment state only: the webhook is what makes a Stripe payment "paid". */
export async function getOrderPayment(
  id: number,
  signal?: AbortSignal,
): Promise<Pick<Order, "status" | "payment_status">> {
  return (await call("orders/get", { filter: { id } }, { signal })).payload;
}

/**
 * Waits until the order's payment is recorded (Stripe's webhook does it,
 * moments after the browser's confirmation), asking orders/get every
 * `interval` ms for at most `timeout` ms: "paid"; "refused" when the order
 * can no longer be paid and the money goes back (it expired first); or
 * "unknown" when no answer came in time: the money was taken, and the
 * order-details page follows the order from there. An aborted `signal`
 * (the checkout left) ends it at once with the signal's reason: no look
 * after that, and nothing to act on.
 */
export async function waitUntilPaid(
  id: number,
  {
    signal,
    interval = 1000,
    timeout = 30_000,
  }: { signal?: AbortSignal; interval?: number; timeout?: number } = {},
): Promise<"paid" | "refused" | "unknown"> {
  const until = Date.now() + timeout;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const o = await getOrderPayment(id, signal);
      if (o.payment_status === "paid") return "paid";
      if (o.payment_status === "refunded" || o.status === "cancelled") return "refused";
    } catch (error) {
      // A failed look is retried like a not-yet-paid one; an abort is not a failure.
      signal?.throwIfAborted();
      void error;
    }
    if (Date.now() + interval > until) return "unknown";
    await pause(interval, signal);
  }
}

/** setTimeout as a promise that an abort ends early (rejecting with the signal's reason). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", stop, { once: true });
  });
}
