import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { usePageTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { isApiError } from "@/lib/api/api-error";
import { SIGN_IN_REQUIRED } from "@/lib/api/client";
import { useOrderEvents } from "@/lib/order-events";
import { selectUserOf, useAuthStore } from "@/stores/auth";
import { useCancelOrder } from "../api/cancel-order";
import { orderQueryKey, useOrder, type OrderDetail } from "../api/get-order";
import { DriverTracking } from "./driver-tracking";
import { LoyaltyMessages } from "./loyalty-messages";
import { OrderOutcome } from "./order-outcome";
import { OrderProgress } from "./order-progress";
import { OrderSummary } from "./order-summary";
import { SignInToSee } from "./sign-in-to-see";
import { SupportRequests } from "./support-requests";
import "./orders.css";

// The support flow is its own chunk: most visits never open it.
const SupportFlow = lazy(() => import("./support-flow"));

/**
 * OrderDetails (/{scheme}/{venue}/order-details/{id}, docs/product.md §2): the order's
 * number, progress, expected time, driver, savings and stamps, all kept live by
 * the order's event stream; cancel while pending; the support flow.
 */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const scheme = useCurrentScheme();
  const { id = "", venue = "" } = useParams();
  const state = useLocation().state as { order?: OrderDetail } | null;
  const order = useOrder(id, state?.order && String(state.order.id) === id ? state.order : undefined);
  const data = order.data;
  const live = data !== undefined && !isFinal(data.status);
  const stream = useOrderEvents(orderQueryKey(id), Number(id), scheme.business_slug, live);
  const user = useAuthStore(selectUserOf(scheme.business_slug));
  // The order's number, never its id (they differ): until it is known, "Your order".
  const title = data?.order_number ? t("orderDetails.title", { id: data.order_number }) : null;
  usePageTitle(title);
  // A session that ended (1401), or a guest's or no session where the order is
  // an account's (1404): the customer signs in, rather than reading "Not found".
  const signInFirst =
    isApiError(order.error) &&
    (order.error.code === SIGN_IN_REQUIRED ||
      (order.error.code === 1404 && (user === null || user.is_guest === true)));

  return (
    <section className="page page--narrow order-details" aria-labelledby="order-details-title">
      <h1 className="page__title" id="order-details-title">
        {title ?? t("orderDetails.titlePending")}
      </h1>
      {/* Always in the page so screen readers hear it appear (polite). */}
      <div className="order-details__connection" role="status" data-testid="stream-status">
        {live && stream.state === "stopped" ? (
          <StreamStopped />
        ) : live && !stream.connected ? (
          t("orderDetails.reconnecting")
        ) : null}
      </div>
      {data?.history ? (
        <OrderBody order={data} scheme={scheme.business_slug} currency={scheme.currency} />
      ) : signInFirst ? (
        <SignInToSee />
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

/**
 * The stream was refused for good (lib/ticketed-stream.ts: 1403, 1404): the
 * page no longer changes by itself, so it says so and offers a reload (issue 18:
 * it said nothing). A reload asks for the order, and its stream, afresh.
 */
function StreamStopped() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <>
      <span>{t("orderDetails.streamStopped")} </span>
      <Link to={pathname + search} reloadDocument className="order-details__reload">
        {t("orderDetails.reload")}
      </Link>
    </>
  );
}

const FINAL = new Set(["rejected", "cancelled", "collected", "delivered"]);
const isFinal = (status: string) => FINAL.has(status);

function OrderBody({ order, scheme, currency }: { order: OrderDetail; scheme: string; currency: string }) {
  const { t } = useTranslation();
  const venue = useCurrentScheme().stores.find((s) => s.venue_slug === order.venue?.venue_slug);
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <div className="order-details__grid">
      <div className="order-details__main">
        <OrderOutcome order={order} venueName={order.venue?.name ?? ""} currency={currency} />
        <OrderProgress order={order} venue={venue} />
        <DriverTracking order={order} />
        <LoyaltyMessages order={order} scheme={scheme} currency={currency} />
        <CancelOrder order={order} />
        <section className="order-card" aria-labelledby="order-support-title">
          <h2 className="order-card__title" id="order-support-title">
            {t("support.title")}
          </h2>
          <SupportRequests order={order} />
          {supportOpen ? (
            <Suspense fallback={<Spinner />}>
              <SupportFlow orderId={order.id} scheme={scheme} onClose={() => setSupportOpen(false)} />
            </Suspense>
          ) : (
            <>
              <p className="muted">{t("support.intro")}</p>
              <button type="button" className="button button--ghost" onClick={() => setSupportOpen(true)}>
                {t("support.open")}
              </button>
            </>
          )}
        </section>
      </div>
      <OrderSummary order={order} currency={currency} />
    </div>
  );
}

function CancelOrder({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const cancel = useCancelOrder(String(order.id));
  const [asking, setAsking] = useState(false);
  if (order.status !== "pending") return null;
  return (
    <div className="order-details__cancel">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => setAsking(true)}
        disabled={cancel.isPending}
      >
        {t("orderDetails.cancel")}
      </button>
      {cancel.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(cancel.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={t("orderDetails.cancelTitle")}
        message={t("orderDetails.cancelMessage")}
        confirmLabel={t("orderDetails.cancelConfirm")}
        onConfirm={() => {
          setAsking(false);
          cancel.mutate();
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
