import { useTranslation } from "@/i18n";
import { Outlet } from "react-router";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import "./home.css";

/** The brand band, with the scheme's logo, over the order-type, store and address steps. */
export function HomeLayout() {
  const { t } = useTranslation();
  const scheme = useCurrentScheme();
  return (
    <div className="home-layout">
      <section className="brand-hero" data-testid="brand-hero">
        <div className="container brand-hero__inner">
          <SchemeLogo name={scheme.name} logoUrl={scheme.logo_url} size={56} />
          <p className="brand-hero__eyebrow">{t("home.welcome", { name: scheme.name })}</p>
        </div>
      </section>
      <div className="container home-layout__body">
        <Outlet />
      </div>
    </div>
  );
}
