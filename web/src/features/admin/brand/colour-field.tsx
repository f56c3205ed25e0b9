import { useState } from "react";
import { useTranslation } from "@/i18n";
import { HEX } from "./brand-form";

interface ColourFieldProps {
  id: string;
  label: string;
  /** "#rrggbb", or "" for a numbered colour left to the main one. */
  value: string;
  /** What an empty numbered colour shows (the main colour); absent for the main colour itself. */
  fallback?: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * A colour: the browser's picker and its hex value, kept in step (the text
 * accepts a value being typed; only a whole #rrggbb reaches the form). A
 * numbered colour can go back to the main one.
 */
export function ColourField({ id, label, value, fallback, error, onChange }: ColourFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The picker or "use the main colour" changed the value: the text follows.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.toLowerCase() !== value && !(text === "" && value === "")) setText(value);
  }
  const shown = HEX.test(value) ? value : HEX.test(fallback ?? "") ? fallback! : "#000000";
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="brand-colour">
      <input
        type="color"
        id={id}
        value={shown.toLowerCase()}
        onChange={(e) => onChange(e.target.value.toLowerCase())}
        aria-describedby={errorId}
      />
      <input
        className="brand-colour__hex"
        aria-label={t("brand.hex", { label })}
        value={text}
        placeholder={fallback}
        spellCheck={false}
        maxLength={7}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const v = e.target.value.trim().toLowerCase();
          setText(v);
          const hex = v.startsWith("#") ? v : `#${v}`;
          if (HEX.test(hex)) onChange(hex);
          else if (v === "" && fallback !== undefined) onChange("");
        }}
      />
      <label htmlFor={id} className="brand-colour__label">
        {label}
      </label>
      {fallback !== undefined && value ? (
        <button
          type="button"
          className="button button--ghost brand-colour__reset"
          onClick={() => onChange("")}
        >
          {t("brand.useMain")}
        </button>
      ) : (
        <span />
      )}
      {error ? (
        <p id={errorId} className="form-field__error" style={{ gridColumn: "1 / -1" }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
