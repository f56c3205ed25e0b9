import "../i18n";
import { Outlet, useParams } from "react-router";
import { useTranslation } from "@/i18n";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlainLayout } from "@/components/layout/plain-layout";
import { FullPageSpinner } from "@/components/ui/spinner";
import { ThemedRoot } from "@/components/ui/themed-root";
import { useErrorMessage } from "@/hooks/use-error-message";
import { isApiError } from "@/lib/api/api-error";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import "./admin.css";

/**
 * /{scheme}/admin: loads and themes the scheme (venue/info, as the storefront),
 * then the sign-in page or the signed-in shell.
 */
export function AdminRoot() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { scheme: slug = "" } = useParams();
  const query = useSchemeQuery(slug);

  if (query.isPending) return <FullPageSpinner />;
  if (query.data === undefined) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <PlainLayout>
          <NotFoundPage />
        </PlainLayout>
      );
    }
    return (
      <PlainLayout>
        <div className="page page--narrow">
          <h1 className="page__title">{t("office.loadFailed")}</h1>
          <p role="alert" className="alert alert--error">
            {errorMessage(query.error)}
          </p>
          <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </button>
        </div>
      </PlainLayout>
    );
  }
  const scheme = query.data.payload;
  return (
    <ThemedRoot scheme={scheme}>
      <Outlet context={{ brand: scheme.name, logoUrl: scheme.logo_url }} />
    </ThemedRoot>
  );
}

/** An unknown path under /{scheme}/admin. */
export function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <section className="office-page">
      <h1 className="office-page__title">{t("notFound.title")}</h1>
      <p className="muted">{t("office.notFound")}</p>
    </section>
  );
}
