import { useTranslation } from "@/i18n";
import type { Store } from "@/lib/api/types";
import { exceptionNotices, venueDate } from "@/lib/opening-hours";

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Fri, Dec 25" / "pt., 25 gru": a local date of the venue, written in the customer's language. */
function formatDate(date: string, language: string): string {
  let f = dateFormats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    dateFormats.set(language, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
}

interface ExceptionNoticesProps {
  store: Store;
  /** At most this many notes (the store list shows one). */
  limit?: number;
  className?: string;
}

/**
 * The notes of the venue's dated exceptions from today on ("Today: Closed for
 * Christmas", "Sat, Dec 26: Delivery only"), as its manager wrote them.
 */
export function ExceptionNotices({
  store,
  limit = 3,
  className = "exception-notices",
}: ExceptionNoticesProps) {
  const { t, i18n } = useTranslation();
  const now = new Date();
  const notices = exceptionNotices(store, now).slice(0, limit);
  if (notices.length === 0) return null;
  const today = venueDate(now, store);
  return (
    <ul className={className} data-testid={`notices-${store.venue_slug}`}>
      {notices.map((e) => (
        <li key={e.date + e.order_types.join()}>
          {e.date === today
            ? t("opening.noticeToday", { note: e.note })
            : t("opening.noticeOn", { date: formatDate(e.date, i18n.language), note: e.note })}
        </li>
      ))}
    </ul>
  );
}
