import { useTranslation } from "@/i18n";

export function SiteFooter({ name }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {name ? (
          <span>
            © {new Date().getFullYear()} {name}
          </span>
        ) : (
          <span />
        )}
        <span className="muted">{t("app.poweredBy")}</span>
      </div>
    </footer>
  );
}
