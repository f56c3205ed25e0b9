import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "@/i18n";
import { useLocation } from "react-router";
import { useForgottenPassword, useResetPassword } from "../api/reset-password";
import { useAuthTarget } from "../hooks/use-auth-target";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { pendingEmail } from "../pending-email";
import { resetPasswordVerifySchema, type ResetPasswordVerifyValues } from "../schemas";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { CodeField } from "./code-field";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { EmailField, PasswordField, SubmitButton } from "@/components/ui/form/text-field";
import { ResendButton } from "./resend-button";

/** ResetPasswordVerify: the code from the reset mail and a new password; signs in. */
export function ResetPasswordVerifyForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const location = useLocation();
  const { scheme } = useAuthTarget();
  const complete = useCompleteSignIn();
  const reset = useResetPassword();
  const forgotten = useForgottenPassword();
  const [knownEmail] = useState(() => pendingEmail(location.state, location.search));
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, getValues, formState } = useForm<ResetPasswordVerifyValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(resetPasswordVerifySchema),
    defaultValues: { email: knownEmail, code: "", password: "" },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      complete(await reset.mutateAsync({ business_slug: scheme, ...values }));
    } catch (error) {
      if (!applyFieldErrors(error, ["email", "code", "password"], setError)) setFormError(error);
    }
  });

  return (
    <>
      <p className="auth-card__subtitle" id="auth-subtitle">
        {knownEmail ? (
          <Trans
            i18nKey="auth.resetPasswordVerifySubtitle"
            values={{ email: knownEmail }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t("auth.resetPasswordVerifySubtitleNoEmail")
        )}
      </p>
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-describedby="auth-subtitle"
      >
        <FormAlert error={formError} />
        {knownEmail ? null : (
          <EmailField
            id="reset-verify-email"
            registration={register("email")}
            error={fieldMessage(errors.email)}
          />
        )}
        <CodeField id="reset-verify-code" registration={register("code")} error={fieldMessage(errors.code)} />
        <PasswordField
          id="reset-verify-password"
          label={t("auth.newPassword")}
          autoComplete="new-password"
          hint={t("auth.passwordHint")}
          registration={register("password")}
          error={fieldMessage(errors.password)}
        />
        <SubmitButton busy={formState.isSubmitting}>{t("auth.resetAction")}</SubmitButton>
      </form>
      <ResendButton
        onResend={async () => {
          const email = getValues("email").trim();
          if (!email) {
            setError("email", { type: "required", message: "validation.emailRequired" });
            return false;
          }
          await forgotten.mutateAsync({ business_slug: scheme, email });
          return true;
        }}
      />
    </>
  );
}
