import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { FormAlert } from "@/components/ui/form/form-alert";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { EmailField, PasswordField, SubmitButton } from "@/components/ui/form/text-field";
import { useTranslation } from "@/i18n";
import { call } from "@/lib/api/client";
import { emailField } from "@/lib/validation/email";
import { useAuthStore } from "@/stores/auth";
import { DRIVER_KEY } from "../api/deliveries";

const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: "validation.passwordRequired" }),
});
type SignInValues = z.input<typeof signInSchema>;

/** A driver signs in through auth/signin with the scheme's slug, like anyone. */
export function DriverSignIn({ scheme, brand }: { scheme: string; brand: string }) {
  const { t } = useTranslation();
  const setSession = useAuthStore((s) => s.setSession);
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, formState } = useForm<SignInValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { payload: session } = await call(
        "auth/signin",
        { data: { business_slug: scheme, email: values.email.trim(), password: values.password } },
        { token: null },
      );
      queryClient.removeQueries({ queryKey: [DRIVER_KEY] });
      setSession(session.token, { ...session.user, business_slug: session.user.business_slug || scheme });
    } catch (error) {
      if (!applyFieldErrors(error, ["email", "password"], setError)) setFormError(error);
    }
  });

  return (
    <section className="driver-sign-in" aria-labelledby="driver-sign-in-title">
      <h1 id="driver-sign-in-title" className="driver-page__title">
        {t("driverApp.signInTitle")}
      </h1>
      <p id="driver-sign-in-subtitle" className="muted">
        {t("driverApp.signInSubtitle", { brand })}
      </p>
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-describedby="driver-sign-in-subtitle"
      >
        <FormAlert error={formError} />
        <EmailField
          id="driver-email"
          registration={register("email")}
          error={fieldMessage(formState.errors.email)}
        />
        <PasswordField
          id="driver-password"
          label={t("auth.password")}
          autoComplete="current-password"
          registration={register("password")}
          error={fieldMessage(formState.errors.password)}
        />
        <SubmitButton busy={formState.isSubmitting}>{t("driverApp.signInAction")}</SubmitButton>
      </form>
    </section>
  );
}
