import type { Translate } from "@/lib/i18n";
import { useEffect, useState } from "react";

/** "14:05" in the venue's zone and the page's language. */
export function clockAt(iso: string | null | undefined, language: string, timeZone: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  try {
    return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit", timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(d);
  }
}

/** The calendar day of a moment in a time zone, as YYYY-MM-DD (en-CA writes dates so). */
function dayIn(ms: number, timeZone: string): string {
  const options = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
  try {
    return new Intl.DateTimeFormat("en-CA", { ...options, timeZone }).format(ms);
  } catch {
    return new Intl.DateTimeFormat("en-CA", options).format(ms);
  }
}

/** The day after a YYYY-MM-DD day (calendar arithmetic: DST does not move it). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * When a scheduled order is wanted, as the board says it: "For 14:05" today in the venue's
 * zone, "For tomorrow, 14:05" the next day, else with its day ("For Wed, Nov 18, 14:05"), so
 * that a pre-order for another day is never read as one for later today.
 */
export function scheduledFor(
  iso: string | null | undefined,
  now: number,
  language: string,
  timeZone: string,
  t: Translate,
): string {
  const time = clockAt(iso, language, timeZone);
  if (!iso || !time) return t("board.scheduledFor", { time });
  const day = dayIn(new Date(iso).getTime(), timeZone);
  const today = dayIn(now, timeZone);
  if (day === today) return t("board.scheduledFor", { time });
  if (day === nextDay(today)) return t("board.scheduledForTomorrow", { time });
  const options = { weekday: "short", month: "short", day: "numeric" } as const;
  let label: string;
  try {
    label = new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(iso));
  } catch {
    label = new Intl.DateTimeFormat(language, options).format(new Date(iso));
  }
  return t("board.scheduledForDay", { day: label, time });
}

/** The time, re-read every `every` ms (waiting times and warnings move on without events). */
export function useNow(every = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(id);
  }, [every]);
  return now;
}

/**
 * The server's time, moving on: the device's clock plus the skew of the
 * board's first answer (a device's clock drifts slowly; taking each answer's
 * would also undo a test's fast-forwarded clock).
 */
export function useServerNow(skew: number | undefined): number {
  const [first, setFirst] = useState<number | null>(null);
  if (first === null && skew !== undefined) setFirst(skew);
  return useNow() + (first ?? 0);
}
