import { vi } from "vitest";

/** A fake Stripe at the loadStripe seam: js.stripe.com is never reached in tests. */
export const stripeFake = (() => {
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
})();
