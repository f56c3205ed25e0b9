import { useState, type InputHTMLAttributes } from "react";
import { formatCurrencyInput, parseCurrencyInput, resolveCurrency } from "@/lib/currency";

const SIGNS = { GBP: "£", EUR: "€", USD: "$", PLN: "zł" } as const;
const SIGN_AFTER = new Set(["EUR", "PLN"]);
const COMMA_DECIMAL = new Set(["EUR", "PLN"]);

interface CurrencyInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange" | "type" | "inputMode"
> {
  /** Minor units. */
  value: number;
  onChange: (minor: number) => void;
  currency?: string | null;
}

/**
 * A money field (docs/product.md §5): what is typed is kept while typing; on leaving the
 * field non-numeric text is stripped and the amount normalised to 2 decimals in
 * the currency's own decimal separator. Unknown currencies are shown as GBP.
 */
export function CurrencyInput({
  value,
  onChange,
  currency,
  className,
  onBlur,
  ...input
}: CurrencyInputProps) {
  const code = resolveCurrency(currency);
  const separator = COMMA_DECIMAL.has(code) ? "," : ".";
  const [text, setText] = useState(() => (value ? formatCurrencyInput(value, separator) : ""));
  const [editing, setEditing] = useState(false);
  const shown = editing ? text : value ? formatCurrencyInput(value, separator) : text;
  const sign = (
    <span className="currency-input__sign" aria-hidden="true">
      {SIGNS[code]}
    </span>
  );
  return (
    <span className={`currency-input${className ? ` ${className}` : ""}`}>
      {!SIGN_AFTER.has(code) && sign}
      <input
        {...input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="currency-input__field"
        value={shown}
        onFocus={() => {
          setText(shown);
          setEditing(true);
        }}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseCurrencyInput(event.target.value));
        }}
        onBlur={(event) => {
          const minor = parseCurrencyInput(text);
          setEditing(false);
          setText(minor ? formatCurrencyInput(minor, separator) : "");
          onChange(minor);
          onBlur?.(event);
        }}
      />
      {SIGN_AFTER.has(code) && sign}
    </span>
  );
}
