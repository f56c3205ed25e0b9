import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useErrorMessage } from "@/hooks/use-error-message";
import { menuQueryOptions } from "@/lib/api/get-menu";
import { formatCurrency } from "@/lib/currency";
import { ORDER_STATUS_LABEL_KEYS, type OrderStatus, type OrderType } from "@/lib/enums";
import { selectUserOf, useAuthStore } from "@/stores/auth";
import { addItem, changeOrderType, typeChangeEmptiesBasket } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import type { OrderDetail } from "../api/get-order";
import { useOrderHistory } from "../api/list-orders";
import { formatDay } from "../lib/format";
import { reorderLines } from "../lib/reorder";
import "./orders.css";

interface ReorderResult {
  orderId: number;
  venue: string;
  added: number;
  missing: string[];
}

/** /{scheme}/orders: the signed-in customer's orders, newest first, with "Order again". */
export function OrderHistoryPage() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const scheme = useCurrentScheme();
  const slug = scheme.business_slug;
  const user = useAuthStore(selectUserOf(slug));
  const signedIn = user !== null && user.is_guest !== true;
  const [page, setPage] = useState(1);
  const history = useOrderHistory(slug, page, signedIn);
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** An order whose type differs from a filled basket's: asked about first (docs/product.md §4). */
  const [confirming, setConfirming] = useState<OrderDetail | null>(null);

  const askOrderAgain = (order: OrderDetail) => {
    if (typeChangeEmptiesBasket(useVenueStore.getState().basket[slug], order.order_type as OrderType))
      setConfirming(order);
    else void orderAgain(order);
  };

  const orderAgain = async (order: OrderDetail) => {
    const venueSlug = order.venue?.venue_slug ?? order.venue_slug ?? "";
    const store = scheme.stores.find((s) => s.venue_slug === venueSlug);
    if (!store) return;
    const orderType = order.order_type as OrderType;
    setBusy(order.id);
    setFailure(null);
    try {
      const menu = await queryClient.fetchQuery(menuQueryOptions(slug, venueSlug, orderType));
      const { add, missing } = reorderLines(order, menu.payload);
      useHomeStore.getState().setOrderType(orderType);
      const venueStore = useVenueStore.getState();
      venueStore.setCurrentVenue(store, orderType);
      venueStore.updateBasket((basket) =>
        add.reduce(
          addItem,
          basket.orderDetail.order_type === orderType ? basket : changeOrderType(basket, orderType),
        ),
      );
      setResult({ orderId: order.id, venue: venueSlug, added: add.reduce((n, l) => n + l.qty, 0), missing });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (!signedIn) {
    return (
      <section className="page page--narrow">
        <h1 className="page__title">{t("orderHistory.title")}</h1>
        <p>{t("orderHistory.signInNeeded")}</p>
        <Link
          className="button button--primary"
          to={paths.auth.signIn.getHref(slug, paths.orders.getHref(slug))}
        >
          {t("nav.signIn")}
        </Link>
      </section>
    );
  }

  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  return (
    <section className="page page--narrow order-history" aria-labelledby="order-history-title">
      <h1 className="page__title" id="order-history-title">
        {t("orderHistory.title")}
      </h1>
      <div role="status" className="order-history__result" data-testid="reorder-result">
        {result ? (
          <>
            <p>{t("orderHistory.added", { count: result.added })}</p>
            {result.missing.length > 0 ? (
              <p>{t("orderHistory.unavailable", { items: result.missing.join(", ") })}</p>
            ) : null}
            {result.added > 0 ? (
              <Link className="button button--primary" to={paths.venue.menu.getHref(slug, result.venue)}>
                {t("orderHistory.goToBasket")}
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      {data ? (
        data.orders.length === 0 ? (
          <p className="muted">{t("orderHistory.empty")}</p>
        ) : (
          <ul className="order-history__list">
            {data.orders.map((order) => {
              const venueSlug = order.venue?.venue_slug ?? "";
              return (
                <li
                  key={order.id}
                  className="order-card order-history__item"
                  data-testid="order-history-item"
                >
                  <div className="order-history__head">
                    <Link
                      to={paths.venue.orderDetails.getHref(slug, venueSlug, order.id)}
                      className="order-history__link"
                    >
                      {t("orderDetails.title", { id: order.order_number })}
                    </Link>
                    <span className="order-history__status">
                      {t(ORDER_STATUS_LABEL_KEYS[order.status as OrderStatus] ?? order.status)}
                    </span>
                  </div>
                  <p className="muted small">
                    {[order.venue?.name, formatDay(order.paid_at ?? order.created_at, i18n.language)]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <p className="small">{order.items.map((l) => `${l.qty}× ${l.title}`).join(", ")}</p>
                  <div className="order-history__foot">
                    <strong>
                      {formatCurrency(order.pricing.total, order.pricing.currency || scheme.currency)}
                    </strong>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy !== null}
                      onClick={() => askOrderAgain(order)}
                    >
                      {busy === order.id ? t("orderHistory.adding") : t("orderHistory.orderAgain")}
                      <span className="visually-hidden">
                        {" "}
                        {t("orderDetails.title", { id: order.order_number })}
                      </span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )
      ) : history.isError ? (
        <p className="alert alert--error">{errorMessage(history.error)}</p>
      ) : (
        <Spinner />
      )}
      {pages > 1 ? (
        <nav className="order-history__pages" aria-label={t("orderHistory.pages")}>
          <button
            type="button"
            className="button button--ghost"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t("orderHistory.newer")}
          </button>
          <span>{t("orderHistory.page", { page, pages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t("orderHistory.older")}
          </button>
        </nav>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t("home.changeOrderTypeTitle")}
        message={t("home.changeOrderTypeWarning")}
        confirmLabel={t("home.changeOrderTypeConfirm")}
        onConfirm={() => {
          const order = confirming;
          setConfirming(null);
          if (order) void orderAgain(order);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
