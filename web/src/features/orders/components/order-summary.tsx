import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import { OrderType } from "@/lib/enums";
import type { OrderDetail } from "../api/get-order";
import { townLine } from "@/lib/address-line";

/**
 * The lines with their modifiers and the totals, as priced by the server; where a
 * delivery goes. Zero lines are left out, except a delivery's fee ("Free").
 */
export function OrderSummary({ order, currency }: { order: OrderDetail; currency: string }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCurrency(minor, order.pricing?.currency || currency);
  const p = order.pricing;
  const delivery = order.order_type === OrderType.DELIVERY;
  const rows: [string, string][] = [];
  if (p) {
    const row = (label: string, minor: number) => minor !== 0 && rows.push([label, money(minor)]);
    rows.push([t("orderDetails.subtotal"), money(p.subtotal)]);
    row(t("orderDetails.discount"), -p.discount);
    row(t("orderDetails.serviceCharge"), p.service_charge);
    if (delivery) {
      rows.push([
        t("orderDetails.deliveryFee"),
        p.delivery_fee > 0 ? money(p.delivery_fee) : t("orderDetails.free"),
      ]);
    }
    row(t("orderDetails.tip"), p.tip);
  }
  return (
    <section className="order-card order-summary" aria-labelledby="order-summary-title">
      <h2 className="order-card__title" id="order-summary-title">
        {t("orderDetails.summary")}
      </h2>
      {order.venue?.name ? <p className="muted">{order.venue.name}</p> : null}
      {delivery ? <DeliveryTo address={order.delivery_address} /> : null}
      <ul className="order-summary__lines">
        {order.items?.map((line) => (
          <li key={line.index} className="order-summary__line">
            <span className="order-summary__qty">{line.qty}×</span>
            <span className="order-summary__title">
              {line.title}
              {line.modifiers.length > 0 ? (
                <span className="order-summary__modifiers muted small">
                  {line.modifiers.map((m) => (m.qty > 1 ? `${m.qty}× ${m.name}` : m.name)).join(", ")}
                </span>
              ) : null}
            </span>
            <span className="order-summary__price">{money(line.total)}</span>
          </li>
        ))}
      </ul>
      {p ? (
        <dl className="order-summary__totals">
          {rows.map(([label, value]) => (
            <div key={label} className="order-summary__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="order-summary__row order-summary__row--total">
            <dt>{t("orderDetails.total")}</dt>
            <dd data-testid="order-total">{money(p.total)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}

/** "Delivery to" the order's address: its name ("Home"), then its lines. */
function DeliveryTo({ address }: { address: OrderDetail["delivery_address"] }) {
  const { t } = useTranslation();
  if (!address) return null;
  const a = address as Partial<Record<"name" | "line1" | "line2" | "city" | "postcode" | "country", string>>;
  const lines = [a.line1, a.line2, townLine(a)].filter(Boolean).join(", ");
  return (
    <div className="order-place" data-testid="order-delivery-address">
      <p className="order-place__label">{t("orderDetails.deliverTo")}</p>
      {a.name ? <p className="order-place__name">{a.name}</p> : null}
      <p className="order-place__address">{lines}</p>
    </div>
  );
}
