import "../i18n";
import "../team/team.css";
import "./platform.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { PlainLayout } from "@/components/layout/plain-layout";
import { FormAlert } from "@/components/ui/form/form-alert";
import { SubmitButton, TextField } from "@/components/ui/form/text-field";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import { useDateTime } from "../team/date-time";
import { CreateSchemeForm } from "./create-scheme-form";
import { setPlatformSession, usePlatformSession } from "./platform-session";

const SCHEMES_KEY = ["platform", "schemes"] as const;

/**
 * /platform: the platform admins' console. Signed out, the sign-in (no scheme);
 * signed in, every scheme and the form that creates one and invites its first
 * manager.
 */
export function PlatformPage() {
  const { t } = useTranslation();
  const session = usePlatformSession();
  useDocumentTitle(t("platform.title"));
  return (
    <PlainLayout>
      <div className="page container platform">
        {session ? <Console token={session.token} email={session.email} /> : <PlatformSignIn />}
      </div>
    </PlainLayout>
  );
}

function PlatformSignIn() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const { payload } = await call(
        "auth/signin",
        { data: { email: email.trim(), password } },
        { token: null },
      );
      setPlatformSession({ token: payload.token, email: payload.user.email });
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="platform__sign-in" aria-labelledby="platform-sign-in-title">
      <h1 id="platform-sign-in-title" className="page__title">
        {t("platform.signInTitle")}
      </h1>
      <p className="muted">{t("platform.signInHint")}</p>
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormAlert error={formError} />
        <TextField
          id="platform-email"
          type="email"
          autoComplete="username"
          label={t("platform.email")}
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="platform-password"
          type="password"
          autoComplete="current-password"
          label={t("platform.password")}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton busy={busy}>{t("platform.signIn")}</SubmitButton>
      </form>
    </section>
  );
}

function Console({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const schemes = useQuery({
    queryKey: [...SCHEMES_KEY, token],
    queryFn: async ({ signal }) => await call("platform/schemes/list", {}, { token, signal }),
    retry: false,
  });
  const expired = isApiError(schemes.error) && schemes.error.code === 1401;
  useEffect(() => {
    if (expired) setPlatformSession(null); // signed out elsewhere, or expired: sign in again
  }, [expired]);

  const signOut = async () => {
    setPlatformSession(null);
    queryClient.removeQueries({ queryKey: SCHEMES_KEY });
    await call("auth/signout", {}, { token }).catch(() => undefined);
  };
  const list = schemes.data?.payload ?? [];

  return (
    <>
      <div className="platform__bar">
        <h1 className="page__title">{t("platform.title")}</h1>
        <span className="muted platform__who">{t("platform.signedInAs", { email })}</span>
        <button type="button" className="button button--ghost" onClick={() => void signOut()}>
          {t("platform.signOut")}
        </button>
      </div>
      <section aria-labelledby="platform-schemes-title">
        <h2 id="platform-schemes-title" className="platform__heading">
          {t("platform.schemes")}
        </h2>
        {schemes.isPending ? <p className="muted">{t("platform.loading")}</p> : null}
        {schemes.error && !expired ? (
          <p role="alert" className="alert alert--error">
            {errorMessage(schemes.error)}
          </p>
        ) : null}
        {schemes.data ? (
          <>
            <p>{t("platform.count", { count: list.length })}</p>
            <table
              className="office-table office-table--stack platform__table"
              aria-label={t("platform.schemes")}
            >
              <thead>
                <tr>
                  <th scope="col">{t("platform.name")}</th>
                  <th scope="col">{t("platform.slug")}</th>
                  <th scope="col">{t("platform.currency")}</th>
                  <th scope="col">{t("platform.venues")}</th>
                  <th scope="col">{t("platform.created")}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((s) => (
                  <tr key={s.business_slug}>
                    <td className="office-table__main">
                      <Link
                        to={paths.admin.root.getHref(s.business_slug)}
                        aria-label={t("platform.open", { name: s.name })}
                      >
                        {s.name}
                      </Link>
                    </td>
                    <td data-label={t("platform.slug")}>
                      <code>/{s.business_slug}</code>
                    </td>
                    <td data-label={t("platform.currency")}>{s.currency}</td>
                    <td data-label={t("platform.venues")}>{s.venues}</td>
                    <td data-label={t("platform.created")}>{when(s.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </section>
      <CreateSchemeForm
        token={token}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: SCHEMES_KEY })}
      />
    </>
  );
}
