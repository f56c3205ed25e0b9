import { useEffect, useRef, useState } from "react";
import { useErrorMessage } from "@/hooks/use-error-message";
import { prepareOrder } from "../api/prepare";
import { ensureSession } from "../api/session";
import type { OrderRequest, Prepared } from "../api/types";
import { errorTarget, type ErrorTarget } from "../lib/errors";
import { AttemptKeys } from "../lib/order-request";
import { PaymentCancelled, type PaymentMethodHandle } from "../lib/payment";

export interface PayError {
  target: ErrorTarget;
  message: string;
}

/**
 * Pay: a session (a guest one when needed), orders/prepare with the attempt's
 * idempotency key, then the payment method. One tap, one attempt: a second tap
 * while it runs does nothing, and a retry of the same order reuses its key.
 * Leaving the checkout aborts the attempt (its waiting for the payment, its
 * calls still out): nothing then empties the basket or navigates away from
 * wherever the customer went.
 */
export function usePay(businessSlug: string, onPaid: (prepared: Prepared) => void) {
  const errorMessage = useErrorMessage();
  const keys = useRef(new AttemptKeys());
  const running = useRef(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<PayError | null>(null);
  const attempt = useRef<AbortController | null>(null);
  useEffect(() => () => attempt.current?.abort(), []);

  async function pay(request: OrderRequest, method: PaymentMethodHandle): Promise<PayError | null> {
    if (running.current) return null;
    running.current = true;
    setPaying(true);
    setError(null);
    const abort = new AbortController();
    attempt.current = abort;
    const { signal } = abort;
    try {
      await method.submit?.();
      await ensureSession(businessSlug);
      const key = keys.current.keyFor(request);
      const prepared = await prepareOrder({ ...request, idempotency_key: key }, signal);
      await method.pay(prepared, signal);
      signal.throwIfAborted();
      keys.current.forget();
      onPaid(prepared);
      return null;
    } catch (cause) {
      if (signal.aborted) return null;
      const failure = {
        target: cause instanceof PaymentCancelled ? ("card" as const) : errorTarget(cause),
        message: cause instanceof PaymentCancelled ? cause.message : errorMessage(cause),
      };
      setError(failure);
      return failure;
    } finally {
      running.current = false;
      setPaying(false);
    }
  }

  return { pay, paying, error, clearError: () => setError(null) };
}
