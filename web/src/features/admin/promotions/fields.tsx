import type { ReactNode } from "react";
import { CurrencyInput } from "@/components/ui/currency-input";
import { useTranslation } from "@/i18n";
import { fieldError, fromLocalInput, toLocalInput } from "./format";

/** A labelled control with its error under it. */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={`form-field${props.error ? " form-field--invalid" : ""}`}>
      <label htmlFor={props.id} className="form-field__label">
        {props.label}
      </label>
      {props.children}
      {props.hint ? <p className="form-field__hint">{props.hint}</p> : null}
      {props.error ? (
        <p className="form-field__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** What a promo code and an offer's reward share: a percentage or an amount off, from a minimum spend. */
export interface Discount {
  kind?: string;
  percent_bp?: number;
  amount?: number;
  min_spend?: number;
}

/** Percentage or fixed amount, its value, and the minimum spend; errors under path (e.g. "promo_code"). */
export function DiscountFields(props: {
  idPrefix: string;
  value: Discount;
  onChange: (d: Discount) => void;
  currency: string;
  error: unknown;
  path: string;
}) {
  const { t } = useTranslation();
  const { value: d, onChange, idPrefix: id } = props;
  const err = (name: string) => fieldError(props.error, `${props.path}.${name}`);
  return (
    <div className="promotions__grid">
      <Field id={`${id}-kind`} label={t("promotions.kind")} error={err("kind")}>
        <select
          id={`${id}-kind`}
          className="form-field__input"
          value={d.kind}
          onChange={(e) => onChange({ ...d, kind: e.target.value })}
        >
          <option value="percent">{t("promotions.percent")}</option>
          <option value="fixed">{t("promotions.fixed")}</option>
        </select>
      </Field>
      {d.kind === "percent" ? (
        <Field id={`${id}-percent`} label={t("promotions.percentOff")} error={err("percent_bp")}>
          <input
            id={`${id}-percent`}
            className="form-field__input"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={d.percent_bp ? d.percent_bp / 100 : ""}
            onChange={(e) => onChange({ ...d, percent_bp: Math.round(Number(e.target.value) * 100) })}
          />
        </Field>
      ) : (
        <Field id={`${id}-amount`} label={t("promotions.amountOff")} error={err("amount")}>
          <CurrencyInput
            id={`${id}-amount`}
            value={d.amount ?? 0}
            currency={props.currency}
            onChange={(amount) => onChange({ ...d, amount })}
          />
        </Field>
      )}
      <Field id={`${id}-min`} label={t("promotions.minSpend")} error={err("min_spend")}>
        <CurrencyInput
          id={`${id}-min`}
          value={d.min_spend ?? 0}
          currency={props.currency}
          onChange={(min_spend) => onChange({ ...d, min_spend })}
        />
      </Field>
    </div>
  );
}

/** The validity window: two datetime-local fields in the browser's zone (empty: no bound). */
export function WindowFields(props: {
  idPrefix: string;
  from?: string;
  until?: string;
  onChange: (from: string, until: string) => void;
  error: unknown;
  path: string;
}) {
  const { t } = useTranslation();
  const id = props.idPrefix;
  return (
    <div className="promotions__grid">
      <Field
        id={`${id}-from`}
        label={t("promotions.validFrom")}
        error={fieldError(props.error, `${props.path}.valid_from`)}
      >
        <input
          id={`${id}-from`}
          className="form-field__input"
          type="datetime-local"
          value={toLocalInput(props.from)}
          onChange={(e) => props.onChange(fromLocalInput(e.target.value), props.until ?? "")}
        />
      </Field>
      <Field
        id={`${id}-until`}
        label={t("promotions.validUntil")}
        error={fieldError(props.error, `${props.path}.valid_until`)}
      >
        <input
          id={`${id}-until`}
          className="form-field__input"
          type="datetime-local"
          value={toLocalInput(props.until)}
          onChange={(e) => props.onChange(props.from ?? "", fromLocalInput(e.target.value))}
        />
      </Field>
    </div>
  );
}

/** A whole-number limit (0 or empty: none). */
export function LimitField(props: {
  id: string;
  label: string;
  value?: number;
  onChange: (n: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field id={props.id} label={props.label} error={props.error} hint={t("promotions.noLimitHint")}>
      <input
        id={props.id}
        className="form-field__input"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={props.value ? props.value : ""}
        onChange={(e) => props.onChange(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
      />
    </Field>
  );
}
