import { useTranslation } from "@/i18n";
import { ORDER_STATUS_LABEL_KEYS, OrderType, type OrderStatus } from "@/lib/enums";
import type { OrderDetail } from "../api/get-order";
import { formatClock } from "../lib/format";

/** The progress steps (DESIGN.md §6 labels) and the expected time. */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const label = (status: string) => t(ORDER_STATUS_LABEL_KEYS[status as OrderStatus] ?? status);
  const steps = order.progress ?? [];
  const pickup = order.order_type === OrderType.PICKUP;
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
      {order.expected_at && !["rejected", "cancelled", "collected", "delivered"].includes(order.status) ? (
        <p className="order-progress__eta" data-testid="order-eta">
          {t(pickup ? "orderDetails.expectedPickup" : "orderDetails.expectedDelivery", {
            time: formatClock(order.expected_at, i18n.language),
          })}
        </p>
      ) : null}
    </section>
  );
}
