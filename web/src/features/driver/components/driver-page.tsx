import { useTranslation } from "@/i18n";
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";

/** The driver view (lazy chunk); location sharing arrives with the driver issue. */
export function DriverPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderScreen title={t("driver.title")}>
      <p className="muted">{t("driver.body")}</p>
    </PlaceholderScreen>
  );
}
