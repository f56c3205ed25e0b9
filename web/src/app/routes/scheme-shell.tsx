import { useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { useMatches, useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlainLayout } from "@/components/layout/plain-layout";
import { SchemeHeader } from "@/components/layout/scheme-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { FullPageSpinner } from "@/components/ui/spinner";
import { ThemedRoot } from "@/components/ui/themed-root";
import { AccountMenu } from "@/features/auth/components/account-menu";
import { PageTitleContext, storefrontTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { isApiError } from "@/lib/api/api-error";
import { useSchemeQuery } from "@/lib/api/get-scheme";

/**
 * Renders the children of /:scheme themed with the scheme's colours under its
 * header. venue/info was started (and recorded in the stores) by the route's
 * loader; here it is only read, from the page's inline answer, the persisted
 * one of an earlier visit, or the network.
 */
export function SchemeShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { scheme: slug = "" } = useParams();
  const query = useSchemeQuery(slug);
  // The deepest route's params: a layout's own useParams stops at its own segment.
  const venueSlug = useMatches().at(-1)?.params.venue;
  const venue = query.data?.payload.stores.find((v) => v.venue_slug === venueSlug);
  const brand = query.data?.payload.name;
  const missing = !query.data && isApiError(query.error) && query.error.status === 404;
  // The page's own name ("Order #9"), put in front of the brand's title.
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const title = brand
    ? storefrontTitle(brand, venue?.name)
    : missing
      ? `${t("notFound.title")} — ${t("app.name")}`
      : t("app.name");
  useDocumentTitle(pageTitle && brand ? `${pageTitle} — ${title}` : title);

  if (query.isPending) return <FullPageSpinner />;
  // A failed background refetch of a scheme already shown (persisted, or
  // offline) keeps showing it: only a scheme never loaded is an error page.
  if (query.data === undefined) {
    if (missing) {
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
        <PageTitleContext value={setPageTitle}>{children}</PageTitleContext>
      </main>
      <SiteFooter name={scheme.name} />
    </ThemedRoot>
  );
}
