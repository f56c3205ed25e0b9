/**
 * Open or closed now, and the next opening, from a venue's weekly opening hours
 * in its own time zone (docs/architecture.md §2). Pure: "now" is passed in.
 */
import type { Store } from "@/lib/api/types";
import { formatWallTime } from "@/lib/time-format";

export type WeeklyHours = Store["opening_hours"];
export type HoursException = Store["exceptions"][number];
type Range = WeeklyHours[number][number];

/** A moment as the venue's wall clock shows it: weekday 0..6 (sun..sat) and minutes since midnight. */
export interface WallClock {
  day: number;
  minutes: number;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/**
 * One formatter per time zone, made on first use: making one costs the engine
 * its ICU set-up (milliseconds each on a phone, tens for the first), and the
 * menu page asks the wall clock many times per render.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: WEEKDAY_INDEX[part("weekday")] ?? 0,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** What a venue says about its clock: its zone and, from the server, its offset now and until when it holds. */
export type VenueClock = Pick<Store, "time_zone"> &
  Partial<Pick<Store, "utc_offset_minutes" | "utc_offset_until">>;

/**
 * The venue's wall clock at `date`: from the offset venue/info gave while it
 * still holds (plain arithmetic), else from the browser's time-zone data. The
 * first use of that data costs a phone tens of milliseconds, on the menu
 * page's first render; the offset spares it on the first load.
 */
export function venueWallClock(date: Date, venue: VenueClock): WallClock {
  const offset = venue.utc_offset_minutes;
  const until = venue.utc_offset_until ? Date.parse(venue.utc_offset_until) : Infinity;
  if (typeof offset !== "number" || !Number.isFinite(offset) || !(date.getTime() < until))
    return wallClock(date, venue.time_zone);
  const local = new Date(date.getTime() + offset * 60_000);
  return { day: local.getUTCDay(), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

export function parseTime(hhmm: string): number {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

/** [open, close) in minutes of the opening day; a close at or before the open runs past midnight. */
function span(range: { open: string; close: string }): [number, number] {
  const open = parseTime(range.open);
  let close = parseTime(range.close);
  if (close <= open) close += 24 * 60;
  return [open, close];
}

export function isOpenAt(hours: WeeklyHours, now: WallClock): boolean {
  const today = hours[now.day] ?? [];
  const yesterday = hours[(now.day + 6) % 7] ?? [];
  return (
    today.some((r) => {
      const [open, close] = span(r);
      return now.minutes >= open && now.minutes < close;
    }) ||
    yesterday.some((r) => {
      const [, close] = span(r);
      return close > 24 * 60 && now.minutes < close - 24 * 60;
    })
  );
}

export interface NextOpening {
  /** 0 today, 1 tomorrow, … */
  daysAhead: number;
  day: number;
  time: string;
}

/** The next time the venue opens after `now` (within a week), or null if it never does. */
export function nextOpening(hours: WeeklyHours, now: WallClock): NextOpening | null {
  return nextOpeningBy((_ahead, day) => hours[day] ?? [], now);
}

function nextOpeningBy(
  rangesAhead: (ahead: number, day: number) => Range[],
  now: WallClock,
): NextOpening | null {
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = (now.day + ahead) % 7;
    const opens = rangesAhead(ahead, day)
      .map((r) => ({ time: r.open, at: parseTime(r.open) }))
      .filter((o) => ahead > 0 || o.at > now.minutes)
      .sort((a, b) => a.at - b.at);
    const first = opens[0];
    if (first) return { daysAhead: ahead, day, time: first.time };
  }
  return null;
}

/** The venue's local date "YYYY-MM-DD" at `date` (from the server's offset while it holds, as venueWallClock). */
export function venueDate(date: Date, venue: VenueClock): string {
  const offset = venue.utc_offset_minutes;
  const until = venue.utc_offset_until ? Date.parse(venue.utc_offset_until) : Infinity;
  if (typeof offset === "number" && Number.isFinite(offset) && date.getTime() < until)
    return new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 10);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: venue.time_zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/** The date `days` after a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type ExceptionHours = Pick<Store, "opening_hours"> & Partial<Pick<Store, "exceptions" | "order_types">>;

/**
 * The ranges starting on a local date, for any order type the venue offers:
 * per order type, the date's exception when one decides it (none when it is
 * closed), else the weekday's (the server's rule, docs/architecture.md §9).
 */
export function rangesOn(store: ExceptionHours, date: string, weekday: number): Range[] {
  const types: readonly number[] = store.order_types?.length ? store.order_types : [0, 1];
  const out: Range[] = [];
  for (const type of types) {
    const exception = (store.exceptions ?? []).find(
      (e) =>
        e.date === date &&
        (e.order_types.length === 0 || (e.order_types as readonly number[]).includes(type)),
    );
    out.push(
      ...(exception ? (exception.closed ? [] : exception.ranges) : (store.opening_hours[weekday] ?? [])),
    );
  }
  return out;
}

/** Open at `now` (the wall clock of the local date `today`), exceptions included. */
export function isOpenOn(store: ExceptionHours, now: WallClock, today: string): boolean {
  const yesterday = (now.day + 6) % 7;
  const hours: WeeklyHours = [[], [], [], [], [], [], []];
  hours[now.day] = rangesOn(store, today, now.day);
  hours[yesterday] = rangesOn(store, addDays(today, -1), yesterday);
  return isOpenAt(hours, now);
}

/** The next opening after `now` on the local date `today`, exceptions included. */
export function nextOpeningOn(store: ExceptionHours, now: WallClock, today: string): NextOpening | null {
  return nextOpeningBy((ahead, day) => rangesOn(store, addDays(today, ahead), day), now);
}

/** The exceptions from today on, in date order: what customers are told ahead (with or without a note). */
export function exceptionNotices(
  store: Partial<Pick<Store, "exceptions">> & VenueClock,
  date: Date = new Date(),
): HoursException[] {
  const today = venueDate(date, store);
  return (store.exceptions ?? [])
    .filter((e) => e.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date));
}

export type OpeningStatus = { open: true } | { open: false; next: NextOpening | null };

/**
 * Computed from the weekly hours and the dated exceptions when the venue has
 * any hours (so a page left open stays right); otherwise the server's
 * is_open / next_opening_at are used.
 */
export function openingStatus(
  store: Pick<Store, "opening_hours" | "is_open" | "next_opening_at"> &
    Partial<Pick<Store, "exceptions" | "order_types">> &
    VenueClock,
  date: Date = new Date(),
): OpeningStatus {
  const hasHours = store.opening_hours.some((day) => day.length > 0);
  if (!hasHours) {
    if (store.is_open) return { open: true };
    if (!store.next_opening_at) return { open: false, next: null };
    const at = new Date(store.next_opening_at);
    const here = venueWallClock(date, store);
    const then = venueWallClock(at, store);
    let daysAhead = (then.day - here.day + 7) % 7;
    if (daysAhead === 0 && at.getTime() - date.getTime() > 86_400_000) daysAhead = 7;
    const pad = (n: number) => String(n).padStart(2, "0");
    const time = `${pad(Math.floor(then.minutes / 60))}:${pad(then.minutes % 60)}`;
    return { open: false, next: { daysAhead, day: then.day, time } };
  }
  const now = venueWallClock(date, store);
  if (store.exceptions?.length) {
    // Dated exceptions (holidays, special hours) decide the days they name.
    const today = venueDate(date, store);
    if (isOpenOn(store, now, today)) return { open: true };
    return { open: false, next: nextOpeningOn(store, now, today) };
  }
  if (isOpenAt(store.opening_hours, now)) return { open: true };
  return { open: false, next: nextOpening(store.opening_hours, now) };
}

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * "Opens today at 11:00 AM", "Opens tomorrow at 11:00 AM", "Opens on Monday at
 * 11:00 AM" (pl-PL "Otwarcie dziś o 11:00"): translated, the time written as
 * every storefront time is (lib/time-format).
 */
export function opensAtText(next: NextOpening, t: Translate, language: string): string {
  const time = formatWallTime(next.time, language);
  if (next.daysAhead === 0) return t("opening.opensToday", { time });
  if (next.daysAhead === 1) return t("opening.opensTomorrow", { time });
  return t("opening.opensOn", { time, day: t(`opening.on.${next.day}`) });
}
