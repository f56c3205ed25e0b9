import "./api";
import "../team/team.css";
import "./customers.css";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { paths } from "@/app/paths";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { formatCurrency } from "@/lib/currency";
import { useAdmin } from "../shell/admin-context";
import { useDateTime } from "../team/date-time";
import { useCustomer, useExportCustomer } from "./api";
import { EraseDialog } from "./erase-dialog";
import { Pager } from "../shell/pager";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly, pageCount } from "../shell/office-lists";

/**
 * One customer: their figures, their paid orders (newest first), and what the
 * law lets them ask for — a download of their personal data as JSON, and its
 * erasure (behind a confirmation that takes their e-mail address typed).
 */
export function CustomerPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const { userId = "" } = useParams();
  const id = Number(userId) || 0;
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const currency = useSchemeQuery(scheme).data?.payload.currency ?? "GBP";
  const [page, setPage] = useState(1);
  const [erasing, setErasing] = useState(false);
  const one = useCustomer(scheme, id, page, isManager);
  const exporter = useExportCustomer(scheme);
  const customer = one.data?.payload.customer;
  useDocumentTitle(`${customer?.name || customer?.email || t("office.customers")} — ${brand}`);

  const back = (
    <p>
      <Link to={paths.admin.customers.getHref(scheme)}>{t("customers.back")}</Link>
    </p>
  );
  if (managersOnly(isManager, one.error)) return <ManagersOnly title={t("office.customers")} />;
  if (!customer) {
    return (
      <section className="office-page">
        {back}
        {one.isPending ? <p className="muted">{t("team.loading")}</p> : null}
        {one.error ? (
          <p role="alert" className="alert alert--error">
            {isApiError(one.error) && one.error.code === 1404 ? t("customers.gone") : errorMessage(one.error)}
          </p>
        ) : null}
      </section>
    );
  }
  const orders = one.data?.payload.orders ?? [];
  const total = one.data?.meta.total ?? 0;
  const pages = pageCount(one.data?.meta, 20);
  const facts: [string, string][] = [
    [t("customers.email"), customer.email],
    [t("customers.phone"), customer.contact_number || "—"],
    [t("customers.orders"), String(customer.orders)],
    [t("customers.spent"), formatCurrency(customer.spent, currency)],
    [t("customers.lastOrder"), customer.last_order_at ? when(customer.last_order_at) : t("customers.never")],
    [t("customers.stamps"), String(customer.stamps)],
    [t("customers.since"), customer.created_at ? when(customer.created_at) : "—"],
  ];

  return (
    <section className="office-page customer">
      {back}
      <h1 className="office-page__title">{customer.name || customer.email}</h1>
      <dl className="customer__facts">
        {facts.map(([label, value], i) => (
          <div key={label} className={`customer__fact${i < 2 ? " customer__fact--wide" : ""}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="customer__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate(customer.id)}
        >
          {t("customers.export")}
        </button>
        <button
          type="button"
          className="button button--ghost customer__danger"
          onClick={() => setErasing(true)}
        >
          {t("customers.erase")}
        </button>
      </div>
      {exporter.isSuccess ? (
        <p role="status" className="alert alert--info">
          {t("customers.exported")}
        </p>
      ) : null}
      {exporter.error ? <FormAlert error={exporter.error} /> : null}
      <h2 className="team__heading">{t("customers.ordersTitle", { count: total })}</h2>
      {orders.length === 0 ? <p className="muted">{t("customers.noOrders")}</p> : null}
      {orders.length > 0 ? (
        <table className="office-table office-table--stack" aria-label={t("customers.ordersLabel")}>
          <thead>
            <tr>
              <th scope="col">{t("customers.number")}</th>
              <th scope="col">{t("customers.placed")}</th>
              <th scope="col">{t("customers.venue")}</th>
              <th scope="col">{t("customers.status")}</th>
              <th scope="col">{t("customers.total")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td className="office-table__main">#{o.order_number}</td>
                <td data-label={t("customers.placed")}>{when(o.created_at)}</td>
                <td data-label={t("customers.venue")}>{o.venue.name}</td>
                <td data-label={t("customers.status")}>{t(`board.status.${o.status}`)}</td>
                <td data-label={t("customers.total")}>
                  {formatCurrency(o.pricing.total, o.pricing.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager page={page} pages={pages} onPage={setPage} />
      <EraseDialog
        open={erasing}
        customer={customer}
        onCancel={() => setErasing(false)}
        onErased={() =>
          void navigate(paths.admin.customers.getHref(scheme), { state: { erased: customer.email } })
        }
      />
    </section>
  );
}
