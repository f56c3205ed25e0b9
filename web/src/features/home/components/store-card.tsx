import { useTranslation } from "react-i18next";
import type { Store } from "@/lib/api/types";
import { formatCurrency } from "@/lib/currency";
import { distanceKm, formatDistanceKm, type LatLng } from "@/lib/distance";
import { OrderType } from "@/lib/enums";

interface StoreCardProps {
  store: Store;
  currency: string;
  orderType: OrderType | null;
  from: LatLng | null;
  onChoose: (store: Store) => void;
}

export function StoreCard({ store, currency, orderType, from, onChoose }: StoreCardProps) {
  const { t, i18n } = useTranslation();
  const address = [store.address.line1, store.address.city, store.address.postcode]
    .filter(Boolean)
    .join(", ");
  const opensAt = store.next_opening_at
    ? new Intl.DateTimeFormat(i18n.language, {
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: store.time_zone,
      }).format(new Date(store.next_opening_at))
    : null;
  return (
    <li className="store-card">
      <div className="store-card__main">
        <h2 className="store-card__name">{store.name}</h2>
        <p className="muted">{address}</p>
        <p className="store-card__meta">
          <span className={store.is_open ? "badge badge--open" : "badge badge--closed"}>
            {store.is_open ? t("home.open") : t("home.closed")}
          </span>
          {!store.is_open && opensAt && <span>{t("home.opensAt", { time: opensAt })}</span>}
          <span>{t("home.prepTime", { minutes: store.prep_minutes })}</span>
          {from && <span>{t("distance.away", { distance: formatDistanceKm(distanceKm(from, store)) })}</span>}
        </p>
        {orderType === OrderType.DELIVERY && (
          <p className="muted small">
            {t("home.deliveryInfo", {
              fee: formatCurrency(store.delivery.fee, currency),
              minimum: formatCurrency(store.delivery.minimum, currency),
            })}
          </p>
        )}
      </div>
      <button type="button" className="button button--primary" onClick={() => onChoose(store)}>
        {t("home.orderHere")}
      </button>
    </li>
  );
}
