import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { validateContactNumber } from "@/lib/api/validate-contact-number";
import { findCountry, dialCodeFor } from "@/lib/countries";
import { useSignUp } from "../api/sign-up";
import { useAuthTarget } from "../hooks/use-auth-target";
import { rememberPendingEmail } from "../pending-email";
import { fullContactNumber, signUpSchema, type SignUpValues } from "../schemas";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { EmailField, PasswordField, SubmitButton, TextField } from "@/components/ui/form/text-field";
import { PhoneField } from "@/components/ui/form/phone-field";

const FIELDS = ["email", "password", "first_name", "last_name", "contact_number"] as const;

export function SignUpForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const { scheme, search } = useAuthTarget();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const schemeCountry = useSchemeQuery(scheme).data?.payload.country;
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, control, formState } = useForm<SignUpValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      email: "",
      password: "",
      first_name: "",
      last_name: "",
      // The scheme's own country first; the United Kingdom (+44) otherwise (docs/product.md §9).
      country: schemeCountry && findCountry(schemeCountry) ? schemeCountry : "GB",
      contact_number: "",
    },
  });
  const { errors } = formState;
  const country = useWatch({ control, name: "country" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const email = values.email.trim();
    const contactNumber = fullContactNumber(dialCodeFor(values.country), values.contact_number);
    try {
      // docs/product.md §5: country code plus number must pass the server's check before signing up.
      const check = await validateContactNumber(contactNumber);
      if (!check.is_valid) {
        setError(
          "contact_number",
          { type: "validate", message: "validation.phoneIncorrect" },
          { shouldFocus: true },
        );
        return;
      }
      await signUp.mutateAsync({
        business_slug: scheme,
        email,
        password: values.password,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        contact_number: check.e164 || contactNumber,
      });
      rememberPendingEmail(email);
      void navigate(`${paths.auth.verify.getHref(scheme)}${search}`, { state: { email } });
    } catch (error) {
      if (!applyFieldErrors(error, FIELDS, setError)) setFormError(error);
    }
  });

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-describedby="auth-subtitle"
    >
      <FormAlert error={formError} />
      <div className="auth-form__row">
        <TextField
          id="sign-up-first-name"
          label={t("auth.firstName")}
          autoComplete="given-name"
          registration={register("first_name")}
          error={fieldMessage(errors.first_name)}
        />
        <TextField
          id="sign-up-last-name"
          label={t("auth.lastName")}
          autoComplete="family-name"
          registration={register("last_name")}
          error={fieldMessage(errors.last_name)}
        />
      </div>
      <EmailField id="sign-up-email" registration={register("email")} error={fieldMessage(errors.email)} />
      <PhoneField
        id="sign-up-contact-number"
        country={country}
        countryRegistration={register("country")}
        numberRegistration={register("contact_number")}
        error={fieldMessage(errors.contact_number)}
      />
      <PasswordField
        id="sign-up-password"
        label={t("auth.password")}
        autoComplete="new-password"
        hint={t("auth.passwordHint")}
        registration={register("password")}
        error={fieldMessage(errors.password)}
      />
      <SubmitButton busy={formState.isSubmitting}>{t("auth.signUpAction")}</SubmitButton>
    </form>
  );
}
