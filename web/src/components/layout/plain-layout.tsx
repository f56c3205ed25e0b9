import type { ReactNode } from "react";
import { SkipLink } from "@/components/ui/skip-link";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { PREFERS_DARK, useMediaQuery } from "@/hooks/use-media-query";
import { SiteFooter } from "./site-footer";

/**
 * The chrome outside any scheme: the landing, not-found and platform console pages. No scheme
 * chooses their theme, so they follow the device's light or dark setting.
 */
export function PlainLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dark = useMediaQuery(PREFERS_DARK);
  return (
    <div className="themed-root" data-theme={dark ? "dark" : "light"}>
      <SkipLink />
      <header className="site-header">
        <div className="site-header__inner container">
          <Link to={paths.landing.getHref()} className="site-header__brand">
            <span className="platter-mark" aria-hidden="true" />
            <span className="site-header__name">{t("app.name")}</span>
          </Link>
          <div className="site-header__actions">
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
