import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { Pricing } from "../api/types";
import { SummarySection, type SummaryLine } from "./summary-section";

interface CheckoutAsideProps {
  lines: SummaryLine[];
  pricing: Pricing | undefined;
  currency: string;
  delivery: boolean;
  loyalty: boolean;
  settled: boolean;
  /** The reason shown by Pay (a general refusal, a decline, a failed redirect). */
  error: string | undefined;
  paying: boolean;
  disabled: boolean;
  /** The venue does not deliver to the address (its message is by the address): no total, no Pay. */
  undeliverable: boolean;
  onRemoveLine: (index: number) => void;
  onPay: () => void;
}

/** The summary beside the form, the reason Pay could not go on, and Pay. */
export function CheckoutAside(p: CheckoutAsideProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCurrency(minor, p.currency);
  return (
    <aside className="co-aside">
      <SummarySection
        lines={p.lines}
        pricing={p.pricing}
        currency={p.currency}
        delivery={p.delivery}
        loyalty={p.loyalty}
        updating={!p.settled}
        undeliverable={p.undeliverable}
        onRemove={p.onRemoveLine}
      />
      {p.error && (
        <p id="co-pay-error" className="alert alert--error co-pay-error" role="alert" tabIndex={-1}>
          {p.error}
        </p>
      )}
      <button
        type="button"
        className={`button button--primary co-pay${p.undeliverable ? " co-pay--blocked" : ""}`}
        onClick={p.onPay}
        disabled={p.disabled || p.undeliverable}
        aria-describedby={p.error ? "co-pay-error" : p.undeliverable ? "address-error" : undefined}
      >
        {p.paying
          ? t("checkout.paying")
          : p.pricing && !p.undeliverable
            ? t("checkout.pay", { amount: money(p.pricing.total) })
            : t("checkout.payNoAmount")}
      </button>
    </aside>
  );
}
