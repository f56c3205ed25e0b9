import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useCurrentVenue } from "@/hooks/use-current-venue";

export function CheckoutPage() {
  const { t } = useTranslation();
  const scheme = useCurrentScheme();
  const venue = useCurrentVenue();
  if (!venue) return <NotFoundPage homeHref={paths.home.root.getHref(scheme.business_slug)} />;
  return <PlaceholderScreen title={t("checkout.title")} />;
}
