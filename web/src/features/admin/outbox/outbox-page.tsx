import "../i18n";
import { useTranslation } from "@/i18n";

/** Managers' outbox (mail sent or queued for the scheme): filled in by the roles work. */
export function OutboxPage() {
  const { t } = useTranslation();
  return (
    <section className="office-page">
      <h1 className="office-page__title">{t("office.outbox")}</h1>
      <p className="muted">{t("office.comingSoon")}</p>
    </section>
  );
}
