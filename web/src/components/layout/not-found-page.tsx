import { useTranslation } from "@/i18n";
import { Link } from "react-router";
import { paths } from "@/app/paths";

interface NotFoundPageProps {
  /** Where "home" is: the scheme's home inside a scheme, else the landing page. */
  homeHref?: string;
  title?: string;
}

export function NotFoundPage({ homeHref = paths.landing.getHref(), title }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{title ?? t("notFound.title")}</h1>
      <p className="muted">{t("notFound.body")}</p>
      <Link to={homeHref} className="button button--primary">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
