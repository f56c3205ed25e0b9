import { useImperativeHandle, useRef, useState, type Ref } from "react";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import { confirmSandboxPayment } from "../api/prepare";
import { checkCard, formatCardNumber, formatExpiry, type CardField, type CardInput } from "../lib/card";
import { PaymentCancelled, requiresAction, type PaymentMethodHandle } from "../lib/payment";
import { ChallengeDialog } from "./challenge-dialog";
import { InputField, Section } from "./field";

interface SandboxCardFormProps {
  ref: Ref<PaymentMethodHandle>;
  businessSlug: string;
  disabled?: boolean;
}

const EMPTY: CardInput = { number: "", expiry: "", cvc: "", name: "" };
const FIELD_ID: Record<CardField, string> = {
  number: "card-number",
  expiry: "card-expiry",
  cvc: "card-cvc",
  name: "card-name",
};

/**
 * Card information for the sandbox provider (docs/architecture.md §4b): number, expiry,
 * CVC and name, checked here and again by the server, which keeps only brand
 * and last4. 4000 0025 0000 3155 asks for authentication: a challenge dialog.
 */
export function SandboxCardForm({ ref, businessSlug, disabled }: SandboxCardFormProps) {
  const { t } = useTranslation();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [challenge, setChallenge] = useState<{ amount: string } | null>(null);
  const answer = useRef<((a: "completed" | "failed") => void) | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const result = checkCard(card, new Date());
        setErrors(result.ok ? {} : result.errors);
        return result.ok ? [] : (Object.keys(result.errors) as CardField[]).map((f) => FIELD_ID[f]);
      },
      async pay(prepared) {
        const result = checkCard(card, new Date());
        if (!result.ok) throw new Error("card not valid");
        const target = { business_slug: businessSlug, order_id: prepared.order.id };
        const first = await confirmSandboxPayment({ ...target, card: result.card });
        if (!requiresAction(first)) return;
        const choice = await new Promise<"completed" | "failed">((resolve) => {
          answer.current = resolve;
          setChallenge({ amount: formatCurrency(prepared.payment.amount, prepared.payment.currency) });
        });
        setChallenge(null);
        answer.current = null;
        // Failed, the server answers 3052 (authentication failed); the order can be paid again.
        const second = await confirmSandboxPayment({ ...target, challenge_result: choice });
        if (requiresAction(second)) throw new PaymentCancelled(t("checkout.challenge.failed"));
      },
    }),
    [card, t, businessSlug],
  );

  const set = (field: CardField, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    // Its error was about what the field held before (checked again at the next Pay).
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const error = (field: CardField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Section id="co-card" title={t("checkout.card.title")}>
      <p className="co-sandbox-note muted small">{t("checkout.card.sandboxNote")}</p>
      <fieldset className="co-card" disabled={disabled}>
        <legend className="visually-hidden">{t("checkout.card.title")}</legend>
        <InputField
          id="card-number"
          required
          className="co-card__number"
          label={t("checkout.card.number")}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          error={error("number")}
          onChange={(e) => set("number", formatCardNumber(e.target.value))}
        />
        <InputField
          id="card-expiry"
          required
          label={t("checkout.card.expiry")}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t("checkout.card.expiryPlaceholder")}
          value={card.expiry}
          error={error("expiry")}
          onChange={(e) => set("expiry", formatExpiry(e.target.value, card.expiry))}
        />
        <InputField
          id="card-cvc"
          required
          label={t("checkout.card.cvc")}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          error={error("cvc")}
          onChange={(e) => set("cvc", e.target.value.replace(/\D/g, ""))}
        />
        <InputField
          id="card-name"
          required
          className="co-card__name"
          label={t("checkout.card.name")}
          autoComplete="cc-name"
          value={card.name}
          maxLength={100}
          error={error("name")}
          onChange={(e) => set("name", e.target.value)}
        />
      </fieldset>
      <ChallengeDialog
        open={challenge !== null}
        amount={challenge?.amount ?? ""}
        onAnswer={(a) => answer.current?.(a)}
      />
    </Section>
  );
}
