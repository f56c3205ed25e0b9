import { useTranslation } from "@/i18n";
import { useParams } from "react-router";
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";

export function OrderDetailsPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  return <PlaceholderScreen title={t("orderDetails.title", { id })} />;
}
