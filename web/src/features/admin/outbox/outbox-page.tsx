import "../i18n";
import "../team/team.css";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { call } from "@/lib/api/client";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";
import { useAdmin } from "../shell/admin-context";
import { Pager } from "../shell/pager";
import { useDateTime } from "../team/date-time";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly, pageCount } from "../shell/office-lists";

/**
 * Managers' outbox: the scheme's mail, sent or queued, newest first, 50 a
 * page (recipient, subject, status, time) — so the embedded default, which
 * only logs mail without SMTP, shows what went out.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const [page, setPage] = useState(1);
  useDocumentTitle(`${t("office.outbox")} — ${brand}`);
  const outbox = useQuery({
    queryKey: [ADMIN_KEY, scheme, "outbox", page],
    queryFn: async ({ signal }) =>
      await call("admin/outbox/list", { filter: { business_slug: scheme, page } }, { signal }),
    enabled: isManager,
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

  if (managersOnly(isManager, outbox.error)) return <ManagersOnly title={t("office.outbox")} />;
  const mails = outbox.data?.payload ?? [];
  const total = outbox.data?.meta.total ?? 0;
  const pages = pageCount(outbox.data?.meta, 50);

  return (
    <section className="office-page outbox">
      <h1 className="office-page__title">{t("office.outbox")}</h1>
      <p className="muted">{t("outbox.hint")}</p>
      {outbox.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {outbox.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(outbox.error)}
        </p>
      ) : null}
      {outbox.data ? (
        <>
          <p>{t("outbox.count", { count: total })}</p>
          {mails.length > 0 ? (
            <table className="office-table office-table--stack outbox__table" aria-label={t("outbox.label")}>
              <thead>
                <tr>
                  <th scope="col">{t("outbox.to")}</th>
                  <th scope="col">{t("outbox.subject")}</th>
                  <th scope="col">{t("outbox.status")}</th>
                  <th scope="col">{t("outbox.time")}</th>
                </tr>
              </thead>
              <tbody>
                {mails.map((m) => (
                  <tr key={m.id}>
                    <td data-label={t("outbox.to")}>{m.to}</td>
                    <td className="office-table__main">{m.subject}</td>
                    <td data-label={t("outbox.status")}>
                      <span className={`outbox__status outbox__status--${m.status}`}>
                        {t(`outbox.statuses.${m.status}`)}
                      </span>
                    </td>
                    <td data-label={t("outbox.time")}>{when(m.sent_at ?? m.created_at)}</td>
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
