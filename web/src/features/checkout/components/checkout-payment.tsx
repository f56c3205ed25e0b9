import type { Ref } from "react";
import { useTranslation } from "@/i18n";
import { useShakeHand } from "@/lib/api/get-shake-hand";
import type { PaymentMethodHandle } from "../lib/payment";
import { SandboxCardForm } from "./card-form";
import { Section } from "./field";
import { StripeSection } from "./stripe-section";

interface CheckoutPaymentProps {
  payment: Ref<PaymentMethodHandle>;
  businessSlug: string;
  amount: number;
  currency: string;
  returnUrl: (orderId: number) => string;
  disabled: boolean;
}

/** Card information: the server's provider decides the form; a failed shake-hand leaves the sandbox's. */
export function CheckoutPayment({
  payment,
  businessSlug,
  amount,
  currency,
  returnUrl,
  disabled,
}: CheckoutPaymentProps) {
  const { t } = useTranslation();
  const shakeHand = useShakeHand();
  const payments = shakeHand.data?.payload.payments;
  const stripeKey = payments?.provider === "stripe" ? payments.publishable_key : "";
  if (shakeHand.isPending) {
    return (
      <Section id="co-card" title={t("checkout.card.title")}>
        <p className="muted small">{t("checkout.stripe.loading")}</p>
      </Section>
    );
  }
  if (stripeKey) {
    return (
      <StripeSection
        ref={payment}
        publishableKey={stripeKey}
        amount={amount}
        currency={currency}
        returnUrl={returnUrl}
        disabled={disabled}
      />
    );
  }
  return <SandboxCardForm ref={payment} businessSlug={businessSlug} disabled={disabled} />;
}
