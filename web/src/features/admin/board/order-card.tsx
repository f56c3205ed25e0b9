import { DeliveryIcon, PickupIcon, WarningIcon } from "@/components/ui/icons";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { BoardOrder, OrderStatus } from "./api";
import { clockAt, scheduledFor } from "./format";
import {
  autoRejectMinutesCounted,
  autoRejectWarning,
  isDelivery,
  mentionsAllergy,
  nextSteps,
  waitingMinutes,
} from "./lifecycle";

export interface OrderActions {
  accept: (order: BoardOrder) => void;
  reject: (order: BoardOrder) => void;
  cancel: (order: BoardOrder) => void;
  step: (order: BoardOrder, status: OrderStatus) => void;
  open: (order: BoardOrder) => void;
  print: (order: BoardOrder) => void;
  busy: boolean;
}

/** The progress buttons valid for the order's type and status. */
export function StepButtons({ order, actions }: { order: BoardOrder; actions: OrderActions }) {
  const { t } = useTranslation();
  if (order.status === "pending") {
    return (
      <>
        <button
          type="button"
          className="button button--primary"
          disabled={actions.busy}
          onClick={() => actions.accept(order)}
        >
          {t("board.accept")}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={actions.busy}
          onClick={() => actions.reject(order)}
        >
          {t("board.reject")}
        </button>
      </>
    );
  }
  return (
    <>
      {nextSteps(order).map((status) => (
        <button
          key={status}
          type="button"
          className="button button--primary"
          disabled={actions.busy}
          onClick={() => actions.step(order, status)}
        >
          {t(`board.step.${status}`)}
        </button>
      ))}
    </>
  );
}

export function OrderCard({
  order,
  actions,
  now,
  autoRejectMinutes,
  timeZone,
}: {
  order: BoardOrder;
  actions: OrderActions;
  now: number;
  autoRejectMinutes: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const waited = waitingMinutes(order, now);
  const warning = autoRejectWarning(autoRejectMinutesCounted(order, now), autoRejectMinutes);
  const allergy = mentionsAllergy(order.order_note);
  const count = order.items.reduce((n, l) => n + l.qty, 0);
  const name = order.customer.first_name || order.customer.email;
  const titleId = `order-${order.id}-title`;
  const when = order.is_asap
    ? t("board.asap")
    : scheduledFor(order.preorder_for, now, i18n.language, timeZone, t);
  return (
    <article
      className={`order-card order-card--${order.status}${warning !== null ? " order-card--late" : ""}`}
      aria-labelledby={titleId}
      data-testid="order-card"
      data-order-id={order.id}
      data-status={order.status}
    >
      <header className="order-card__head">
        <h3 id={titleId} className="order-card__number">
          <button type="button" className="order-card__open" onClick={() => actions.open(order)}>
            #{order.order_number}
            <span className="visually-hidden"> — {t("board.details")}</span>
          </button>
        </h3>
        <span className="order-card__type">
          {isDelivery(order) ? <DeliveryIcon size={18} /> : <PickupIcon size={18} />}
          {t(isDelivery(order) ? "board.delivery" : "board.pickup")}
        </span>
      </header>
      <p className="order-card__meta">
        <span>{when}</span>
        {order.status === "pending" ? (
          <span>{t("board.waited", { count: Math.floor(waited) })}</span>
        ) : (order.ready_at ?? order.expected_at) && order.status === "accepted" ? (
          <span>
            {t("board.expectedAt", {
              time: clockAt((order.ready_at ?? order.expected_at)!, i18n.language, timeZone),
            })}
          </span>
        ) : (
          <span>{t("board.paidAt", { time: clockAt(order.paid_at, i18n.language, timeZone) })}</span>
        )}
      </p>
      <p className="order-card__summary">
        <span>{name}</span>
        <span>
          {t("board.items", { count })} · {formatCurrency(order.pricing.total, order.pricing.currency)}
        </span>
      </p>
      {allergy ? (
        <p className="order-card__allergy">
          <WarningIcon size={16} /> {t("board.allergyAlert")}
        </p>
      ) : null}
      {warning !== null ? (
        <p className="order-card__warning" role="status">
          <WarningIcon size={16} /> {t("board.autoRejectIn", { count: warning })}
        </p>
      ) : null}
      {order.status === "rejected" || order.status === "cancelled" ? (
        <p className="order-card__outcome">
          {t(`board.status.${order.status}`)}
          {order.payment_status === "refunded" ? ` · ${t("board.refunded")}` : ""}
        </p>
      ) : order.status === "collected" || order.status === "delivered" ? (
        <p className="order-card__outcome">{t(`board.status.${order.status}`)}</p>
      ) : (
        <div className="order-card__actions">
          <StepButtons order={order} actions={actions} />
        </div>
      )}
    </article>
  );
}
