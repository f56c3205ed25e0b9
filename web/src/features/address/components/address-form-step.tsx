import { useId, type FormEventHandler } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { COUNTRIES } from "@/lib/countries";
import type { AddressFormInput, AddressFormValues } from "../utils/address-form";
import { countryName } from "../utils/picker";

type Form = UseFormReturn<AddressFormInput, unknown, AddressFormValues>;

interface AddressFormStepProps {
  form: Form;
  onNext: FormEventHandler<HTMLFormElement>;
  /** The dialog's footer holds the Next button (form={formId}), always in view. */
  formId: string;
}

/** Step one: address details, contact info and the address name (SPEC.md §2). */
export function AddressFormStep({ form, onNext, formId }: AddressFormStepProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { register, formState, watch } = form;
  const invalid = (name: keyof AddressFormValues) => (formState.errors[name] ? true : undefined);
  const country = watch("country");
  const shownCountry = country ? countryName(country, i18n.language) : "";

  const field = (name: keyof AddressFormValues, labelKey: string, extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(labelKey)}</label>
      <input
        id={`${id}-${name}`}
        className="input"
        aria-invalid={invalid(name)}
        {...register(name)}
        {...extra}
      />
    </div>
  );

  return (
    <form id={formId} className="address-form" onSubmit={onNext} noValidate>
      <fieldset className="address-form__section">
        <legend>{t("address.details")}</legend>
        {field("line1", "address.streetName", { autoComplete: "address-line1" })}
        <div className="field">
          <label htmlFor={`${id}-line2`}>
            {t("address.flat")} <span className="muted">{t("address.optional")}</span>
          </label>
          <input id={`${id}-line2`} className="input" autoComplete="address-line2" {...register("line2")} />
        </div>
        <div className="field-row">
          {field("city", "address.city", { autoComplete: "address-level2" })}
          {field("postcode", "address.postcode", { autoComplete: "postal-code" })}
        </div>
        <div className="field">
          <label htmlFor={`${id}-country`}>{t("address.country")}</label>
          <input
            id={`${id}-country`}
            className="input"
            value={shownCountry}
            readOnly
            aria-invalid={invalid("country")}
            aria-describedby={`${id}-country-hint`}
          />
          <input type="hidden" {...register("country")} />
          <small id={`${id}-country-hint`} className="muted small">
            {t("address.countryHint")}
          </small>
        </div>
      </fieldset>

      <fieldset className="address-form__section">
        <legend>{t("address.contactInfo")}</legend>
        <div className="field-row field-row--phone">
          <div className="field">
            <label htmlFor={`${id}-phoneCountry`}>{t("address.countryCode")}</label>
            <select
              id={`${id}-phoneCountry`}
              className="input"
              aria-invalid={invalid("phoneCountry")}
              autoComplete="tel-country-code"
              {...register("phoneCountry")}
            >
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.dial_code} ${c.name}`}
                </option>
              ))}
            </select>
          </div>
          {field("phone", "address.phoneNumber", {
            type: "tel",
            autoComplete: "tel-national",
            inputMode: "tel",
          })}
        </div>
        {field("email", "address.email", { type: "email", autoComplete: "email" })}
      </fieldset>

      <fieldset className="address-form__section">
        <legend className="visually-hidden">{t("address.addressName")}</legend>
        {field("name", "address.addressName", { placeholder: t("address.namePlaceholder") })}
      </fieldset>
    </form>
  );
}
