import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { useForgottenPassword } from "../api/reset-password";
import { useAuthTarget } from "../hooks/use-auth-target";
import { rememberPendingEmail } from "../pending-email";
import { resetPasswordSchema, type ResetPasswordValues } from "../schemas";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { EmailField, SubmitButton } from "@/components/ui/form/text-field";

/** ResetPassword: asks for a code by e-mail (the same answer whether or not the address exists). */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const { scheme, search } = useAuthTarget();
  const navigate = useNavigate();
  const forgotten = useForgottenPassword();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await forgotten.mutateAsync({ business_slug: scheme, email });
      rememberPendingEmail(email);
      void navigate(`${paths.auth.resetPasswordVerify.getHref(scheme)}${search}`, { state: { email } });
    } catch (error) {
      if (!applyFieldErrors(error, ["email"], setError)) setFormError(error);
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
      <EmailField
        id="reset-email"
        registration={register("email")}
        error={fieldMessage(formState.errors.email)}
      />
      <SubmitButton busy={formState.isSubmitting}>{t("auth.sendCode")}</SubmitButton>
    </form>
  );
}
