import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { OrderDetail } from "../api/get-order";

/** The lines with their modifiers and the totals, as priced by the server. */
export function OrderSummary({ order, currency }: { order: OrderDetail; currency: string }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCurrency(minor, order.pricing?.currency || currency);
  const p = order.pricing;
  const rows: [string, number][] = p
    ? (
        [
          [t("orderDetails.subtotal"), p.subtotal],
          [t("orderDetails.discount"), -p.discount],
          [t("orderDetails.serviceCharge"), p.service_charge],
          [t("orderDetails.deliveryFee"), p.delivery_fee],
          [t("orderDetails.tip"), p.tip],
        ] as [string, number][]
      ).filter(([, value], i) => i === 0 || value !== 0)
    : [];
  return (
    <section className="order-card order-summary" aria-labelledby="order-summary-title">
      <h2 className="order-card__title" id="order-summary-title">
        {t("orderDetails.summary")}
      </h2>
      {order.venue?.name ? <p className="muted">{order.venue.name}</p> : null}
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
              <dd>{money(value)}</dd>
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
