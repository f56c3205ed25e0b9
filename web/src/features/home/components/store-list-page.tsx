import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import type { Store } from "@/lib/api/types";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { StoreCard } from "./store-card";

/** Step two (pickup, or several stores): choose a store and go to its menu. */
export function StoreListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scheme = useCurrentScheme();
  const orderType = useHomeStore((s) => s.order_type);
  const address = useHomeStore((s) => s.delivery_address);
  const setCurrentVenueName = useHomeStore((s) => s.setCurrentVenueName);
  const setCurrentVenue = useVenueStore((s) => s.setCurrentVenue);

  const stores = scheme.stores.filter((s) => orderType === null || s.order_types.includes(orderType));
  const from =
    address?.latitude != null && address.longitude != null
      ? { lat: address.latitude, lng: address.longitude }
      : null;

  function choose(store: Store) {
    setCurrentVenue(store, orderType ?? undefined);
    setCurrentVenueName(store.name);
    void navigate(paths.venue.menu.getHref(scheme.business_slug, store.venue_slug));
  }

  return (
    <section className="page">
      <h1 className="page__title">{t("home.storesTitle")}</h1>
      {stores.length === 0 ? (
        <p className="muted">{t("home.noStores")}</p>
      ) : (
        <ul className="store-list">
          {stores.map((store) => (
            <StoreCard
              key={store.venue_slug}
              store={store}
              currency={scheme.currency}
              orderType={orderType}
              from={from}
              onChoose={choose}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
