import { useTranslation } from "@/i18n";
import { ExceptionNotices } from "@/components/ui/exception-notices";
import { OpeningBadge } from "@/components/ui/opening-badge";
import { useOpeningStatus } from "@/hooks/use-opening-status";
import { deliveryTermsText, type AddressTerms } from "@/lib/delivery-terms";
import { formatDistanceKm } from "@/lib/distance";
import { OrderType } from "@/lib/enums";
import { promiseText } from "@/lib/venue-status";
import type { StoreChoice } from "../lib/store-choice";
import { townLine } from "@/lib/address-line";

interface StoreCardProps {
  choice: StoreChoice;
  currency: string;
  orderType: OrderType | null;
  onChoose: (choice: StoreChoice) => void;
  /** The delivery terms for the customer's address (stores/deliverable), once known. */
  terms?: AddressTerms | null;
}

export function StoreCard({ choice, currency, orderType, onChoose, terms }: StoreCardProps) {
  const { t, i18n } = useTranslation();
  const { store, km, deliverable } = choice;
  const status = useOpeningStatus(store);
  const blocked = deliverable === false;
  const address = [store.address.line1, townLine(store.address)].filter(Boolean).join(", ");
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
        {orderType === OrderType.DELIVERY && !blocked && <DeliveryInfo {...{ store, currency, terms }} />}
        {blocked && (
          <p id={reasonId} className="store-card__reason">
            {store.delivery.zones
              ? t("home.outsideDeliveryZones")
              : t("home.outsideDeliveryArea", {
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

/** "Delivery from £1.50 · minimum £10.00": the zones' terms, or the address's once known. */
function DeliveryInfo({
  store,
  currency,
  terms,
}: {
  store: StoreChoice["store"];
  currency: string;
  terms?: AddressTerms | null;
}) {
  const { t } = useTranslation();
  const text = deliveryTermsText(store, currency, t, terms);
  return (
    <p className="muted small" data-testid={`delivery-terms-${store.venue_slug}`}>
      {text.minimum
        ? t("home.deliveryInfo", { fee: text.fee, minimum: text.minimum })
        : t("menu.deliveryFee", { fee: text.fee })}
    </p>
  );
}
