import { useTranslation } from "@/i18n";
import { ExceptionNotices } from "@/components/ui/exception-notices";
import { OpeningBadge } from "@/components/ui/opening-badge";
import { useOpeningStatus } from "@/hooks/use-opening-status";
import { formatCurrency } from "@/lib/currency";
import { formatDistanceKm } from "@/lib/distance";
import { OrderType } from "@/lib/enums";
import { promiseText } from "@/lib/venue-status";
import type { StoreChoice } from "../lib/store-choice";

interface StoreCardProps {
  choice: StoreChoice;
  currency: string;
  orderType: OrderType | null;
  onChoose: (choice: StoreChoice) => void;
}

export function StoreCard({ choice, currency, orderType, onChoose }: StoreCardProps) {
  const { t, i18n } = useTranslation();
  const { store, km, deliverable } = choice;
  const status = useOpeningStatus(store);
  const blocked = deliverable === false;
  const address = [store.address.line1, store.address.city, store.address.postcode]
    .filter(Boolean)
    .join(", ");
  const reasonId = `store-${store.venue_slug}-reason`;
  return (
    <li
      className={`store-card${blocked ? " store-card--disabled" : ""}`}
      data-testid={`store-${store.venue_slug}`}
    >
      <div className="store-card__main">
        <h2 className="store-card__name">{store.name}</h2>
        <p className="muted">{address}</p>
        <p className="store-card__meta">
          <OpeningBadge status={status} />
          {!status.open && status.opensAt && <span>{status.opensAt}</span>}
          {status.pausedUntil && <span>{t("opening.pausedUntil", { time: status.pausedUntil })}</span>}
          {/* The ASAP promise, only while it can be kept (closed or paused: it cannot). */}
          {status.asap && <span>{promiseText(t, store, orderType)}</span>}
          {km !== null && (
            <span className="store-card__distance">
              {t("distance.away", { distance: formatDistanceKm(km, i18n.language) })}
            </span>
          )}
        </p>
        <ExceptionNotices store={store} limit={1} className="store-card__notices" />
        {orderType === OrderType.DELIVERY && (
          <p className="muted small">
            {t("home.deliveryInfo", {
              fee: formatCurrency(store.delivery.fee, currency),
              minimum: formatCurrency(store.delivery.minimum, currency),
            })}
          </p>
        )}
        {blocked && (
          <p id={reasonId} className="store-card__reason">
            {t("home.outsideDeliveryArea", {
              radius: formatDistanceKm(store.delivery.radius_m / 1000, i18n.language),
            })}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={blocked}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={() => onChoose(choice)}
      >
        {t("home.orderHere")}
        <span className="visually-hidden">: {store.name}</span>
      </button>
    </li>
  );
}
