import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useGeneralStore } from "@/stores/general";
import { useMoveDelivery, type Delivery } from "../api/deliveries";
import { townLine } from "@/lib/address-line";

/** The address fields the card shows (its `name` is the customer's label for it, "Home": not shown). */
interface DeliveryAddress {
  line1?: string;
  line2?: string;
  city?: string;
  postcode?: string;
  country?: string;
  contact_number?: string;
  note?: string;
  latitude?: number;
  longitude?: number;
}

function clock(iso: string, language: string) {
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** One delivery: where to, whom to call, and the one big button for its next step. */
export function DeliveryCard({ scheme, order }: { scheme: string; order: Delivery }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const language = useGeneralStore((s) => s.language);
  const move = useMoveDelivery(scheme);
  const a = (order.delivery_address ?? {}) as DeliveryAddress;
  const street = [a.line1, a.line2].filter(Boolean).join(", ");
  const place = townLine(a);
  // Whom to hand it to: the customer's name, never the address's label ("Home").
  const customer = [order.customer.first_name, order.customer.last_name].filter(Boolean).join(" ");
  const phone = a.contact_number || order.customer.contact_number;
  const onTheWay = order.status === "on_the_way";
  const next = onTheWay ? "delivered" : "on_the_way";
  const mapHref =
    typeof a.latitude === "number" &&
    typeof a.longitude === "number" &&
    (a.latitude !== 0 || a.longitude !== 0)
      ? `https://www.openstreetmap.org/?mlat=${a.latitude}&mlon=${a.longitude}#map=17/${a.latitude}/${a.longitude}`
      : `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${street}, ${place}`)}`;
  const titleId = `delivery-${order.id}`;

  return (
    <article
      className="delivery-card"
      aria-labelledby={titleId}
      data-testid={`delivery-${order.order_number}`}
    >
      <header className="delivery-card__head">
        <h2 id={titleId} className="delivery-card__title">
          {t("driverApp.order", { number: order.order_number })}
        </h2>
        <span className={`delivery-card__status delivery-card__status--${order.status}`}>
          {onTheWay ? t("driverApp.statusOnTheWay") : t("driverApp.statusAccepted")}
        </span>
      </header>
      {order.expected_at ? (
        <p className="muted">{t("driverApp.expected", { time: clock(order.expected_at, language) })}</p>
      ) : null}
      <dl className="delivery-card__facts">
        <dt>{t("driverApp.address")}</dt>
        <dd>
          {street}
          {place ? <br /> : null}
          {place}
        </dd>
        {customer ? (
          <>
            <dt>{t("driverApp.customer")}</dt>
            <dd data-testid="delivery-customer">{customer}</dd>
          </>
        ) : null}
        {a.note ? (
          <>
            <dt>{t("driverApp.note")}</dt>
            <dd>{a.note}</dd>
          </>
        ) : null}
      </dl>
      <div className="delivery-card__links">
        {phone ? (
          <a
            className="button button--secondary delivery-card__link"
            href={`tel:${phone.replace(/\s+/g, "")}`}
          >
            {t("driverApp.call", { phone })}
          </a>
        ) : null}
        <a
          className="button button--secondary delivery-card__link"
          href={mapHref}
          target="_blank"
          rel="noreferrer"
        >
          {t("driverApp.map")}
        </a>
      </div>
      {move.isError ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(move.error)}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary delivery-card__action"
        disabled={move.isPending}
        aria-busy={move.isPending}
        onClick={() => move.mutate({ id: order.id, status: next })}
      >
        {onTheWay ? t("driverApp.delivered") : t("driverApp.start")}
      </button>
    </article>
  );
}
