import "../i18n";
import "./team.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate, useOutletContext, useParams } from "react-router";
import { paths } from "@/app/paths";
import { FormAlert } from "@/components/ui/form/form-alert";
import { PasswordField, SubmitButton } from "@/components/ui/form/text-field";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { SkipLink } from "@/components/ui/skip-link";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import { useAuthStore } from "@/stores/auth";
import { dropAdminQueries } from "../api/venues";

/**
 * /{scheme}/admin/invite/{token}: the page an invitation mail links to. It
 * says what the link invites to; a new address chooses a password, an
 * existing account gives its own; accepting signs in and opens the back
 * office. A used, revoked or expired link says so (2070).
 */
export function InvitePage() {
  const { t } = useTranslation();
  const { scheme = "", token = "" } = useParams();
  const { brand, logoUrl } = useOutletContext<{ brand: string; logoUrl: string }>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const setSession = useAuthStore((s) => s.setSession);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useDocumentTitle(`${t("invite.title")} — ${brand}`);
  const invitation = useQuery({
    queryKey: ["invitation", scheme, token],
    queryFn: async ({ signal }) =>
      (await call("auth/invitation", { filter: { business_slug: scheme, token } }, { signal, token: null }))
        .payload,
    retry: false,
    staleTime: Infinity,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { payload: session } = await call(
        "auth/accept-invitation",
        { data: { business_slug: scheme, token, password } },
        { token: null },
      );
      setSession(session.token, { ...session.user, business_slug: session.user.business_slug || scheme });
      dropAdminQueries(queryClient);
      void navigate(paths.admin.root.getHref(scheme), { replace: true });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  if (invitation.isPending) return <FullPageSpinner />;
  const view = invitation.data;
  const passwordError = isApiError(error) ? error.fields.password : undefined;

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
      <main id="main" className="office-main office-main--narrow invite-page">
        <h1 className="office-page__title">{t("invite.title")}</h1>
        {view ? (
          <>
            <p id="invite-summary">
              {view.venue_slug
                ? t("invite.summaryVenue", {
                    email: view.email,
                    brand,
                    role: t(`team.roles.${view.role}`),
                    venue: view.venue_name,
                  })
                : t("invite.summary", { email: view.email, brand, role: t(`team.roles.${view.role}`) })}
            </p>
            <form
              className="auth-form"
              noValidate
              onSubmit={(e) => void onSubmit(e)}
              aria-describedby="invite-summary"
            >
              {passwordError ? null : <FormAlert error={error} />}
              <input type="email" hidden readOnly autoComplete="username" value={view.email} />
              <PasswordField
                id="invite-password"
                label={t(view.has_account ? "invite.yourPassword" : "invite.newPassword")}
                autoComplete={view.has_account ? "current-password" : "new-password"}
                hint={view.has_account ? t("invite.hasAccount") : t("invite.passwordRules")}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={passwordError}
              />
              <SubmitButton busy={busy}>{t("invite.accept")}</SubmitButton>
            </form>
          </>
        ) : (
          <p role="alert" className="alert alert--error">
            {errorMessage(invitation.error)}
          </p>
        )}
      </main>
    </>
  );
}
