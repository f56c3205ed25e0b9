import "../i18n";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useOutletContext, useParams, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { useFieldMessage } from "@/components/ui/form/field-message";
import { FormAlert } from "@/components/ui/form/form-alert";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { EmailField, PasswordField, SubmitButton } from "@/components/ui/form/text-field";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { SkipLink } from "@/components/ui/skip-link";
import { z } from "zod";
import { call } from "@/lib/api/client";
import { emailField } from "@/lib/validation/email";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTranslation } from "@/i18n";
import { useAuthStore } from "@/stores/auth";
import { dropAdminQueries } from "../api/venues";

const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: "validation.passwordRequired" }),
});
type SignInValues = z.input<typeof signInSchema>;

/** Only a back-office page of this scheme is a place to go back to after signing in. */
function safeTarget(scheme: string, redirect: string | null): string {
  const root = paths.admin.root.getHref(scheme);
  if (redirect && (redirect === root || redirect.startsWith(`${root}/`)) && !redirect.startsWith("//")) {
    return redirect;
  }
  return root;
}

/**
 * Staff sign-in (auth/signin with the scheme's slug, as customers; the role of
 * the account decides what the token may do). The session is the app's one
 * session (stores/auth), bound to this scheme.
 */
export function AdminSignInPage() {
  const { t } = useTranslation();
  const { scheme = "" } = useParams();
  const { brand, logoUrl } = useOutletContext<{ brand: string; logoUrl: string }>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setSession = useAuthStore((s) => s.setSession);
  const fieldMessage = useFieldMessage();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, formState } = useForm<SignInValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  useDocumentTitle(`${t("office.signInTitle")} — ${brand}`);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // No stale token: a sign-in starts a new session.
      const { payload: session } = await call(
        "auth/signin",
        {
          data: {
            business_slug: scheme,
            email: values.email.trim(),
            password: values.password,
          },
        },
        { token: null },
      );
      setSession(session.token, { ...session.user, business_slug: session.user.business_slug || scheme });
      dropAdminQueries(queryClient);
      void navigate(safeTarget(scheme, search.get("redirect")), { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, ["email", "password"], setError)) setFormError(error);
    }
  });

  return (
    <>
      <SkipLink />
      <header className="office-header">
        <div className="office-header__brand">
          <SchemeLogo name={brand} logoUrl={logoUrl} size={32} />
          <span className="office-header__name">{brand}</span>
          <span className="office-header__tag">{t("office.title")}</span>
        </div>
        <div className="office-header__tools">
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="office-main office-main--narrow">
        <h1 className="office-page__title">{t("office.signInTitle")}</h1>
        <p id="office-sign-in-subtitle" className="muted">
          {t("office.signInSubtitle", { brand })}
        </p>
        <form
          className="auth-form office-sign-in"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          aria-describedby="office-sign-in-subtitle"
        >
          <FormAlert error={formError} />
          <EmailField
            id="office-email"
            registration={register("email")}
            error={fieldMessage(formState.errors.email)}
          />
          <PasswordField
            id="office-password"
            label={t("auth.password")}
            autoComplete="current-password"
            registration={register("password")}
            error={fieldMessage(formState.errors.password)}
          />
          <SubmitButton busy={formState.isSubmitting}>{t("office.signInAction")}</SubmitButton>
        </form>
      </main>
    </>
  );
}
