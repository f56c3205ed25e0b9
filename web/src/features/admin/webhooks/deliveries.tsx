import { useState } from "react";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { Pager } from "../shell/pager";
import { useDateTime } from "../team/date-time";
import { useDeliveries, useRedeliver, type Webhook, type WebhookDelivery } from "./api";
import { pageCount } from "../shell/office-lists";

/**
 * One endpoint's delivery log, newest first, refreshed every few seconds:
 * the event, its webhook-id, status, the latest answer's HTTP code, the
 * attempts (each with its time and code, opened on demand), and Redeliver.
 */
export function Deliveries({ scheme, endpoint }: { scheme: string; endpoint: Webhook }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const log = useDeliveries(scheme, endpoint.id, page);
  const redeliver = useRedeliver(scheme);
  const rows = log.data?.payload ?? [];
  const total = log.data?.meta.total ?? 0;
  const pages = pageCount(log.data?.meta, 25);

  return (
    <section className="webhooks__log" aria-labelledby="webhooks-log-title">
      <h2 id="webhooks-log-title" className="team__heading">
        {t("webhooks.logTitle", { url: endpoint.url })}
      </h2>
      {log.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(log.error)}
        </p>
      ) : null}
      {redeliver.error ? <FormAlert error={redeliver.error} /> : null}
      {log.data ? <p>{t("webhooks.deliveries", { count: total })}</p> : null}
      {rows.length > 0 ? (
        <table className="office-table office-table--stack" aria-label={t("webhooks.logLabel")}>
          <thead>
            <tr>
              <th scope="col">{t("webhooks.event")}</th>
              <th scope="col">{t("webhooks.status")}</th>
              <th scope="col">{t("webhooks.response")}</th>
              <th scope="col">{t("webhooks.time")}</th>
              <th scope="col">{t("webhooks.attempts")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("webhooks.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery">
                <td data-label={t("webhooks.event")} className="office-table__main">
                  {t(`webhooks.eventNames.${d.event}`)}
                  <code className="webhooks__code webhooks__id">{d.webhook_id}</code>
                </td>
                <td data-label={t("webhooks.status")}>
                  <span className={`outbox__status webhooks__status--${d.status}`}>
                    {t(`webhooks.statuses.${d.status}`)}
                  </span>
                  {d.status === "pending" && d.next_attempt_at && d.attempts > 0 ? (
                    <span className="webhooks__next">
                      {t("webhooks.next", { time: when(d.next_attempt_at) })}
                    </span>
                  ) : null}
                </td>
                <td data-label={t("webhooks.response")}>
                  <ResponseCode delivery={d} />
                </td>
                <td data-label={t("webhooks.time")}>{when(d.last_attempt_at ?? d.created_at)}</td>
                <td data-label={t("webhooks.attempts")}>
                  <Attempts delivery={d} />
                </td>
                <td className="office-table__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={redeliver.isPending}
                    onClick={() => redeliver.mutate(d.id)}
                    aria-label={t("webhooks.redeliverLabel", { id: d.webhook_id })}
                  >
                    {t("webhooks.redeliver")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : log.data ? (
        <p className="muted">{t("webhooks.noDeliveries")}</p>
      ) : null}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function ResponseCode({ delivery: d }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (d.attempts === 0) return <span className="muted">—</span>;
  if (d.response_code === 0) return <span title={d.error}>{t("webhooks.noAnswer")}</span>;
  const ok = d.response_code >= 200 && d.response_code < 300;
  return (
    <span
      className={`webhooks__code-badge webhooks__code-badge--${ok ? "ok" : "bad"}`}
      data-testid="webhook-code"
    >
      {d.response_code}
    </span>
  );
}

function Attempts({ delivery: d }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (d.log.length === 0) return <>{t("webhooks.tries", { count: d.attempts })}</>;
  return (
    <details className="webhooks__attempts">
      <summary>{t("webhooks.tries", { count: d.attempts })}</summary>
      <ol>
        {d.log.map((a) => (
          <li key={a.at + String(a.response_code)}>
            {when(a.at)} · {a.response_code > 0 ? a.response_code : t("webhooks.noAnswer")}
            {a.error && a.response_code === 0 ? <span className="webhooks__error"> {a.error}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
