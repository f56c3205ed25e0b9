import { useTranslation } from "@/i18n";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { OrderType } from "@/lib/enums";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { AddressPicker } from "./address-picker";

/** OrderAddress (/{scheme}/home/address): choose a delivery address, then a store or the menu. */
export function OrderAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scheme = useCurrentScheme();
  const setCurrentVenue = useVenueStore((s) => s.setCurrentVenue);
  const setCurrentVenueName = useHomeStore((s) => s.setCurrentVenueName);
  const orderType = useHomeStore((s) => s.order_type);
  const setOrderType = useHomeStore((s) => s.setOrderType);
  const stores = scheme.stores;

  function next() {
    // Arriving here directly (a link or a reload) still means delivery.
    if (orderType === null) setOrderType(OrderType.DELIVERY);
    const only = stores.length === 1 ? stores[0] : undefined;
    if (only) {
      setCurrentVenue(only, OrderType.DELIVERY);
      setCurrentVenueName(only.name);
      void navigate(paths.venue.menu.getHref(scheme.business_slug, only.venue_slug));
      return;
    }
    void navigate(paths.home.stores.getHref(scheme.business_slug));
  }

  return (
    <section className="page page--narrow address-page">
      <h1 className="page__title">{t("home.addressTitle")}</h1>
      <AddressPicker storeCount={stores.length} onSubmit={next} />
    </section>
  );
}
