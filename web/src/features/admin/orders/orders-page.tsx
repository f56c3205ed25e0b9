import "../i18n";
import "../venues/venues.css";
import "./orders.css";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/form/text-field";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import { useAdmin } from "../shell/admin-context";
import { Pager } from "../shell/pager";
import { useDateTime } from "../team/date-time";
import { EMPTY_FILTER, STATUSES, useOrderSearch, type AdminOrder, type OrderFilter } from "./api";
import { OrderPanel } from "./order-panel";
import { RefundDialog } from "./refund-dialog";
import { pageCount } from "../shell/office-lists";

/**
 * Orders (staff and managers): find an order of the caller's venues by its
 * number, the customer's e-mail address, phone number or name, by status and
 * dates; open it (lines, customer, payment, timeline, refunds) and refund part
 * or all of what is left.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const { scheme, brand } = useAdmin();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const [draft, setDraft] = useState<OrderFilter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<OrderFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [openID, setOpenID] = useState<number | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [said, setSaid] = useState("");
  useDocumentTitle(`${t("office.orders")} — ${brand}`);
  const search = useOrderSearch(scheme, filter, page);
  const badRange = draft.from !== "" && draft.to !== "" && draft.to < draft.from;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (badRange) return;
    setFilter(draft);
    setPage(1);
  };
  const rows = search.data?.payload ?? [];
  const total = search.data?.meta.total ?? 0;
  const pages = pageCount(search.data?.meta, 20);
  const open = rows.find((o) => o.id === openID) ?? null;

  return (
    <section className="office-page orders">
      <h1 className="office-page__title">{t("office.orders")}</h1>
      <form className="orders__filters" onSubmit={apply} role="search" aria-label={t("orders.searchLabel")}>
        <TextField
          id="orders-query"
          type="search"
          label={t("orders.query")}
          hint={t("orders.queryHint")}
          value={draft.query}
          maxLength={200}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
        <div className="form-field">
          <label htmlFor="orders-status" className="form-field__label">
            {t("orders.status")}
          </label>
          <select
            id="orders-status"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as OrderFilter["status"] })}
          >
            <option value="">{t("orders.anyStatus")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`board.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="orders-from"
          type="date"
          label={t("orders.from")}
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          id="orders-to"
          type="date"
          label={t("orders.to")}
          value={draft.to}
          error={badRange ? t("orders.badRange") : undefined}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <div className="orders__actions">
          <button type="submit" className="button button--primary">
            {t("orders.search")}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(EMPTY_FILTER);
              setFilter(EMPTY_FILTER);
              setPage(1);
            }}
          >
            {t("orders.clear")}
          </button>
        </div>
      </form>
      <p role="status" className="orders__said">
        {said}
      </p>
      {search.isPending ? <p className="muted">{t("orders.loading")}</p> : null}
      {search.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(search.error)}
        </p>
      ) : null}
      {search.data ? (
        <>
          <p>{t("orders.count", { count: total })}</p>
          {rows.length === 0 ? <p className="muted">{t("orders.none")}</p> : null}
          <ul className="orders__list" aria-label={t("orders.results")}>
            {rows.map((o) => (
              <OrderRow
                key={o.id}
                order={o}
                when={when(o.paid_at ?? o.created_at)}
                onOpen={() => setOpenID(o.id)}
              />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      ) : null}
      {open && !refunding ? (
        <OrderPanel
          scheme={scheme}
          order={open}
          onHide={() => setOpenID(null)}
          onRefund={() => setRefunding(true)}
        />
      ) : null}
      {open && refunding ? (
        <RefundDialog
          scheme={scheme}
          order={open}
          onHide={() => setRefunding(false)}
          onDone={(amount, done) => {
            setRefunding(false);
            const money = formatCurrency(amount, open.pricing.currency);
            setSaid(
              t(done ? "orders.refund.done" : "orders.refund.queued", {
                amount: money,
                number: open.order_number,
              }),
            );
          }}
        />
      ) : null}
    </section>
  );
}

function OrderRow({ order, when, onOpen }: { order: AdminOrder; when: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = [order.customer.first_name, order.customer.last_name].filter(Boolean).join(" ");
  const currency = order.pricing.currency;
  return (
    <li>
      <button type="button" className="orders__row" onClick={onOpen}>
        <span className="orders__number">{t("orders.number", { number: order.order_number })}</span>
        <span className="orders__when">{when}</span>
        <span className="orders__who">
          {name ? <span>{name}</span> : null}
          <span className="muted">{order.customer.email}</span>
        </span>
        <span className="orders__status">
          {t(`board.status.${order.status}`)}
          {order.refunded > 0 ? (
            <span className="order-panel__badge">
              {t(order.payment_status === "refunded" ? "orders.refunded" : "orders.partlyRefunded")}
            </span>
          ) : null}
        </span>
        <span className="orders__total">{formatCurrency(order.pricing.total, currency)}</span>
      </button>
    </li>
  );
}
