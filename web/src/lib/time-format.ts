/**
 * The storefront's one way of writing a time (issue 18: the store list, the
 * menu, checkout's slots and the order page wrote times three ways). en-US is
 * 12-hour ("2:30 PM"), pl-PL 24-hour ("14:30"); a time on another day than
 * today carries its date ("Tue, Nov 17, 2:30 PM", "wt., 17 lis, 14:30").
 * Times are shown on the venue's clock (its `time_zone`) when one is given:
 * the customer orders from a venue in their own city. Pure: "now" is passed.
 */

/** The hour cycle of each language: en-US writes 12-hour times, pl-PL 24-hour. */
function hourCycle(language: string): "h12" | "h23" {
  return language.toLowerCase().startsWith("en-us") ? "h12" : "h23";
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are cached: making one costs a phone milliseconds (ICU set-up). */
function format(language: string, timeZone: string | undefined, withDate: boolean): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ""}|${withDate ? "d" : ""}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, {
      timeZone,
      // "9:05 AM" but "09:05": each language's usual way.
      hour: hourCycle(language) === "h12" ? "numeric" : "2-digit",
      minute: "2-digit",
      hourCycle: hourCycle(language),
      ...(withDate ? { weekday: "short", day: "numeric", month: "short" } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

function dayKey(date: Date, timeZone: string | undefined): string {
  const key = `day|${timeZone ?? ""}`;
  let f = formats.get(key);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(key, f);
  }
  return f.format(date);
}

export interface TimeFormatOptions {
  /** The venue's IANA zone; the browser's when absent. */
  timeZone?: string;
  /** What "today" is measured from (tests pass a fixed moment). */
  now?: Date;
  /** Never add the date (a range's second end, a slot under its day's heading). */
  timeOnly?: boolean;
}

/** "2:30 PM" / "14:30", with the date in front when it is not today in `timeZone`. */
export function formatTime(at: Date | string, language: string, options: TimeFormatOptions = {}): string {
  const date = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return "";
  const { timeZone, now = new Date(), timeOnly = false } = options;
  const withDate = !timeOnly && dayKey(date, timeZone) !== dayKey(now, timeZone);
  return format(language, timeZone, withDate).format(date);
}

/** A wall-clock "HH:MM" of opening hours ("11:00") written the same way: "11:00 AM" / "11:00". */
export function formatWallTime(hhmm: string, language: string): string {
  const [h = "0", m = "0"] = hhmm.split(":");
  const date = new Date(Date.UTC(2000, 0, 1, Number(h) % 24, Number(m)));
  return format(language, "UTC", false).format(date);
}
