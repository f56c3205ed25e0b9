import { useTranslation } from "@/i18n";
import "./support-thread.css";

/** One entry of a request's conversation: staff's reply and/or the status it set. */
export interface ThreadEntry {
  id: number;
  message: string;
  status: string;
  created_at: string;
  /** Back office only: who on the staff wrote it. */
  author_email?: string;
}

/** A request's status as a coloured badge, in the page's language. */
export function SupportStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`support-status support-status--${status}`} data-status={status}>
      {t(`supportThread.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

/**
 * The conversation under a support request, oldest first, shared by the
 * customer's order page and the back office's inbox: each reply in staff's
 * own words (line breaks kept) with who answered and when, and each status
 * change as a note.
 */
export function SupportThread({
  entries,
  replier,
  when,
}: {
  entries: ThreadEntry[];
  /** Who answers, as the reader knows them: the venue's name, or "You" in the back office. */
  replier: (entry: ThreadEntry) => string;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <ol className="support-thread" aria-label={t("supportThread.label")}>
      {entries.map((e) => (
        <li key={e.id} className={e.message ? "support-thread__reply" : "support-thread__note"}>
          <p className="support-thread__meta">
            <span className="support-thread__who">
              {e.message ? replier(e) : t("supportThread.statusNote")}
            </span>
            <time dateTime={e.created_at}>{when(e.created_at)}</time>
          </p>
          {e.message ? <p className="support-thread__text">{e.message}</p> : null}
          {e.status ? (
            <p className="support-thread__status">
              {t("supportThread.statusSet")} <SupportStatusBadge status={e.status} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
