import { useTranslation } from "@/i18n";
import { Navigate } from "react-router";
import { paths } from "@/app/paths";
import { Spinner } from "@/components/ui/spinner";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useSchemes } from "../api/get-schemes";
import { SchemeCard } from "./scheme-card";

/** Lists the schemes; with only one there is nothing to choose, so go straight to it. */
export function LandingPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const schemes = useSchemes();

  if (schemes.isPending) return <Spinner />;
  if (schemes.isError) {
    return (
      <div className="page page--narrow">
        <p role="alert" className="alert alert--error">
          {errorMessage(schemes.error)}
        </p>
        <button type="button" className="button button--primary" onClick={() => void schemes.refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  }

  const list = schemes.data.payload;
  const only = list.length === 1 ? list[0] : undefined;
  if (only) return <Navigate to={paths.home.root.getHref(only.business_slug)} replace />;

  return (
    <div className="landing">
      <section className="landing__hero">
        <div className="container">
          <h1 className="landing__title">{t("landing.title")}</h1>
          <p className="landing__subtitle">{t("landing.subtitle")}</p>
        </div>
      </section>
      <section className="container landing__list" aria-labelledby="schemes-heading">
        <h2 id="schemes-heading" className="section-title">
          {t("landing.schemesHeading")}
        </h2>
        {list.length === 0 ? (
          <p className="muted">{t("landing.empty")}</p>
        ) : (
          <ul className="scheme-grid">
            {list.map((scheme) => (
              <SchemeCard key={scheme.business_slug} scheme={scheme} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
