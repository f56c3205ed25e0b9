import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { StripeElements } from "@stripe/stripe-js";
import { useTranslation } from "@/i18n";
import { waitUntilPaid } from "../api/prepare";
import { PaymentCancelled, type PaymentMethodHandle } from "../lib/payment";
import { loadStripeJs, stripeLocale, type Stripe } from "../lib/stripe-loader";
import { Section } from "./field";

interface StripeSectionProps {
  ref: Ref<PaymentMethodHandle>;
  publishableKey: string;
  /** The quote's total and the scheme's currency: the element shows the methods that fit them. */
  amount: number;
  currency: string;
  /** Where a method that redirects (a bank's page) comes back for an order: the checkout (redirect-return.ts). */
  returnUrl: (orderId: number) => string;
  disabled?: boolean;
}

type LoadState = "loading" | "ready" | "failed";

/**
 * Card information with Stripe's Payment Element (PLATTER_PAYMENTS=stripe). Stripe.js
 * loads when this section mounts, inside the checkout chunk only. The element is
 * mounted in deferred-intent mode (amount and currency of the quote) so Pay stays one
 * tap: Pay checks the element (elements.submit), orders/prepare makes the order and
 * its PaymentIntent, and stripe.confirmPayment confirms it with the client_secret it
 * returned (redirecting only for methods that must). The webhook then marks the
 * order paid; the page waits for that before it moves on. A decline throws Stripe's
 * own message (in the page's language), and the basket stays.
 */
export function StripeSection({
  ref,
  publishableKey,
  amount,
  currency,
  returnUrl,
  disabled,
}: StripeSectionProps) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<LoadState>("loading");
  const [confirming, setConfirming] = useState(false);
  const initial = useRef({ amount, currency, language: i18n.language });

  useEffect(() => {
    let live = true;
    const { amount: first, currency: cur, language } = initial.current;
    loadStripeJs(publishableKey, language).then(
      (s) => {
        if (!live || !host.current) return;
        if (!s) return setState("failed");
        const elements = s.elements({
          mode: "payment",
          amount: Math.max(first, 1),
          currency: cur.toLowerCase(),
          locale: stripeLocale(language),
        });
        const element = elements.create("payment", { layout: "tabs" });
        element.mount(host.current);
        stripe.current = { stripe: s, elements };
        setState("ready");
      },
      () => live && setState("failed"),
    );
    return () => {
      live = false;
      stripe.current?.elements.getElement("payment")?.destroy();
      stripe.current = null;
    };
  }, [publishableKey]);

  // The element follows the quote's total (a tip, a promo code).
  useEffect(() => {
    if (state === "ready" && amount > 0) stripe.current?.elements.update({ amount });
  }, [amount, state]);

  useImperativeHandle(
    ref,
    () => ({
      validate: () => (stripe.current ? [] : ["co-card"]),
      async submit() {
        const s = stripe.current;
        if (!s) throw new PaymentCancelled(t("checkout.stripe.loadFailed"));
        // Stripe shows what to fix inside the element; its message is the page's too.
        const { error } = await s.elements.submit();
        if (error) throw new PaymentCancelled(error.message ?? t("checkout.stripe.failed"));
      },
      async pay(prepared, signal) {
        const s = stripe.current;
        if (!s) throw new PaymentCancelled(t("checkout.stripe.loadFailed"));
        const { error } = await s.stripe.confirmPayment({
          elements: s.elements,
          clientSecret: prepared.payment.client_secret,
          confirmParams: { return_url: returnUrl(prepared.order.id) },
          redirect: "if_required",
        });
        if (error) throw new PaymentCancelled(error.message ?? t("checkout.stripe.failed"));
        setConfirming(true);
        try {
          if ((await waitUntilPaid(prepared.order.id, { signal })) === "refused") {
            throw new PaymentCancelled(t("checkout.stripe.refused"));
          }
        } finally {
          setConfirming(false);
        }
      },
    }),
    [t, returnUrl],
  );

  return (
    <Section id="co-card" title={t("checkout.card.title")}>
      {state === "loading" && <p className="muted small">{t("checkout.stripe.loading")}</p>}
      {state === "failed" && (
        <p className="co-field__error" role="alert">
          {t("checkout.stripe.loadFailed")}
        </p>
      )}
      <fieldset className="co-stripe" disabled={disabled} aria-busy={state === "loading"}>
        <legend className="visually-hidden">{t("checkout.card.title")}</legend>
        <div ref={host} data-testid="stripe-payment-element" tabIndex={-1} />
      </fieldset>
      {confirming && (
        <p className="muted small" role="status">
          {t("checkout.stripe.confirming")}
        </p>
      )}
    </Section>
  );
}
