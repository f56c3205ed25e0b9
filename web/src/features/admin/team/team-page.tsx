import "../i18n";
import { useTranslation } from "@/i18n";

/** Managers' team page (staff and drivers, invitations): filled in by the roles work. */
export function TeamPage() {
  const { t } = useTranslation();
  return (
    <section className="office-page">
      <h1 className="office-page__title">{t("office.team")}</h1>
      <p className="muted">{t("office.comingSoon")}</p>
    </section>
  );
}
