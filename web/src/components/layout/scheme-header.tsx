import type { ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { SkipLink } from "@/components/ui/skip-link";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { selectIsSignedInTo, useAuthStore } from "@/stores/auth";

interface SchemeHeaderProps {
  businessSlug: string;
  name: string;
  logoUrl: string;
  /** The account control (from the auth feature); the plain sign-in/out below without it. */
  account?: ReactNode;
}

export function SchemeHeader({ businessSlug, name, logoUrl, account }: SchemeHeaderProps) {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectIsSignedInTo(businessSlug));
  const signOut = useAuthStore((s) => s.signOut);
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="site-header__inner container">
          <Link to={paths.home.root.getHref(businessSlug)} className="site-header__brand">
            <SchemeLogo name={name} logoUrl={logoUrl} size={36} />
            <span className="site-header__name">{name}</span>
          </Link>
          <nav className="site-header__actions" aria-label={t("nav.home")}>
            <LanguageSwitcher />
            {account !== undefined ? (
              account
            ) : signedIn ? (
              <button type="button" className="button button--ghost" onClick={() => signOut(businessSlug)}>
                {t("nav.signOut")}
              </button>
            ) : (
              <Link to={paths.auth.signIn.getHref(businessSlug)} className="button button--ghost">
                {t("nav.signIn")}
              </Link>
            )}
          </nav>
        </div>
      </header>
    </>
  );
}
