import type { RefObject } from "react";
import type { OrderRequest, Quote } from "../api/types";
import { TARGET_FOCUS, type ErrorTarget } from "../lib/errors";
import type { PaymentMethodHandle } from "../lib/payment";
import { FIELD_ORDER, validateCheckout, type CheckoutState } from "../lib/validation";
import type { useCheckoutErrors } from "./use-checkout-errors";
import type { usePay } from "./use-pay";

/** Moves focus to the first of these ids that is on the page (page order for fields). */
export function focusFirst(ids: readonly string[]) {
  const ordered = [...FIELD_ORDER.filter((id) => ids.includes(id)), ...ids];
  requestAnimationFrame(() => {
    for (const id of ordered) {
      const element = document.getElementById(id);
      if (element) return element.focus();
    }
    document.getElementById("co-pay-error")?.focus();
  });
}

interface SubmitInput {
  pay: ReturnType<typeof usePay>;
  errors: ReturnType<typeof useCheckoutErrors>;
  payment: RefObject<PaymentMethodHandle | null>;
  state: CheckoutState & { slotFull: boolean };
  quote: { data: Quote | undefined; settled: boolean };
  problems: Partial<Record<ErrorTarget, string>>;
  request: () => OrderRequest;
  /** Before anything: a message from an earlier attempt (a failed redirect) goes. */
  onStart: () => void;
}

/**
 * Pay's tap: the page's own checks first (each error at its field, focus on
 * the first), then the server's refusals the quote already gave (focus where
 * to act: the promo code, the offer, the time…), and only then an order and
 * its payment. Never silent: each way out shows a reason and moves focus to it.
 */
export function useCheckoutSubmit({
  pay,
  errors,
  payment,
  state,
  quote,
  problems,
  request,
  onStart,
}: SubmitInput) {
  return async function onPay() {
    if (pay.paying) return;
    onStart();
    const found = validateCheckout(state);
    if (state.slotFull) found.time = "checkout.time.full";
    errors.setFields(found);
    const cardErrors = payment.current?.validate() ?? [];
    const ids = [
      ...Object.keys(found).map((f) => (f === "time" && !state.isAsap ? "time-slot" : f)),
      ...cardErrors,
    ];
    if (ids.length > 0) return focusFirst(ids);
    if (!payment.current) return;
    // The server already said no (closed, outside the area, below the minimum, an offer…): show
    // where. Refused lines alone do not stop it: they are left out of the order.
    const first = (Object.keys(problems) as ErrorTarget[])[0];
    if (quote.data && !quote.data.can_order && quote.settled && first) {
      return focusFirst([TARGET_FOCUS[first]]);
    }
    const failure = await pay.pay(request(), payment.current);
    if (failure?.target === "promo") errors.setPromoError(failure.message);
    if (failure) focusFirst([TARGET_FOCUS[failure.target]]);
  };
}
