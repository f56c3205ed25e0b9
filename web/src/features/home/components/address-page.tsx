import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";
import { useCurrentScheme } from "@/hooks/use-current-scheme";

/** The address picker arrives with the addresses issue; until then, go on to the stores. */
export function AddressPage() {
  const { t } = useTranslation();
  const scheme = useCurrentScheme();
  const several = scheme.stores.length > 1;
  return (
    <PlaceholderScreen title={t("home.addressTitle")}>
      <p className="muted">{t("common.comingSoon")}</p>
      <Link to={paths.home.stores.getHref(scheme.business_slug)} className="button button--primary">
        {several ? t("address.continue") : t("address.goToMenu")}
      </Link>
    </PlaceholderScreen>
  );
}
