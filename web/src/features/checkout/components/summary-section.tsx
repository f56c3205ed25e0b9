import { useTranslation } from "@/i18n";
import { BinIcon, WarningIcon } from "@/components/ui/icons";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { formatCurrency } from "@/lib/currency";
import { selectUserOf, useAuthStore } from "@/stores/auth";
import type { Pricing } from "../api/types";

export interface SummaryLine {
  index: number;
  title: string;
  qty: number;
  modifiers: string[];
  /** Why the line will not be ordered (already in the customer's language), or null. */
  problem: string | null;
  /** The server's price of the line, when it gave one. */
  total?: number;
}

interface SummarySectionProps {
  lines: SummaryLine[];
  pricing: Pricing | undefined;
  currency: string;
  delivery: boolean;
  loyalty: boolean;
  updating: boolean;
  /** The venue does not deliver to the address: no fee and no total, as if it could be paid. */
  undeliverable?: boolean;
  onRemove: (index: number) => void;
}

/**
 * The order's lines and every figure of docs/product.md §2, all from orders/quote; a
 * figure of zero (service charge, tip, tax) is left out, a delivery's fee says "Free". To an
 * address the venue does not deliver to there is no fee and no total: nothing can be paid.
 */
export function SummarySection({
  lines,
  pricing,
  currency,
  delivery,
  loyalty,
  updating,
  undeliverable = false,
  onRemove,
}: SummarySectionProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCurrency(minor, currency);
  const user = useAuthStore(selectUserOf(useCurrentScheme().business_slug));
  const collects = user !== null && user.is_guest !== true;
  return (
    <section className="co-summary" aria-labelledby="co-summary-title" aria-busy={updating}>
      <h2 id="co-summary-title" className="co-section__title">
        {t("checkout.summary.title")}
      </h2>
      <ul className="co-lines">
        {lines.map((line) => (
          <li
            key={line.index}
            className={`co-line${line.problem ? " co-line--excluded" : ""}`}
            data-testid="checkout-line"
          >
            <span className="co-line__qty">{line.qty}×</span>
            <div className="co-line__text">
              <p className="co-line__title">{line.title}</p>
              {line.modifiers.length > 0 && <p className="co-line__mods">{line.modifiers.join(", ")}</p>}
              {line.problem && (
                <p className="co-line__problem">
                  <WarningIcon size={14} />
                  <span>
                    {line.problem} {t("checkout.summary.excluded")}
                  </span>
                </p>
              )}
            </div>
            {line.problem ? (
              <button
                type="button"
                className="co-line__remove"
                aria-label={t("basket.remove", { title: line.title })}
                onClick={() => onRemove(line.index)}
              >
                <BinIcon size={16} />
              </button>
            ) : (
              line.total !== undefined && <span className="co-line__price">{money(line.total)}</span>
            )}
          </li>
        ))}
      </ul>
      {pricing && (
        <dl className={`co-totals${updating ? " co-totals--updating" : ""}`} data-testid="checkout-totals">
          <Row label={t("checkout.summary.subtotal")} value={money(pricing.subtotal)} id="subtotal" />
          {pricing.discount > 0 && (
            <Row label={t("checkout.summary.discount")} value={`-${money(pricing.discount)}`} id="discount" />
          )}
          {pricing.service_charge > 0 && (
            <Row
              label={t("checkout.summary.serviceCharge")}
              value={money(pricing.service_charge)}
              id="service-charge"
            />
          )}
          {delivery && (
            <Row
              label={t("checkout.summary.deliveryFee")}
              value={
                undeliverable
                  ? t("checkout.summary.notDeliverable")
                  : pricing.delivery_fee > 0
                    ? money(pricing.delivery_fee)
                    : t("checkout.summary.free")
              }
              id="delivery-fee"
            />
          )}
          {pricing.tip > 0 && <Row label={t("checkout.summary.tip")} value={money(pricing.tip)} id="tip" />}
          {!undeliverable && (
            <Row label={t("checkout.summary.total")} value={money(pricing.total)} id="total" strong />
          )}
          {pricing.tax > 0 && !undeliverable && (
            <Row label={t("checkout.summary.tax")} value={money(pricing.tax)} id="tax" muted />
          )}
        </dl>
      )}
      {/* Only a signed-in customer collects stamps (a guest has no card), and "0 stamps" is no news. */}
      {pricing && loyalty && collects && pricing.stamps_earned > 0 && !undeliverable && (
        <p className="co-stamps" data-testid="checkout-stamps">
          {t("checkout.summary.stamps", { count: pricing.stamps_earned })}
        </p>
      )}
    </section>
  );
}

function Row({
  label,
  value,
  id,
  strong,
  muted,
}: {
  label: string;
  value: string;
  id: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={`co-totals__row${strong ? " co-totals__row--total" : ""}${muted ? " co-totals__row--muted" : ""}`}
    >
      <dt>{label}</dt>
      <dd data-testid={`checkout-${id}`}>{value}</dd>
    </div>
  );
}
