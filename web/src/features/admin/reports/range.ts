/** The Reports page's date ranges: calendar dates (YYYY-MM-DD) as a venue's clock shows them. */

export type Preset = "today" | "week" | "month";
export const PRESETS: readonly Preset[] = ["today", "week", "month"];

/** The date it is at now in a time zone (the venue's). */
export function dateIn(zone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** A date moved by whole days (calendar arithmetic, no clock). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** today: today; week: the last 7 days with today; month: this month so far. */
export function presetRange(p: Preset, zone: string, now: Date): { from: string; to: string } {
  const today = dateIn(zone, now);
  switch (p) {
    case "today":
      return { from: today, to: today };
    case "week":
      return { from: addDays(today, -6), to: today };
    case "month":
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** Which preset a range is, if any. */
export function presetOf(r: { from: string; to: string }, zone: string, now: Date): Preset | null {
  return (
    PRESETS.find((p) => {
      const q = presetRange(p, zone, now);
      return q.from === r.from && q.to === r.to;
    }) ?? null
  );
}
