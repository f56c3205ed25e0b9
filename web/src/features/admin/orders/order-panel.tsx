import { Dialog } from "@/components/ui/dialog";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import { addressLines, deliveryAddressOf } from "../board/delivery-address";
import { ReprintButton } from "../printers/reprint-button";
import { useDateTime } from "../team/date-time";
import { cardOf, type AdminOrder } from "./api";
import { ModifierList } from "../board/modifier-list";

/**
 * One order as the Orders page opens it: status and payment, the lines with
 * their modifiers and the totals, the customer, the timeline of its steps and
 * the refunds so far, with the Refund button (while anything is left).
 */
export function OrderPanel({
  scheme,
  order,
  onHide,
  onRefund,
}: {
  scheme: string;
  order: AdminOrder;
  onHide: () => void;
  onRefund: () => void;
}) {
  const { t } = useTranslation();
  const when = useDateTime();
  const currency = order.pricing.currency;
  const money = (n: number) => formatCurrency(n, currency);
  const name = [order.customer.first_name, order.customer.last_name].filter(Boolean).join(" ");
  const address = deliveryAddressOf(order);
  const phone = order.customer.contact_number || address?.contact_number || "";
  const p = order.pricing;
  const totals: [string, number][] = [
    [t("orders.detail.subtotal"), p.subtotal],
    ...(p.discount ? ([[t("orders.detail.discount"), -p.discount]] as [string, number][]) : []),
    ...(p.service_charge
      ? ([[t("orders.detail.serviceCharge"), p.service_charge]] as [string, number][])
      : []),
    ...(p.delivery_fee ? ([[t("orders.detail.deliveryFee"), p.delivery_fee]] as [string, number][]) : []),
    ...(p.tip ? ([[t("orders.detail.tip"), p.tip]] as [string, number][]) : []),
  ];
  const card = cardOf(order);
  const pending = order.status === "pending";
  return (
    <Dialog
      open
      onHide={onHide}
      position="right"
      className="order-panel"
      title={t("orders.detail.title", { number: order.order_number })}
      footer={
        <div className="order-panel__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={order.refundable <= 0 || pending}
            onClick={onRefund}
          >
            {t("orders.refund.open")}
          </button>
          <ReprintButton scheme={scheme} order={order} />
          {pending ? <p className="muted">{t("orders.detail.pendingNote")}</p> : null}
          {!pending && order.refundable <= 0 ? (
            <p className="muted">{t("orders.detail.nothingLeft")}</p>
          ) : null}
        </div>
      }
    >
      <p className="order-panel__status">
        <strong>{t(`board.status.${order.status}`)}</strong> · {t(`orders.payment.${order.payment_status}`)} ·{" "}
        {order.venue.name}
      </p>

      <section aria-labelledby="panel-lines" className="order-panel__section">
        <h3 id="panel-lines">{t("board.lines")}</h3>
        <ul className="order-panel__lines">
          {order.items.map((line) => (
            <li key={line.index}>
              <span className="order-panel__row">
                <span>
                  {line.qty} × {line.title}
                </span>
                <span>{money(line.total)}</span>
              </span>
              <ModifierList modifiers={line.modifiers} className="order-panel__modifiers" />
            </li>
          ))}
        </ul>
        <dl className="order-panel__totals">
          {totals.map(([label, n]) => (
            <div key={label} className="order-panel__row">
              <dt>{label}</dt>
              <dd>{money(n)}</dd>
            </div>
          ))}
          <div className="order-panel__row order-panel__total">
            <dt>{t("board.total")}</dt>
            <dd>{money(p.total)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="panel-customer" className="order-panel__section">
        <h3 id="panel-customer">{t("board.customer")}</h3>
        {name ? <p>{name}</p> : null}
        {order.customer.email ? (
          <p>
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
          </p>
        ) : null}
        {phone ? (
          <p>
            <a href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</a>
          </p>
        ) : null}
        {address ? <address>{addressLines(address).join(", ")}</address> : null}
      </section>

      <section aria-labelledby="panel-payment" className="order-panel__section">
        <h3 id="panel-payment">{t("orders.detail.payment")}</h3>
        <dl className="order-panel__totals">
          <div className="order-panel__row">
            <dt>{card ? t("orders.detail.paidWith", { card }) : t("orders.detail.paid")}</dt>
            <dd>{money(order.paid)}</dd>
          </div>
          <div className="order-panel__row">
            <dt>{t("orders.detail.refunded")}</dt>
            <dd>{money(order.refunded)}</dd>
          </div>
          <div className="order-panel__row order-panel__total">
            <dt>{t("orders.detail.left")}</dt>
            <dd data-testid="refundable">{money(order.refundable)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="panel-refunds" className="order-panel__section">
        <h3 id="panel-refunds">{t("orders.detail.refunds")}</h3>
        {order.refunds.length === 0 ? <p className="muted">{t("orders.detail.noRefunds")}</p> : null}
        <ol className="order-panel__refunds" aria-labelledby="panel-refunds">
          {order.refunds.map((r) => (
            <li key={r.id}>
              <span className="order-panel__row">
                <strong>{money(r.amount)}</strong>
                <span className={`order-panel__badge order-panel__badge--${r.status}`}>
                  {t(`orders.refundStatus.${r.status}`)}
                </span>
              </span>
              <span className="muted">
                {when(r.created_at)} · {r.kind === "staff" ? r.by : t("orders.detail.byLifecycle")}
              </span>
              {r.reason ? <span>{r.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="panel-timeline" className="order-panel__section">
        <h3 id="panel-timeline">{t("orders.detail.timeline")}</h3>
        <ol className="order-panel__timeline">
          {order.history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time className="muted">{when(h.at)}</time> <strong>{t(`board.status.${h.status}`)}</strong>
              {h.payment_status === "refunded" ? ` · ${t("orders.payment.refunded")}` : ""}
              {/* Staff's and the customer's words; the system's notes are the board's, in English. */}
              {h.reason && h.by !== "system" ? <span className="muted"> — {h.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </Dialog>
  );
}
