import { useTranslation } from "@/i18n";
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";

/** The back office (lazy chunk); its screens arrive with the back-office issues. */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderScreen title={t("admin.title")}>
      <p className="muted">{t("admin.body")}</p>
    </PlaceholderScreen>
  );
}
