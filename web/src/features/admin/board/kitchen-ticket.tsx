import { createPortal } from "react-dom";
import { useTranslation } from "@/i18n";
import type { BoardOrder } from "./api";
import { addressLines, deliveryAddressOf } from "./delivery-address";
import { clockAt, scheduledFor } from "./format";
import { isDelivery, mentionsAllergy } from "./lifecycle";
import { ModifierList } from "./modifier-list";

/**
 * The kitchen ticket: what the kitchen needs on 80 mm paper (print CSS in
 * board.css: only the ticket prints). Rendered outside the app's root while
 * it prints.
 */
export function KitchenTicket({
  order,
  venueName,
  timeZone,
  now,
}: {
  order: BoardOrder;
  venueName: string;
  timeZone: string;
  /** The server's time: a pre-order for another day says which. */
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const address = deliveryAddressOf(order);
  const when = order.is_asap
    ? t("board.asap")
    : scheduledFor(order.preorder_for, now, i18n.language, timeZone, t);
  return createPortal(
    <article className="kitchen-ticket" data-testid="kitchen-ticket" aria-hidden="true">
      <p className="kitchen-ticket__venue">{venueName}</p>
      <h1 className="kitchen-ticket__number">#{order.order_number}</h1>
      <p className="kitchen-ticket__type">
        {t(isDelivery(order) ? "board.delivery" : "board.pickup")} · {when}
      </p>
      {(order.ready_at ?? order.expected_at) ? (
        <p>
          {t("board.expectedAt", {
            time: clockAt((order.ready_at ?? order.expected_at)!, i18n.language, timeZone),
          })}
        </p>
      ) : null}
      <p>
        {[order.customer.first_name, order.customer.last_name].filter(Boolean).join(" ")}
        {order.customer.contact_number ? ` · ${order.customer.contact_number}` : ""}
      </p>
      <hr />
      <ul className="kitchen-ticket__lines">
        {order.items.map((line) => (
          <li key={line.index}>
            <strong>
              {line.qty} × {line.title}
            </strong>
            <ModifierList modifiers={line.modifiers} />
          </li>
        ))}
      </ul>
      {order.order_note ? (
        <p className={mentionsAllergy(order.order_note) ? "kitchen-ticket__allergy" : undefined}>
          {mentionsAllergy(order.order_note) ? `${t("board.allergyAlert")}: ` : `${t("board.note")}: `}
          {order.order_note}
        </p>
      ) : null}
      {address ? (
        <>
          <hr />
          <p>{addressLines(address).join(", ")}</p>
          {address.note ? <p>{address.note}</p> : null}
        </>
      ) : null}
    </article>,
    document.body,
  );
}
