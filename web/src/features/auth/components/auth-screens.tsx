/**
 * The auth screens of docs/product.md §2 (their own lazy chunk: forms, zod and
 * react-hook-form never load with the menu page).
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { useAuthTarget } from "../hooks/use-auth-target";
import "./auth.css";
import { GuestButton } from "./guest-button";
import { ResetPasswordForm } from "./reset-password-form";
import { ResetPasswordVerifyForm } from "./reset-password-verify-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import { VerifyForm } from "./verify-form";

interface AuthScreenProps {
  title: string;
  subtitle?: string;
  /** Moves focus to the title: for the second step of a flow, so screen readers announce it. */
  focusTitle?: boolean;
  children: ReactNode;
}

function AuthScreen({ title, subtitle, focusTitle = false, children }: AuthScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section className="auth-screen" aria-labelledby="auth-title">
      <h1 className="auth-card__title" id="auth-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {subtitle ? (
        <p className="auth-card__subtitle" id="auth-subtitle">
          {subtitle}
        </p>
      ) : null}
      {children}
    </section>
  );
}

function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="auth-divider" role="separator">
      <span>{t("auth.or")}</span>
    </div>
  );
}

export function SignInPage() {
  const { t } = useTranslation();
  const { scheme, redirect } = useAuthTarget();
  return (
    <AuthScreen title={t("auth.signInTitle")} subtitle={t("auth.signInSubtitle")}>
      <SignInForm />
      <OrDivider />
      <GuestButton />
      <p className="auth-card__links">
        <span>
          {t("auth.noAccount")}{" "}
          <Link to={paths.auth.signUp.getHref(scheme, redirect ?? undefined)}>{t("auth.signUpTitle")}</Link>
        </span>
      </p>
    </AuthScreen>
  );
}

export function SignUpPage() {
  const { t } = useTranslation();
  const { scheme, redirect } = useAuthTarget();
  return (
    <AuthScreen title={t("auth.signUpTitle")} subtitle={t("auth.signUpSubtitle")}>
      <SignUpForm />
      <OrDivider />
      <GuestButton />
      <p className="auth-card__links">
        <span>
          {t("auth.haveAccount")}{" "}
          <Link to={paths.auth.signIn.getHref(scheme, redirect ?? undefined)}>{t("auth.signInTitle")}</Link>
        </span>
      </p>
    </AuthScreen>
  );
}

function BackToSignIn() {
  const { t } = useTranslation();
  const { scheme, redirect } = useAuthTarget();
  return (
    <p className="auth-card__links">
      <Link to={paths.auth.signIn.getHref(scheme, redirect ?? undefined)}>{t("auth.backToSignIn")}</Link>
    </p>
  );
}

export function VerifyPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t("auth.verifyTitle")} focusTitle>
      <VerifyForm />
      <BackToSignIn />
    </AuthScreen>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t("auth.resetPasswordTitle")} subtitle={t("auth.resetPasswordSubtitle")}>
      <ResetPasswordForm />
      <BackToSignIn />
    </AuthScreen>
  );
}

export function ResetPasswordVerifyPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t("auth.resetPasswordVerifyTitle")} focusTitle>
      <ResetPasswordVerifyForm />
      <BackToSignIn />
    </AuthScreen>
  );
}
