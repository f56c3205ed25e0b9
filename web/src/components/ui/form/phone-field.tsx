import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { COUNTRIES, findCountry, DEFAULT_DIAL_CODE } from "@/lib/countries";
import { describedBy } from "./field-message";
import { FieldErrorText } from "./text-field";
import "./form.css";

interface PhoneFieldProps {
  id: string;
  /** The chosen country (ISO code); its dial code is shown before the number. Empty: none yet. */
  country: string;
  countryRegistration: UseFormRegisterReturn;
  numberRegistration: UseFormRegisterReturn;
  /** The number's label (default "Contact number"). */
  label?: string;
  /** The dial-code select's name (default "Dial code"). */
  dialCodeLabel?: string;
  error?: string;
  /** Marked invalid without a message of its own (the server named the field, its text is listed elsewhere). */
  invalid?: boolean;
  /** The country code itself is invalid: marked, with no message of its own (docs/product.md §5). */
  countryInvalid?: boolean;
}

/**
 * A contact number: a country dial-code select (the United Kingdom and Poland
 * first, docs/product.md §3) and the number. The closed select shows only "GB +44";
 * the open one lists full country names. With no country chosen the dial code
 * shows the placeholder +44 (docs/product.md §9).
 */
export function PhoneField({
  id,
  country,
  countryRegistration,
  numberRegistration,
  label,
  dialCodeLabel,
  error,
  invalid,
  countryInvalid,
}: PhoneFieldProps) {
  const { t } = useTranslation();
  const chosen = findCountry(country);
  const dialCode = chosen?.dial_code.replace(/\s+/g, "");
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`form-field${error || invalid ? " form-field--invalid" : ""}`}>
      <label htmlFor={id} className="form-field__label" id={`${id}-label`}>
        {label ?? t("auth.contactNumber")}
      </label>
      <div className="phone-field">
        <div className={`phone-field__country${countryInvalid ? " phone-field__country--invalid" : ""}`}>
          <span className="phone-field__shown" aria-hidden="true" data-testid="dial-code-shown">
            {chosen ? (
              <>
                <span className="phone-field__code">{chosen.code}</span> {dialCode}
              </>
            ) : (
              <span className="phone-field__placeholder">{DEFAULT_DIAL_CODE}</span>
            )}
            <svg viewBox="0 0 24 24" width="16" height="16">
              <path fill="currentColor" d="M7 10l5 5 5-5H7Z" />
            </svg>
          </span>
          <select
            id={`${id}-country`}
            className="phone-field__select"
            aria-label={dialCodeLabel ?? t("auth.dialCode")}
            aria-invalid={countryInvalid || undefined}
            autoComplete="tel-country-code"
            {...countryRegistration}
          >
            {!chosen && <option value="">{DEFAULT_DIAL_CODE}</option>}
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.dial_code.replace(/\s+/g, "")})
              </option>
            ))}
          </select>
        </div>
        <input
          id={id}
          className="form-field__input phone-field__number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={(dialCode ?? DEFAULT_DIAL_CODE) === DEFAULT_DIAL_CODE ? "7911 123456" : "512 345 678"}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy(errorId)}
          {...numberRegistration}
        />
      </div>
      <FieldErrorText id={errorId} message={error} />
    </div>
  );
}
