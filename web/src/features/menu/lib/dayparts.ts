import type { components } from "@/lib/api/schema";

export type Daypart = components["schemas"]["Daypart"];

/** An item's dayparts as the card says them: the distinct ranges, "07:00–11:00, 17:00–22:00". */
export function daypartsText(dayparts: Daypart[] | undefined): string {
  const ranges: string[] = [];
  for (const d of dayparts ?? []) {
    const r = `${d.from}–${d.to}`;
    if (!ranges.includes(r)) ranges.push(r);
  }
  return ranges.join(", ");
}
