import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { paths } from "@/app/paths";

/** Placeholders with their headings; the forms arrive with the accounts issue. */
function AuthScreen({ titleKey, children }: { titleKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="auth-card__title">{t(titleKey)}</h1>
      <p className="muted">{t("common.comingSoon")}</p>
      {children}
    </section>
  );
}

export function SignInPage() {
  const { t } = useTranslation();
  const { scheme = "" } = useParams();
  return (
    <AuthScreen titleKey="auth.signInTitle">
      <p className="auth-card__links">
        <Link to={paths.auth.resetPassword.getHref(scheme)}>{t("auth.forgotPassword")}</Link>
        <span>
          {t("auth.noAccount")} <Link to={paths.auth.signUp.getHref(scheme)}>{t("auth.signUpTitle")}</Link>
        </span>
      </p>
    </AuthScreen>
  );
}

export function SignUpPage() {
  const { t } = useTranslation();
  const { scheme = "" } = useParams();
  return (
    <AuthScreen titleKey="auth.signUpTitle">
      <p className="auth-card__links">
        <span>
          {t("auth.haveAccount")} <Link to={paths.auth.signIn.getHref(scheme)}>{t("auth.signInTitle")}</Link>
        </span>
      </p>
    </AuthScreen>
  );
}

export function VerifyPage() {
  return <AuthScreen titleKey="auth.verifyTitle" />;
}

export function ResetPasswordPage() {
  return <AuthScreen titleKey="auth.resetPasswordTitle" />;
}

export function ResetPasswordVerifyPage() {
  return <AuthScreen titleKey="auth.resetPasswordVerifyTitle" />;
}
