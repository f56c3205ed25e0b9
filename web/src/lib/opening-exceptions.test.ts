import { describe, expect, it } from "vitest";
import { addDays, exceptionNotices, openingStatus, rangesOn, venueDate } from "@/lib/opening-hours";
import { testStore } from "@/test/menu-fixtures";

// Split hours every day, 11:00-15:00 and 17:00-23:00, in London. 2026-12-24
// is a Thursday, the 25th a Friday (GMT: the wall clock is UTC).
const split = Array.from({ length: 7 }, () => [
  { open: "11:00", close: "15:00" },
  { open: "17:00", close: "23:00" },
]);
const store = testStore({
  opening_hours: split,
  time_zone: "Europe/London",
  exceptions: [
    { date: "2026-12-25", closed: true, ranges: [], order_types: [], note: "Closed for Christmas" },
    { date: "2026-12-26", closed: true, ranges: [], order_types: [1], note: "Delivery only" },
    {
      date: "2026-12-31",
      closed: false,
      ranges: [{ open: "20:00", close: "02:00" }],
      order_types: [],
      note: "",
    },
  ],
});

describe("opening hours with dated exceptions", () => {
  it("closes a holiday and says when it opens next", () => {
    expect(openingStatus(store, new Date("2026-12-25T12:00:00Z"))).toEqual({
      open: false,
      next: { daysAhead: 1, day: 6, time: "11:00" },
    });
    // The evening before, after closing: not "opens tomorrow at 11:00".
    expect(openingStatus(store, new Date("2026-12-24T23:30:00Z"))).toEqual({
      open: false,
      next: { daysAhead: 2, day: 6, time: "11:00" },
    });
    expect(openingStatus(store, new Date("2026-12-24T12:00:00Z"))).toEqual({ open: true });
  });

  it("keeps a delivery-only day open", () => {
    expect(openingStatus(store, new Date("2026-12-26T12:00:00Z"))).toEqual({ open: true });
    const pickupOnly = { ...store, order_types: [1 as const] };
    expect(openingStatus(pickupOnly, new Date("2026-12-26T12:00:00Z")).open).toBe(false);
    expect(rangesOn(store, "2026-12-26", 6)).toHaveLength(2); // delivery's two ranges
  });

  it("runs a special range past midnight into the next date", () => {
    expect(openingStatus(store, new Date("2026-12-31T16:00:00Z")).open).toBe(false); // 17:00 replaced
    expect(openingStatus(store, new Date("2026-12-31T21:00:00Z")).open).toBe(true);
    expect(openingStatus(store, new Date("2027-01-01T01:30:00Z")).open).toBe(true);
    expect(openingStatus(store, new Date("2027-01-01T02:00:00Z")).open).toBe(false);
  });

  it("reads the venue's date across the daylight-saving change", () => {
    // 23:30 UTC on the 24th is 00:30 BST on the 25th in London; 21:30 UTC is 23:30 CEST on the 24th in Warsaw.
    expect(venueDate(new Date("2026-10-24T23:30:00Z"), { time_zone: "Europe/London" })).toBe("2026-10-25");
    expect(venueDate(new Date("2026-10-24T21:30:00Z"), { time_zone: "Europe/Warsaw" })).toBe("2026-10-24");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });

  it("lists the exceptions from today on, with a note or without", () => {
    const dates = exceptionNotices(store, new Date("2026-12-25T20:00:00Z")).map((e) => e.date);
    expect(dates).toEqual(["2026-12-25", "2026-12-26", "2026-12-31"]);
    expect(exceptionNotices(store, new Date("2027-01-01T09:00:00Z"))).toEqual([]);
  });
});
