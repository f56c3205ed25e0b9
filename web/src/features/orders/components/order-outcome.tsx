import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { OrderDetail } from "../api/get-order";
import { orderOutcome } from "../lib/outcome";

/**
 * "Thank you for your order!" while the order goes on; once it is rejected or
 * cancelled, that instead, with why (staff's words or the system's reason in the
 * customer's) and what happened to the money.
 */
export function OrderOutcome({
  order,
  venueName,
  currency,
}: {
  order: OrderDetail;
  venueName: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const outcome = orderOutcome(order);
  if (outcome.kind === "thanks") return <p className="order-details__thanks">{t("orderDetails.thanks")}</p>;
  const amount = formatCurrency(order.pricing?.total ?? 0, order.pricing?.currency || currency);
  const headline =
    outcome.kind === "rejected"
      ? t("orderDetails.rejected", { venue: venueName })
      : outcome.by === "customer"
        ? t("orderDetails.cancelledByYou")
        : t("orderDetails.cancelled");
  const refund =
    outcome.refund === "refunded"
      ? t("orderDetails.refunded", { amount })
      : outcome.refund === "pending"
        ? t("orderDetails.refundPending", { amount })
        : outcome.refund === "none"
          ? t("orderDetails.notCharged")
          : null;
  return (
    <section
      className="order-card order-outcome"
      data-testid="order-outcome"
      aria-labelledby="order-outcome-title"
    >
      <h2 className="order-card__title" id="order-outcome-title">
        {headline}
      </h2>
      {outcome.reason ? (
        <p className="order-outcome__reason">{t("orderDetails.reason", { reason: outcome.reason })}</p>
      ) : outcome.systemReason ? (
        <p className="order-outcome__reason">{t(outcome.systemReason)}</p>
      ) : null}
      {refund ? (
        <p className="order-outcome__refund" data-testid="order-refund">
          {refund}
        </p>
      ) : null}
    </section>
  );
}
