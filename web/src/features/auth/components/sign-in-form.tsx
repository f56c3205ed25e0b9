import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { Link, useLocation, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { isApiError } from "@/lib/api/api-error";
import { useSignIn } from "../api/sign-in";
import { AuthCode } from "../codes";
import { useAuthTarget } from "../hooks/use-auth-target";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { emailFromLink, rememberPendingEmail } from "../pending-email";
import { signInSchema, type SignInValues } from "../schemas";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { EmailField, PasswordField, SubmitButton } from "@/components/ui/form/text-field";

export function SignInForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const { scheme, search } = useAuthTarget();
  const complete = useCompleteSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, formState } = useForm<SignInValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(signInSchema),
    // A mail's "Sign in" link fills in the address it was sent to.
    defaultValues: { email: emailFromLink(location.search), password: "" },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      complete(await signIn.mutateAsync({ business_slug: scheme, ...values, email: values.email.trim() }));
    } catch (error) {
      if (isApiError(error) && error.code === AuthCode.NotVerified) {
        // The server has mailed a fresh code: confirm the address first.
        rememberPendingEmail(values.email.trim());
        void navigate(`${paths.auth.verify.getHref(scheme)}${search}`, {
          state: { email: values.email.trim(), notice: "notVerified" },
        });
        return;
      }
      if (!applyFieldErrors(error, ["email", "password"], setError)) setFormError(error);
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
      <EmailField id="sign-in-email" registration={register("email")} error={fieldMessage(errors.email)} />
      <PasswordField
        id="sign-in-password"
        label={t("auth.password")}
        autoComplete="current-password"
        registration={register("password")}
        error={fieldMessage(errors.password)}
      />
      <p className="auth-form__aside">
        <Link to={`${paths.auth.resetPassword.getHref(scheme)}${search}`}>{t("auth.forgotPassword")}</Link>
      </p>
      <SubmitButton busy={formState.isSubmitting}>{t("auth.signInAction")}</SubmitButton>
    </form>
  );
}
