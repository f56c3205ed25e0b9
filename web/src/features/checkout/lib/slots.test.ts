import { describe, expect, it } from "vitest";
import { groupSlots, slotOffered } from "./slots";

const words = { today: "Today", tomorrow: "Tomorrow" };
const now = new Date("2026-11-16T12:00:00Z");

const slots = [
  { start: "2026-11-16T18:00:00+00:00", end: "2026-11-16T18:15:00+00:00", available: true },
  { start: "2026-11-16T18:15:00+00:00", end: "2026-11-16T18:30:00+00:00", available: false },
  { start: "2026-11-16T18:30:00+00:00", end: "2026-11-16T18:45:00+00:00", available: true },
  { start: "2026-11-17T11:00:00+00:00", end: "2026-11-17T11:15:00+00:00", available: true },
  { start: "2026-11-18T11:00:00+00:00", end: "2026-11-18T11:15:00+00:00", available: true },
];

describe("groupSlots", () => {
  it("offers only slots with room, by local day, in the venue's zone", () => {
    const days = groupSlots(slots, "Europe/London", "pl-PL", now, words);
    expect(days.map((d) => d.label)).toEqual(["Today", "Tomorrow", "śr., 18 lis"]);
    expect(days[0]?.slots.map((s) => s.label)).toEqual(["18:00–18:15", "18:30–18:45"]);
  });

  it("writes en-US slots in 12-hour time, as every storefront time (issue 18)", () => {
    const days = groupSlots(slots, "Europe/London", "en-US", now, words);
    expect(days[0]?.slots.map((s) => s.label)).toEqual(["6:00 PM–6:15 PM", "6:30 PM–6:45 PM"]);
    expect(days[2]?.slots.map((s) => s.label)).toEqual(["11:00 AM–11:15 AM"]);
  });

  it("shows Warsaw's times for a Warsaw venue whatever the browser's zone", () => {
    const days = groupSlots(slots.slice(0, 1), "Europe/Warsaw", "pl-PL", now, words);
    expect(days[0]?.slots[0]?.label).toBe("19:00–19:15");
  });

  it("knows a full or vanished slot is not offered", () => {
    expect(slotOffered(slots, "2026-11-16T18:00:00Z")).toBe(true);
    expect(slotOffered(slots, "2026-11-16T18:15:00+00:00")).toBe(false);
    expect(slotOffered(slots, "2026-11-20T18:00:00Z")).toBe(false);
  });
});
