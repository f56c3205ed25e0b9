import "../i18n";
import "./support.css";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { SUPPORT_STATUSES, type SupportStatus } from "@/components/ui/support-status";
import { SupportStatusBadge } from "@/components/ui/support-thread";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { Pager } from "../shell/pager";
import { useDateTime } from "../team/date-time";
import { useSupportInbox, type InboxRequest } from "./api";
import { SupportDetail } from "./support-detail";
import { pageCount } from "../shell/office-lists";

const isStatus = (s: string | null): s is SupportStatus => SUPPORT_STATUSES.includes(s as SupportStatus);

/**
 * The support inbox: customers' requests about orders of the caller's venues
 * (a manager's: the whole scheme), newest first, filtered by status; a
 * request opens beside the list (below it on a phone) with its photos, the
 * conversation and the reply box. The filter and the open request live in
 * the address, so a reload or a shared link shows the same.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { scheme, brand, email } = useAdmin();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  // The open request as last seen or saved: it stays open after a reply moves it out of the filter.
  const [kept, setKept] = useState<InboxRequest | null>(null);
  const status = isStatus(params.get("status")) ? (params.get("status") as SupportStatus) : "";
  const picked = Number(params.get("request")) || 0;
  useDocumentTitle(`${t("office.support")} — ${brand}`);
  const inbox = useSupportInbox(scheme, status, page);

  const set = (next: { status?: string; request?: number }) => {
    const p = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status) p.set("status", next.status);
      else p.delete("status");
      setPage(1);
    }
    if (next.request !== undefined) {
      if (next.request) p.set("request", String(next.request));
      else p.delete("request");
    }
    setParams(p, { replace: next.request === undefined });
  };

  const list = inbox.data?.payload ?? [];
  const total = inbox.data?.meta.total ?? 0;
  const pages = pageCount(inbox.data?.meta, 20);
  const open = list.find((r) => r.id === picked) ?? (kept?.id === picked ? kept : undefined);

  return (
    <section className={`office-page support${open ? " support--picked" : ""}`}>
      <h1 className="office-page__title">{t("office.support")}</h1>
      <div className="support__bar">
        <label className="support__filter">
          <span>{t("supportInbox.filter")}</span>
          <select value={status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t("supportInbox.all")}</option>
            {SUPPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`supportThread.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {inbox.data ? <p className="muted">{t("supportInbox.count", { count: total })}</p> : null}
      </div>
      {inbox.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {inbox.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(inbox.error)}
        </p>
      ) : null}
      <div className="support__panes">
        <div className="support__list-pane">
          {inbox.data && list.length === 0 ? <p className="muted">{t("supportInbox.empty")}</p> : null}
          <ul className="support__list" aria-label={t("supportInbox.listLabel")}>
            {list.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="support__item"
                  aria-current={r.id === picked ? "true" : undefined}
                  onClick={() => {
                    setKept(r);
                    set({ request: r.id });
                  }}
                >
                  <span className="support__item-head">
                    <strong>{t("supportInbox.order", { number: r.order_number })}</strong>
                    <SupportStatusBadge status={r.status} />
                  </span>
                  <span className="support__item-kind">{t(`support.${r.kind}`)}</span>
                  <span className="support__item-text">{r.description}</span>
                  <span className="muted small">
                    {[r.customer_name || t("supportInbox.guest"), r.venue_name, when(r.created_at)].join(
                      " · ",
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </div>
        <div className="support__detail-pane">
          {open ? (
            <>
              <button
                type="button"
                className="button button--ghost support__back"
                onClick={() => set({ request: 0 })}
              >
                {t("supportInbox.back")}
              </button>
              <SupportDetail scheme={scheme} request={open} email={email} onSaved={setKept} />
            </>
          ) : list.length > 0 ? (
            <p className="muted support__pick">{t("supportInbox.pick")}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
