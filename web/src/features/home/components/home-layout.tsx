import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useCurrentScheme } from "@/hooks/use-current-scheme";

/** The brand band over the order-type, store and address steps. */
export function HomeLayout() {
  const { t } = useTranslation();
  const scheme = useCurrentScheme();
  return (
    <div className="home-layout">
      <section className="brand-hero" data-testid="brand-hero">
        <div className="container">
          <p className="brand-hero__eyebrow">{t("home.welcome", { name: scheme.name })}</p>
        </div>
      </section>
      <div className="container home-layout__body">
        <Outlet />
      </div>
    </div>
  );
}
