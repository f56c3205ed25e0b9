import { useTranslation } from "@/i18n";

/** What a page for managers shows anyone else: its title and that it is for managers. */
export function ManagersOnly({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="office-page">
      <h1 className="office-page__title">{title}</h1>
      <p className="muted">{t("team.managersOnly")}</p>
    </section>
  );
}
