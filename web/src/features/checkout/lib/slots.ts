/** Pre-order slots grouped by day for the slot picker (pure; no React). */
import { formatTime } from "@/lib/time-format";
import type { Slot } from "../api/types";

export interface SlotDay {
  /** "2026-11-16" in the venue's zone. */
  date: string;
  label: string;
  slots: { value: string; label: string }[];
}

function dateKey(iso: string, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
}

/**
 * Only the slots with room (full ones are not offered), grouped by the venue's
 * local day, labelled in the interface language ("Today", "Tomorrow", then
 * "Wed 18 Nov"), times in the venue's zone as every storefront time is written
 * (lib/time-format: "6:00 PM–6:15 PM", pl-PL "18:00–18:15").
 */
export function groupSlots(
  slots: readonly Slot[],
  timeZone: string,
  language: string,
  now: Date,
  words: { today: string; tomorrow: string },
): SlotDay[] {
  const time = (iso: string) => formatTime(iso, language, { timeZone, timeOnly: true });
  const day = new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  const today = dateKey(now.toISOString(), timeZone);
  const tomorrow = dateKey(new Date(now.getTime() + 86_400_000).toISOString(), timeZone);
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    if (!slot.available) continue;
    const date = dateKey(slot.start, timeZone);
    let entry = days.get(date);
    if (!entry) {
      const label =
        date === today ? words.today : date === tomorrow ? words.tomorrow : day.format(new Date(slot.start));
      entry = { date, label, slots: [] };
      days.set(date, entry);
    }
    entry.slots.push({
      value: slot.start,
      label: `${time(slot.start)}–${time(slot.end)}`,
    });
  }
  return [...days.values()];
}

/** Whether a chosen time is still offered (a slot can fill up while the page is open). */
export function slotOffered(slots: readonly Slot[], value: string | null): boolean {
  if (!value) return false;
  const at = Date.parse(value);
  return slots.some((s) => s.available && Date.parse(s.start) === at);
}
