import type { CSSProperties } from "react";
import { useTranslation } from "@/i18n";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import type { SchemeSummary } from "@/lib/api/types";
import { contrastText, normaliseColour } from "@/lib/theme";

export function SchemeCard({ scheme }: { scheme: SchemeSummary }) {
  const { t } = useTranslation();
  const colour = normaliseColour(scheme.colour) || "#222222";
  const style = { "--card-colour": colour, "--on-card-colour": contrastText(colour) } as CSSProperties;
  return (
    <li>
      <Link
        to={paths.home.root.getHref(scheme.business_slug)}
        className="scheme-card"
        style={style}
        data-testid={`scheme-${scheme.business_slug}`}
        aria-label={t("landing.orderFrom", { name: scheme.name })}
      >
        <span className="scheme-card__banner">
          <SchemeLogo name={scheme.name} logoUrl={scheme.logo_url} size={64} />
        </span>
        <span className="scheme-card__body">
          <span className="scheme-card__name">{scheme.name}</span>
          <span className="scheme-card__cta">
            {t("landing.orderFrom", { name: scheme.name })} <span aria-hidden="true">→</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
