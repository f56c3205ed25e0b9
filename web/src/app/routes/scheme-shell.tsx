import { useEffect, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlainLayout } from "@/components/layout/plain-layout";
import { SchemeHeader } from "@/components/layout/scheme-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { FullPageSpinner } from "@/components/ui/spinner";
import { ThemedRoot } from "@/components/ui/themed-root";
import { AccountMenu } from "@/features/auth/components/account-menu";
import { useErrorMessage } from "@/hooks/use-error-message";
import { isApiError } from "@/lib/api/api-error";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";

/**
 * Loads the scheme of /:scheme (venue/info), records it in the venue store,
 * and renders its children themed with its colours under its header.
 */
export function SchemeShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { scheme: slug = "" } = useParams();
  const query = useSchemeQuery(slug);
  const setScheme = useVenueStore((s) => s.setScheme);
  const setHomeScheme = useHomeStore((s) => s.setCurrentScheme);

  useEffect(() => {
    if (!query.data) return;
    setScheme(query.data.payload, query.data.meta.lastUpdatedTime);
    setHomeScheme(query.data.payload.business_slug);
    document.title = query.data.payload.name;
  }, [query.data, setScheme, setHomeScheme]);

  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
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
          <h1 className="page__title">{t("scheme.loadFailed")}</h1>
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
      <SchemeHeader
        businessSlug={scheme.business_slug}
        name={scheme.name}
        logoUrl={scheme.logo_url}
        account={<AccountMenu scheme={scheme.business_slug} />}
      />
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter name={scheme.name} />
    </ThemedRoot>
  );
}
