import { useTranslation } from "@/i18n";
import { CurrencyInput } from "@/components/ui/currency-input";
import { formatCurrency } from "@/lib/currency";
import type { TippingSettings } from "../api/types";
import { Section } from "./field";

export type TipChoice = { kind: "percent"; percent: number } | { kind: "custom" };

interface TipSectionProps {
  tipping: TippingSettings;
  choice: TipChoice;
  /** Minor units, as sent to the server. */
  tip: number;
  currency: string;
  error?: string;
  onChoose: (choice: TipChoice) => void;
  onCustom: (amount: number) => void;
}

/** Tip (docs/product.md §2): the venue's percentage chips and, when allowed, an amount of one's own. */
export function TipSection({ tipping, choice, tip, currency, error, onChoose, onCustom }: TipSectionProps) {
  const { t } = useTranslation();
  return (
    <Section id="co-tip" title={t("checkout.tip.title")}>
      <div className="co-chips" role="group" aria-label={t("checkout.tip.title")}>
        {tipping.percents.map((percent) => {
          const pressed = choice.kind === "percent" && choice.percent === percent;
          return (
            <button
              key={percent}
              type="button"
              className="co-chip"
              aria-pressed={pressed}
              onClick={() => onChoose({ kind: "percent", percent })}
            >
              {percent === 0 ? t("checkout.tip.none") : `${percent}%`}
            </button>
          );
        })}
        {tipping.allow_custom && (
          <button
            type="button"
            className="co-chip"
            aria-pressed={choice.kind === "custom"}
            onClick={() => onChoose({ kind: "custom" })}
          >
            {t("checkout.tip.custom")}
          </button>
        )}
      </div>
      {choice.kind === "custom" && (
        <div className="co-field co-tip__custom">
          <label htmlFor="tip-amount" className="co-field__label">
            {t("checkout.tip.amount")}
          </label>
          <CurrencyInput
            id="tip-amount"
            className="co-input"
            currency={currency}
            value={tip}
            onChange={onCustom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "tip-amount-error" : undefined}
          />
        </div>
      )}
      {error ? (
        <p id="tip-amount-error" className="co-field__error" role="alert">
          {error}
        </p>
      ) : (
        tip > 0 && (
          <p className="muted small">{t("checkout.tip.thanks", { amount: formatCurrency(tip, currency) })}</p>
        )
      )}
    </Section>
  );
}
