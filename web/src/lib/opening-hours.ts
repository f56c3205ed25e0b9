/**
 * Open or closed now, and the next opening, from a venue's weekly opening hours
 * in its own time zone (docs/architecture.md §2). Pure: "now" is passed in.
 */
import type { Store } from "@/lib/api/types";
import { formatWallTime } from "@/lib/time-format";

export type WeeklyHours = Store["opening_hours"];

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
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = (now.day + ahead) % 7;
    const opens = (hours[day] ?? [])
      .map((r) => ({ time: r.open, at: parseTime(r.open) }))
      .filter((o) => ahead > 0 || o.at > now.minutes)
      .sort((a, b) => a.at - b.at);
    const first = opens[0];
    if (first) return { daysAhead: ahead, day, time: first.time };
  }
  return null;
}

export type OpeningStatus = { open: true } | { open: false; next: NextOpening | null };

/**
 * Computed from the weekly hours when the venue has any (so a page left open
 * stays right); otherwise the server's is_open / next_opening_at are used.
 */
export function openingStatus(
  store: Pick<Store, "opening_hours" | "is_open" | "next_opening_at"> & VenueClock,
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
