import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { COUNTRIES, findCountry, DEFAULT_DIAL_CODE } from "@/lib/countries";
import { describedBy } from "../field-message";
import { FieldErrorText } from "./form-field";

interface PhoneFieldProps {
  id: string;
  /** The chosen country (ISO code); its dial code is shown before the number. */
  country: string;
  countryRegistration: UseFormRegisterReturn;
  numberRegistration: UseFormRegisterReturn;
  error?: string;
}

/**
 * A contact number: a country dial-code select (the United Kingdom and Poland
 * first, SPEC.md §3) and the number. The closed select shows only "GB +44";
 * the open one lists full country names.
 */
export function PhoneField({ id, country, countryRegistration, numberRegistration, error }: PhoneFieldProps) {
  const { t } = useTranslation();
  const chosen = findCountry(country);
  const dialCode = chosen?.dial_code.replace(/\s+/g, "") ?? DEFAULT_DIAL_CODE;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`form-field${error ? " form-field--invalid" : ""}`}>
      <label htmlFor={id} className="form-field__label" id={`${id}-label`}>
        {t("auth.contactNumber")}
      </label>
      <div className="phone-field">
        <div className="phone-field__country">
          <span className="phone-field__shown" aria-hidden="true">
            <span className="phone-field__code">{chosen?.code ?? ""}</span> {dialCode}
            <svg viewBox="0 0 24 24" width="16" height="16">
              <path fill="currentColor" d="M7 10l5 5 5-5H7Z" />
            </svg>
          </span>
          <select
            id={`${id}-country`}
            className="phone-field__select"
            aria-label={t("auth.dialCode")}
            {...countryRegistration}
          >
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
          placeholder={dialCode === DEFAULT_DIAL_CODE ? "7911 123456" : "512 345 678"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errorId)}
          {...numberRegistration}
        />
      </div>
      <FieldErrorText id={errorId} message={error} />
    </div>
  );
}
