/**
 * The seam between the checkout and a payment provider. The sandbox card form
 * implements it, and so does Stripe's Payment Element (loaded only inside this
 * chunk), which confirms with the client_secret orders/prepare gives.
 */
import type { Order, Prepared } from "../api/types";

export interface PaymentMethodHandle {
  /** Checks what was entered; the ids of the fields to fix, in page order (none: ready). */
  validate(): string[];
  /**
   * Checks what was entered with the provider before any order is made (Stripe's
   * elements.submit); throws PaymentCancelled with what to fix. Optional.
   */
  submit?(): Promise<void>;
  /**
   * Charges the prepared order: resolves once paid, throws the reason it was
   * not. `signal` is aborted when the checkout unmounts: stop waiting (polling).
   */
  pay(prepared: Prepared, signal: AbortSignal): Promise<void>;
}

/** A payment outcome the customer chose to stop (the sandbox challenge's Fail, a closed dialog). */
export class PaymentCancelled extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentCancelled";
  }
}

/** Whether a payments/confirm answer asks the customer to authenticate first (3-D Secure). */
export function requiresAction(order: Pick<Order, "payment_status">): boolean {
  return order.payment_status === "requires_action";
}
