import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { WarningIcon } from "@/components/ui/icons";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { BoardOrder } from "./api";
import { addressLines, deliveryAddressOf } from "./delivery-address";
import { clockAt, scheduledFor } from "./format";
import { canCancel, isDelivery, mapLink, mentionsAllergy } from "./lifecycle";
import { StepButtons, type OrderActions } from "./order-card";
import { AssignDriver } from "../venue-ops/assign-driver";
import { canAssignDriver } from "../venue-ops/api";
import { ReprintButton } from "../printers/reprint-button";
import { ModifierList } from "./modifier-list";

/** Everything about one order: lines, modifiers, notes (allergies highlighted), contact, address, actions. */
export function OrderDetail({
  order,
  scheme,
  actions,
  error,
  timeZone,
  now,
  onHide,
}: {
  order: BoardOrder | null;
  scheme: string;
  actions: OrderActions;
  /** A step taken from here that failed. */
  error?: unknown;
  timeZone: string;
  /** The server's time: a pre-order for another day says which. */
  now: number;
  onHide: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (!order) return <Dialog open={false} onHide={onHide} ariaLabel="" />;
  const address = deliveryAddressOf(order);
  const customer = [order.customer.first_name, order.customer.last_name].filter(Boolean).join(" ");
  const phone = order.customer.contact_number || address?.contact_number || "";
  const currency = order.pricing.currency;
  const at = (iso: string | null | undefined) => clockAt(iso, i18n.language, timeZone);
  return (
    <Dialog
      open
      onHide={onHide}
      position="right"
      className="order-detail"
      title={t("board.detailTitle", { number: order.order_number })}
      footer={
        <div className="order-detail__actions">
          <StepButtons order={order} actions={actions} />
          {canCancel(order) ? (
            <button type="button" className="button button--ghost" onClick={() => actions.cancel(order)}>
              {t("board.cancelOrder")}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={() => actions.print(order)}>
            {t("board.print")}
          </button>
          <ReprintButton scheme={scheme} order={order} />
        </div>
      }
    >
      <FormAlert error={error} />
      <p className="order-detail__status">
        <strong>{t(`board.status.${order.status}`)}</strong> ·{" "}
        {t(isDelivery(order) ? "board.delivery" : "board.pickup")} ·{" "}
        {order.is_asap ? t("board.asap") : scheduledFor(order.preorder_for, now, i18n.language, timeZone, t)}
      </p>
      <dl className="order-detail__times">
        <dt>{t("board.paid")}</dt>
        <dd>{at(order.paid_at)}</dd>
        {(order.ready_at ?? order.expected_at) ? (
          <>
            <dt>{t("board.expected")}</dt>
            <dd>{at((order.ready_at ?? order.expected_at)!)}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="detail-lines" className="order-detail__section">
        <h3 id="detail-lines">{t("board.lines")}</h3>
        <ul className="order-detail__lines">
          {order.items.map((line) => (
            <li key={line.index}>
              <span className="order-detail__line">
                <strong>
                  {line.qty} × {line.title}
                </strong>
                <span>{formatCurrency(line.total, currency)}</span>
              </span>
              <ModifierList modifiers={line.modifiers} className="order-detail__modifiers" />
            </li>
          ))}
        </ul>
        <p className="order-detail__total">
          <span>{t("board.total")}</span>
          <strong>{formatCurrency(order.pricing.total, currency)}</strong>
        </p>
      </section>

      {order.order_note ? (
        <section
          aria-labelledby="detail-note"
          className={`order-detail__section${mentionsAllergy(order.order_note) ? " order-detail__allergy" : ""}`}
        >
          <h3 id="detail-note">
            {mentionsAllergy(order.order_note) ? (
              <>
                <WarningIcon size={18} /> {t("board.allergyAlert")}
              </>
            ) : (
              t("board.note")
            )}
          </h3>
          <p>{order.order_note}</p>
        </section>
      ) : null}

      <section aria-labelledby="detail-customer" className="order-detail__section">
        <h3 id="detail-customer">{t("board.customer")}</h3>
        <p>{customer || order.customer.email}</p>
        {phone ? (
          <p>
            <a href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</a>
          </p>
        ) : null}
        {order.customer.email ? (
          <p>
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
          </p>
        ) : null}
      </section>

      {address ? (
        <section aria-labelledby="detail-address" className="order-detail__section">
          <h3 id="detail-address">{t("board.address")}</h3>
          <address>
            {addressLines(address).map((l) => (
              <span key={l}>
                {l}
                <br />
              </span>
            ))}
          </address>
          {address.note ? <p className="muted">{address.note}</p> : null}
          <p>
            <a href={mapLink(address)} target="_blank" rel="noreferrer noopener">
              {t("board.openMap")}
            </a>
          </p>
          {canAssignDriver(order) ? (
            <div className="order-detail__driver">
              <AssignDriver scheme={scheme} order={order} />
            </div>
          ) : null}
        </section>
      ) : null}
    </Dialog>
  );
}
