import type { FormEventHandler } from "react";
import { useWatch, type FieldError, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { PhoneField } from "@/components/ui/form/phone-field";
import { EmailField, TextField } from "@/components/ui/form/text-field";
import { fieldId, SILENT, type AddressFormInput, type AddressFormValues } from "../utils/address-form";
import { countryName } from "../utils/picker";

type Form = UseFormReturn<AddressFormInput, unknown, AddressFormValues>;

interface AddressFormStepProps {
  form: Form;
  onNext: FormEventHandler<HTMLFormElement>;
  /** The dialog's footer holds the Next button (form={formId}), always in view. */
  formId: string;
  /** Prefix of the inputs' ids, so the error list at the top can link to them. */
  idPrefix: string;
}

/**
 * Step one: address details, contact info and the address name (docs/product.md §2),
 * on the form kit the auth screens use: each error is under its input and
 * linked to it (aria-describedby, aria-invalid), besides the list at the top.
 */
export function AddressFormStep({ form, onNext, formId, idPrefix }: AddressFormStepProps) {
  const { t, i18n } = useTranslation();
  const fieldMessage = useFieldMessage();
  const { register, formState, control } = form;
  const country = useWatch({ control, name: "country" });
  const phoneCountry = useWatch({ control, name: "phoneCountry" });
  const shownCountry = country ? countryName(country, i18n.language) : "";
  const id = (name: keyof AddressFormValues) => fieldId(idPrefix, name);
  // A rule without a message (docs/product.md §5) marks the input and says nothing.
  const message = (error: FieldError | undefined) =>
    error?.message === SILENT ? undefined : fieldMessage(error);
  const text = (name: "line1" | "city" | "postcode" | "name", label: string, extra: object = {}) => (
    <TextField
      id={id(name)}
      label={label}
      registration={register(name)}
      error={message(formState.errors[name])}
      aria-invalid={formState.errors[name] ? true : undefined}
      {...extra}
    />
  );

  return (
    <form id={formId} className="address-form" onSubmit={onNext} noValidate>
      <fieldset className="address-form__section">
        <legend>{t("address.details")}</legend>
        {text("line1", t("address.streetName"), { autoComplete: "address-line1" })}
        <TextField
          id={id("line2")}
          label={
            <>
              {t("address.flat")} <span className="muted">{t("address.optional")}</span>
            </>
          }
          autoComplete="address-line2"
          registration={register("line2")}
        />
        <div className="field-row">
          {text("city", t("address.city"), { autoComplete: "address-level2" })}
          {text("postcode", t("address.postcode"), { autoComplete: "postal-code" })}
        </div>
        <TextField
          id={id("country")}
          label={t("address.country")}
          value={shownCountry}
          readOnly
          hint={t("address.countryHint")}
          error={message(formState.errors.country)}
          aria-invalid={formState.errors.country ? true : undefined}
        />
        <input type="hidden" {...register("country")} />
      </fieldset>

      <fieldset className="address-form__section">
        <legend>{t("address.contactInfo")}</legend>
        <PhoneField
          id={id("phone")}
          country={phoneCountry}
          label={t("address.phoneNumber")}
          dialCodeLabel={t("address.countryCode")}
          countryRegistration={register("phoneCountry")}
          numberRegistration={register("phone")}
          error={message(formState.errors.phone)}
          invalid={formState.errors.phone !== undefined}
          countryInvalid={formState.errors.phoneCountry !== undefined}
        />
        <EmailField
          id={id("email")}
          label={t("address.email")}
          registration={register("email")}
          error={message(formState.errors.email)}
          invalid={formState.errors.email !== undefined}
        />
      </fieldset>

      <fieldset className="address-form__section">
        <legend className="visually-hidden">{t("address.addressName")}</legend>
        {text("name", t("address.addressName"), { placeholder: t("address.namePlaceholder") })}
      </fieldset>
    </form>
  );
}
