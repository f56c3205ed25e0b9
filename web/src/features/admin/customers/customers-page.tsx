import "./api";
import "../team/team.css";
import "./customers.css";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { formatCurrency } from "@/lib/currency";
import { useAdmin } from "../shell/admin-context";
import { useDateTime } from "../team/date-time";
import { useCustomers } from "./api";
import { Pager } from "../shell/pager";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly, pageCount } from "../shell/office-lists";

/**
 * Managers' customer list: every customer account of the scheme with its paid
 * orders, spend (less refunds), last order and stamps, the most recent
 * orderers first; a search by e-mail, name or phone; each row opens the
 * customer's page (orders, export, erasure).
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const currency = useSchemeQuery(scheme).data?.payload.currency ?? "GBP";
  const [text, setText] = useState("");
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text.trim(), 300);
  const list = useCustomers(scheme, query, page, isManager);
  const erased = (useLocation().state as { erased?: string } | null)?.erased;
  useDocumentTitle(`${t("office.customers")} — ${brand}`);

  if (managersOnly(isManager, list.error)) return <ManagersOnly title={t("office.customers")} />;
  const rows = list.data?.payload ?? [];
  const total = list.data?.meta.total ?? 0;
  const pages = pageCount(list.data?.meta, 50);

  return (
    <section className="office-page customers">
      <h1 className="office-page__title">{t("office.customers")}</h1>
      <p className="muted">{t("customers.hint")}</p>
      {erased ? (
        <p role="status" className="alert alert--info">
          {t("customers.erased", { email: erased })}
        </p>
      ) : null}
      <div className="form-field customers__search">
        <label htmlFor="customers-search" className="form-field__label">
          {t("customers.search")}
        </label>
        <input
          id="customers-search"
          type="search"
          className="form-field__input"
          value={text}
          placeholder={t("customers.searchPlaceholder")}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {list.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(list.error)}
        </p>
      ) : null}
      {list.data ? (
        <>
          <p aria-live="polite">{t(query ? "customers.found" : "customers.count", { count: total })}</p>
          {rows.length > 0 ? (
            <table className="office-table office-table--stack" aria-label={t("customers.label")}>
              <thead>
                <tr>
                  <th scope="col">{t("customers.customer")}</th>
                  <th scope="col">{t("customers.orders")}</th>
                  <th scope="col">{t("customers.spent")}</th>
                  <th scope="col">{t("customers.lastOrder")}</th>
                  <th scope="col">{t("customers.stamps")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <td className="office-table__main">
                      <Link to={paths.admin.customer.getHref(scheme, c.id)} className="customers__name">
                        {c.name || c.email}
                      </Link>
                      {c.name ? <span className="customers__email">{c.email}</span> : null}
                    </td>
                    <td data-label={t("customers.orders")}>{c.orders}</td>
                    <td data-label={t("customers.spent")}>{formatCurrency(c.spent, currency)}</td>
                    <td data-label={t("customers.lastOrder")}>
                      {c.last_order_at ? when(c.last_order_at) : t("customers.never")}
                    </td>
                    <td data-label={t("customers.stamps")}>{c.stamps}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
