import type { Store } from "@/lib/api/types";
import { formatWallTime } from "@/lib/time-format";

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Friday, December 25" / "piątek, 25 grudnia": a local date of the venue, in the customer's language. */
function formatDate(date: string, language: string): string {
  let f = dateFormats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    });
    dateFormats.set(language, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
}

type Exception = Store["exceptions"][number];
type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * What a dated exception means for a customer, in their language: "Closed on Friday, December 25:
 * Christmas", "Open 10:00 AM–2:00 PM on Thursday, December 24", "No delivery today"; the
 * manager's note, when there is one, after it.
 */
export function noticeText(e: Exception, today: string, t: Translate, language: string): string {
  const isToday = e.date === today;
  const date = formatDate(e.date, language);
  // One order type only: the exception is about that type (the other keeps its weekly hours).
  const only = e.order_types.length === 1 ? String(e.order_types[0]) : null;
  const ranges = e.ranges
    .map((r) => `${formatWallTime(r.open, language)}–${formatWallTime(r.close, language)}`)
    .join(", ");
  let text: string;
  if (e.closed) {
    text = only
      ? t(isToday ? "opening.notice.noneToday" : "opening.notice.noneOn", {
          date,
          type: t(`opening.notice.type.${only}`),
        })
      : t(isToday ? "opening.notice.closedToday" : "opening.notice.closedOn", { date });
  } else if (only) {
    text = t(isToday ? "opening.notice.typeHoursToday" : "opening.notice.typeHoursOn", {
      date,
      ranges,
      type: t(`opening.notice.typeTitle.${only}`),
    });
  } else {
    text = t(isToday ? "opening.notice.hoursToday" : "opening.notice.hoursOn", { date, ranges });
  }
  const note = e.note.trim();
  return note ? t("opening.notice.withNote", { text, note }) : text;
}
