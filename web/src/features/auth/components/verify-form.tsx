import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "@/i18n";
import { useLocation } from "react-router";
import { useResendConfirmation, useVerifyCode } from "../api/verify-code";
import { useAuthTarget } from "../hooks/use-auth-target";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { pendingEmail } from "../pending-email";
import { verifySchema, type VerifyValues } from "../schemas";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { CodeField } from "./code-field";
import { FormAlert, FormNotice } from "@/components/ui/form/form-alert";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { EmailField, SubmitButton } from "@/components/ui/form/text-field";
import { ResendButton } from "./resend-button";

/** Verify: the 6-digit code from the sign-up mail confirms the account and signs in. */
export function VerifyForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const location = useLocation();
  const { scheme } = useAuthTarget();
  const complete = useCompleteSignIn();
  const verify = useVerifyCode();
  const resend = useResendConfirmation();
  const [knownEmail] = useState(() => pendingEmail(location.state, location.search));
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, getValues, formState } = useForm<VerifyValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(verifySchema),
    defaultValues: { email: knownEmail, code: "" },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      complete(await verify.mutateAsync({ business_slug: scheme, email: values.email, code: values.code }));
    } catch (error) {
      if (!applyFieldErrors(error, ["email", "code"], setError)) setFormError(error);
    }
  });

  return (
    <>
      <p className="auth-card__subtitle" id="auth-subtitle">
        {knownEmail ? (
          <Trans
            i18nKey="auth.verifySubtitle"
            values={{ email: knownEmail }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t("auth.verifySubtitleNoEmail")
        )}
      </p>
      {notice === "notVerified" ? <FormNotice>{t("auth.notVerifiedNotice")}</FormNotice> : null}
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-describedby="auth-subtitle"
      >
        <FormAlert error={formError} />
        {knownEmail ? null : (
          <EmailField id="verify-email" registration={register("email")} error={fieldMessage(errors.email)} />
        )}
        <CodeField id="verify-code" registration={register("code")} error={fieldMessage(errors.code)} />
        <SubmitButton busy={formState.isSubmitting}>{t("auth.verifyAction")}</SubmitButton>
      </form>
      <ResendButton
        onResend={async () => {
          const email = getValues("email").trim();
          if (!email) {
            setError("email", { type: "required", message: "validation.emailRequired" });
            return false;
          }
          await resend.mutateAsync({ business_slug: scheme, email });
          return true;
        }}
      />
    </>
  );
}
