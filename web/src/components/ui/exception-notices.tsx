import { useTranslation } from "@/i18n";
import type { Store } from "@/lib/api/types";
import { noticeText } from "@/lib/exception-notice";
import { exceptionNotices, venueDate } from "@/lib/opening-hours";

interface ExceptionNoticesProps {
  store: Store;
  /** At most this many notes (the store list shows one). */
  limit?: number;
  className?: string;
}

/**
 * The venue's dated exceptions from today on, soonest first, as customers need them ("Closed
 * today: Private party", "Closed on Friday, December 25: Christmas"), venue/info sending two
 * months of them.
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
        <li key={e.date + e.order_types.join()}>{noticeText(e, today, t, i18n.language)}</li>
      ))}
    </ul>
  );
}
