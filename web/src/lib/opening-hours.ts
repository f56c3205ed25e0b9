/**
 * Open or closed now, and the next opening, from a venue's weekly opening hours
 * in its own time zone (DESIGN.md §2). Pure: "now" is passed in.
 */
import type { Store } from "@/lib/api/types";

export type WeeklyHours = Store["opening_hours"];

/** A moment as the venue's wall clock shows it: weekday 0..6 (sun..sat) and minutes since midnight. */
export interface WallClock {
  day: number;
  minutes: number;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: WEEKDAY_INDEX[part("weekday")] ?? 0,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
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
  store: Pick<Store, "opening_hours" | "time_zone" | "is_open" | "next_opening_at">,
  date: Date = new Date(),
): OpeningStatus {
  const hasHours = store.opening_hours.some((day) => day.length > 0);
  if (!hasHours) {
    if (store.is_open) return { open: true };
    if (!store.next_opening_at) return { open: false, next: null };
    const at = new Date(store.next_opening_at);
    const here = wallClock(date, store.time_zone);
    const then = wallClock(at, store.time_zone);
    let daysAhead = (then.day - here.day + 7) % 7;
    if (daysAhead === 0 && at.getTime() - date.getTime() > 86_400_000) daysAhead = 7;
    const pad = (n: number) => String(n).padStart(2, "0");
    const time = `${pad(Math.floor(then.minutes / 60))}:${pad(then.minutes % 60)}`;
    return { open: false, next: { daysAhead, day: then.day, time } };
  }
  const now = wallClock(date, store.time_zone);
  if (isOpenAt(store.opening_hours, now)) return { open: true };
  return { open: false, next: nextOpening(store.opening_hours, now) };
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** "Opens today at 11:00", "Opens tomorrow at 11:00", "Opens on Monday at 11:00" (translated). */
export function opensAtText(next: NextOpening, t: Translate): string {
  if (next.daysAhead === 0) return t("opening.opensToday", { time: next.time });
  if (next.daysAhead === 1) return t("opening.opensTomorrow", { time: next.time });
  return t("opening.opensOn", { time: next.time, day: t(`opening.on.${next.day}`) });
}
