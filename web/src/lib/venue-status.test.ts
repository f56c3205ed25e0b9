import { describe, expect, it } from "vitest";
import { OrderType } from "@/lib/enums";
import { testStore } from "@/test/menu-fixtures";
import { promisedMinutes, venueAvailability } from "./venue-status";

const noon = new Date("2026-11-16T12:00:00Z"); // Monday, open 11:00–23:00 in London

describe("venueAvailability", () => {
  it("is paused while paused_until is ahead, and open again after it", () => {
    const paused = testStore({ paused_until: "2026-11-16T14:30:00Z" });
    expect(venueAvailability(paused, noon)).toEqual({
      state: "paused",
      until: new Date("2026-11-16T14:30:00Z"),
    });
    expect(venueAvailability(paused, new Date("2026-11-16T14:30:00Z"))).toEqual({ state: "open" });
    expect(venueAvailability(testStore(), noon)).toEqual({ state: "open" });
  });

  it("says closed (with the next opening) before paused", () => {
    const paused = testStore({ paused_until: "2026-11-16T14:30:00Z" });
    expect(venueAvailability(paused, new Date("2026-11-16T04:00:00Z"))).toEqual({
      state: "closed",
      next: { daysAhead: 0, day: 1, time: "11:00" },
    });
  });
});

describe("promisedMinutes (one rule for every promised time)", () => {
  const venue = testStore({ prep_minutes: 15, busy_minutes: 10, delivery_minutes: 25 });
  it.each([
    [OrderType.PICKUP, 25],
    [OrderType.DELIVERY, 50],
    [null, 25],
  ])("order type %s: %i minutes", (type, minutes) => {
    expect(promisedMinutes(venue, type)).toBe(minutes);
  });
});
