import { useState } from "react";
import { useTranslation } from "@/i18n";
import { describedBy } from "../lib/aria";
import { Section } from "./field";

interface PromoSectionProps {
  applied: string;
  /** The server's reason a code was refused (already in the customer's language). */
  error?: string;
  /** A short success line, e.g. "WELCOME10: −£1.60". */
  saving?: string;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The text was edited: the last code's reason no longer applies to it. */
  onEdit: () => void;
}

/** The promo code (docs/product.md §2): applied with a button; the server decides whether it counts. */
export function PromoSection({ applied, error, saving, onApply, onRemove, onEdit }: PromoSectionProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(applied);
  const apply = () => {
    const value = code.trim().toUpperCase();
    if (value) onApply(value);
  };
  return (
    <Section id="co-promo" title={t("checkout.promo.title")}>
      <div className="co-promo">
        <label htmlFor="promo" className="visually-hidden">
          {t("checkout.promo.label")}
        </label>
        <input
          id="promo"
          className="co-input co-promo__input"
          placeholder={t("checkout.promo.placeholder")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy("promo", error)}
          onChange={(e) => {
            setCode(e.target.value);
            onEdit();
            // Emptied: the code applied goes too (no code is shown, none is sent).
            if (!e.target.value.trim() && applied) onRemove();
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            apply();
          }}
        />
        {applied && applied === code.trim().toUpperCase() && !error ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setCode("");
              onRemove();
            }}
          >
            {t("checkout.promo.remove")}
          </button>
        ) : (
          <button type="button" className="button button--ghost" disabled={!code.trim()} onClick={apply}>
            {t("checkout.promo.apply")}
          </button>
        )}
      </div>
      {error ? (
        <p id="promo-error" className="co-field__error" role="alert">
          {error}
        </p>
      ) : (
        saving && (
          <p className="co-promo__ok" role="status">
            {saving}
          </p>
        )
      )}
    </Section>
  );
}
