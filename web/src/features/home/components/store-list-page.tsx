import { useState } from "react";
import { useTranslation } from "@/i18n";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { OrderType } from "@/lib/enums";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { useDeliverable } from "@/lib/api/get-deliverable";
import { useGeolocation } from "../hooks/use-geolocation";
import { rankStores, type StoreChoice } from "../lib/store-choice";
import { StoreCard } from "./store-card";

/** Step two (pickup, or several stores): choose a store and go to its menu. */
export function StoreListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scheme = useCurrentScheme();
  const orderType = useHomeStore((s) => s.order_type);
  const deliveryAddress = useHomeStore((s) => s.delivery_address);
  const setCurrentVenueName = useHomeStore((s) => s.setCurrentVenueName);
  const setCurrentVenue = useVenueStore((s) => s.setCurrentVenue);

  const address =
    orderType === OrderType.DELIVERY && deliveryAddress?.latitude != null && deliveryAddress.longitude != null
      ? { lat: deliveryAddress.latitude, lng: deliveryAddress.longitude }
      : null;
  // The delivery address is where the food goes; otherwise measure from where the customer
  // is, but only once they ask: a permission prompt nobody asked for is refused and annoys.
  const [locate, setLocate] = useState(false);
  const position = useGeolocation(address === null && locate);
  const offerLocate =
    address === null && !locate && typeof navigator !== "undefined" && "geolocation" in navigator;
  const { data: checks } = useDeliverable(scheme.business_slug, address);
  const verdicts = checks ? new Map(checks.map((c) => [c.venue_slug, c.delivers])) : undefined;
  const terms = new Map((checks ?? []).map((c) => [c.venue_slug, c]));
  const choices = rankStores(scheme.stores, { orderType, address, position, verdicts });

  function choose({ store }: StoreChoice) {
    setCurrentVenue(store, orderType ?? undefined);
    setCurrentVenueName(store.name);
    void navigate(paths.venue.menu.getHref(scheme.business_slug, store.venue_slug));
  }

  return (
    <section className="page">
      <h1 className="page__title">{t("home.storesTitle")}</h1>
      {orderType !== null && (
        <p className="store-list__for muted">
          {t(orderType === OrderType.DELIVERY ? "home.storesForDelivery" : "home.storesForPickup")}{" "}
          <Link to={paths.home.root.getHref(scheme.business_slug)}>{t("home.change")}</Link>
        </p>
      )}
      {offerLocate && choices.length > 1 && (
        <p className="store-list__locate">
          <button type="button" className="button button--ghost" onClick={() => setLocate(true)}>
            {t("home.useMyLocation")}
          </button>
        </p>
      )}
      {choices.length === 0 ? (
        <p className="muted">{t("home.noStores")}</p>
      ) : (
        <ul className="store-list">
          {choices.map((choice) => (
            <StoreCard
              key={choice.store.venue_slug}
              choice={choice}
              currency={scheme.currency}
              orderType={orderType}
              onChoose={choose}
              terms={terms.get(choice.store.venue_slug)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
