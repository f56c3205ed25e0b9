import { Link, useLocation, useParams } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useErrorMessage } from "@/hooks/use-error-message";
import { formatCurrency } from "@/lib/currency";
import { ORDER_STATUS_LABEL_KEYS, type OrderStatus } from "@/lib/enums";
import { useOrder, type OrderView } from "../api/get-order";

/**
 * OrderDetails (/{scheme}/{venue}/order-details/{id}): for now the order's
 * number and its progress label; issue 11 adds tracking, ETA and support.
 */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const scheme = useCurrentScheme();
  const { id = "", venue = "" } = useParams();
  const state = useLocation().state as { order?: OrderView } | null;
  const order = useOrder(id, state?.order && String(state.order.id) === id ? state.order : undefined);
  const data = order.data;
  const labelKey = data ? ORDER_STATUS_LABEL_KEYS[data.status as OrderStatus] : undefined;
  return (
    <section className="page page--narrow order-details">
      <h1 className="page__title">{t("orderDetails.title", { id: data?.order_number || id })}</h1>
      {data ? (
        <>
          <p>{t("orderDetails.thanks")}</p>
          <p className="order-details__status" data-testid="order-status">
            <span className="muted">{t("orderDetails.status")}: </span>
            <strong>{labelKey ? t(labelKey) : data.status}</strong>
          </p>
          {data.pricing && (
            <p className="muted">
              {t("orderDetails.paid", { amount: formatCurrency(data.pricing.total, scheme.currency) })}
            </p>
          )}
        </>
      ) : order.isError ? (
        <p className="alert alert--error">{errorMessage(order.error)}</p>
      ) : (
        <Spinner />
      )}
      <p>
        <Link to={paths.venue.menu.getHref(scheme.business_slug, venue)}>{t("orderDetails.backToMenu")}</Link>
      </p>
    </section>
  );
}
