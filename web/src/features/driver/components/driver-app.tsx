import "../i18n";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlainLayout } from "@/components/layout/plain-layout";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { SkipLink } from "@/components/ui/skip-link";
import { FullPageSpinner } from "@/components/ui/spinner";
import { ThemedRoot } from "@/components/ui/themed-root";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { selectIsSignedInTo, useAuthStore } from "@/stores/auth";
import { DRIVER_KEY } from "../api/deliveries";
import { DeliveryList } from "./delivery-list";
import { DriverSignIn } from "./driver-sign-in";
import "./driver.css";

/**
 * /{scheme}/driver: the driver view (its own lazy route tree). The scheme's
 * brand and colours, a sign-in for the scheme's drivers, then their assigned
 * deliveries. Built for a phone held in one hand: one column, large buttons
 * at the bottom of each card.
 */
export function DriverApp() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { scheme: slug = "" } = useParams();
  const query = useSchemeQuery(slug);
  const signedIn = useAuthStore(selectIsSignedInTo(slug));
  const signOut = useAuthStore((s) => s.signOut);
  const queryClient = useQueryClient();
  const brand = query.data?.payload.name ?? t("app.name");
  useDocumentTitle(`${t("driverApp.title")} — ${brand}`);

  if (query.isPending) return <FullPageSpinner />;
  if (query.data === undefined) {
    return (
      <PlainLayout>
        {isApiError(query.error) && query.error.status === 404 ? (
          <NotFoundPage />
        ) : (
          <div className="page page--narrow">
            <p role="alert" className="alert alert--error">
              {errorMessage(query.error)}
            </p>
          </div>
        )}
      </PlainLayout>
    );
  }
  const scheme = query.data.payload;
  return (
    <ThemedRoot scheme={scheme}>
      <SkipLink />
      <header className="driver-header">
        <div className="driver-header__brand">
          <SchemeLogo name={scheme.name} logoUrl={scheme.logo_url} size={32} />
          <span className="driver-header__name">{scheme.name}</span>
          <span className="driver-header__tag">{t("driverApp.tag")}</span>
        </div>
        <div className="driver-header__tools">
          <LanguageSwitcher />
          {signedIn ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                queryClient.removeQueries({ queryKey: [DRIVER_KEY] });
                signOut(slug);
              }}
            >
              {t("driverApp.signOut")}
            </button>
          ) : null}
        </div>
      </header>
      <main id="main" className="driver-main">
        {signedIn ? (
          <DeliveryList scheme={slug} brand={scheme.name} />
        ) : (
          <DriverSignIn scheme={slug} brand={scheme.name} />
        )}
      </main>
    </ThemedRoot>
  );
}
