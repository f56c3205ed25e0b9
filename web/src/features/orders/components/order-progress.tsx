import { useTranslation } from "@/i18n";
import type { Store } from "@/lib/api/types";
import { ORDER_STATUS_LABEL_KEYS, OrderType, type OrderStatus } from "@/lib/enums";
import { formatTime } from "@/lib/time-format";
import type { OrderDetail } from "../api/get-order";
import { townLine } from "@/lib/address-line";

/**
 * The progress steps (docs/architecture.md §6 labels), the expected time (on the venue's
 * clock) and, for a pickup, where to collect it.
 */
export function OrderProgress({ order, venue }: { order: OrderDetail; venue?: Store }) {
  const { t, i18n } = useTranslation();
  const label = (status: string) => t(ORDER_STATUS_LABEL_KEYS[status as OrderStatus] ?? status);
  const steps = order.progress ?? [];
  const pickup = order.order_type === OrderType.PICKUP;
  // A pre-order is promised for its slot (accepted or not yet), never "about" a time.
  const slot = !order.is_asap && order.preorder_for ? order.preorder_for : null;
  const promised = slot ?? order.expected_at;
  const etaKey = slot
    ? pickup
      ? "orderDetails.slotPickup"
      : "orderDetails.slotDelivery"
    : pickup
      ? "orderDetails.expectedPickup"
      : "orderDetails.expectedDelivery";
  return (
    <section className="order-card" aria-labelledby="order-progress-title">
      <h2 className="order-card__title" id="order-progress-title">
        {t("orderDetails.progress")}
      </h2>
      {/* The current label is announced when it changes. */}
      <p className="order-progress__now" aria-live="polite">
        <span className="muted">{t("orderDetails.status")}: </span>
        <strong data-testid="order-status">{label(order.status)}</strong>
      </p>
      <ol className="order-progress">
        {steps.map((step) => {
          const current = step.status === order.status;
          return (
            <li
              key={step.status}
              className={`order-progress__step${step.done ? " order-progress__step--done" : ""}${current ? " order-progress__step--current" : ""}`}
              aria-current={current ? "step" : undefined}
              data-status={step.status}
            >
              <span className="order-progress__dot" aria-hidden="true" />
              <span>{label(step.status)}</span>
              {step.done && !current ? (
                <span className="visually-hidden">{t("orderDetails.stepDone")}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {promised && !["rejected", "cancelled", "collected", "delivered"].includes(order.status) ? (
        <p className="order-progress__eta" data-testid="order-eta">
          {t(etaKey, { time: formatTime(promised, i18n.language, { timeZone: venue?.time_zone }) })}
        </p>
      ) : null}
      {pickup && venue ? <PickupAt venue={venue} /> : null}
    </section>
  );
}

/** Where a pickup is collected: the venue's name and address, with a link to a map. */
function PickupAt({ venue }: { venue: Store }) {
  const { t } = useTranslation();
  const a = venue.address;
  const lines = [a.line1, a.line2, townLine(a)].filter(Boolean).join(", ");
  const map = `https://www.openstreetmap.org/?mlat=${venue.lat}&mlon=${venue.lng}#map=17/${venue.lat}/${venue.lng}`;
  return (
    <div className="order-place" data-testid="order-pickup-address">
      <p className="order-place__label">{t("orderDetails.pickupAt")}</p>
      <p className="order-place__name">{venue.name}</p>
      <p className="order-place__address">
        {lines}{" "}
        <a href={map} target="_blank" rel="noreferrer">
          {t("orderDetails.directions")}
        </a>
      </p>
    </div>
  );
}
