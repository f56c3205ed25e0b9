import { describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { testStore } from "@/test/menu-fixtures";
import {
  isOpenAt,
  nextOpening,
  openingStatus,
  opensAtText,
  venueWallClock,
  wallClock,
} from "./opening-hours";

const hours = [
  [{ open: "11:00", close: "22:00" }], // sun
  [{ open: "11:00", close: "23:00" }],
  [{ open: "11:00", close: "23:00" }],
  [{ open: "11:00", close: "23:00" }],
  [], // thu: closed
  [{ open: "11:00", close: "00:30" }], // fri past midnight
  [
    { open: "09:00", close: "12:00" },
    { open: "17:00", close: "01:00" },
  ],
];

describe("opening hours", () => {
  it("reads the wall clock in the venue's time zone", () => {
    // 2026-07-04 is a Saturday; 10:30 UTC is 11:30 in London (BST) and 12:30 in Warsaw.
    const at = new Date("2026-07-04T10:30:00Z");
    expect(wallClock(at, "Europe/London")).toEqual({ day: 6, minutes: 11 * 60 + 30 });
    expect(wallClock(at, "Europe/Warsaw")).toEqual({ day: 6, minutes: 12 * 60 + 30 });
  });

  it("reads it from the server's offset while that holds, then from the time-zone data", () => {
    // London in winter: offset 0 until the clocks go forward, 2027-03-28 01:00 UTC.
    // The offset given is deliberately odd (+7 h), to tell which way was taken.
    const london = {
      time_zone: "Europe/London",
      utc_offset_minutes: 7 * 60,
      utc_offset_until: "2027-03-28T01:00:00Z",
    };
    // Monday 2026-11-23 20:30 UTC + 7 h = Tuesday 03:30.
    expect(venueWallClock(new Date("2026-11-23T20:30:00Z"), london)).toEqual({
      day: 2,
      minutes: 3 * 60 + 30,
    });
    // From the change on, the zone's own data: Sunday 2027-03-28 01:30 UTC is 02:30 BST.
    expect(venueWallClock(new Date("2027-03-28T01:30:00Z"), london)).toEqual({
      day: 0,
      minutes: 2 * 60 + 30,
    });
    // Warsaw's real winter offset (+60) with no end; a store without an offset uses the zone.
    const warsaw = { time_zone: "Europe/Warsaw", utc_offset_minutes: 60, utc_offset_until: null };
    const at = new Date("2026-11-23T23:15:00Z");
    expect(venueWallClock(at, warsaw)).toEqual({ day: 2, minutes: 15 });
    expect(venueWallClock(at, { time_zone: "Europe/Warsaw" })).toEqual(wallClock(at, "Europe/Warsaw"));
  });

  it("is open inside a range, closed outside, and past midnight on the next day", () => {
    expect(isOpenAt(hours, { day: 1, minutes: 11 * 60 })).toBe(true);
    expect(isOpenAt(hours, { day: 1, minutes: 23 * 60 })).toBe(false);
    expect(isOpenAt(hours, { day: 6, minutes: 0 })).toBe(true); // Friday's 00:30 close
    expect(isOpenAt(hours, { day: 6, minutes: 45 })).toBe(false);
    expect(isOpenAt(hours, { day: 6, minutes: 13 * 60 })).toBe(false); // between ranges
    expect(isOpenAt(hours, { day: 0, minutes: 30 })).toBe(true); // Saturday's 01:00 close
    expect(isOpenAt(hours, { day: 4, minutes: 12 * 60 })).toBe(false);
  });

  it("finds the next opening: later today, tomorrow, or days ahead", () => {
    expect(nextOpening(hours, { day: 1, minutes: 8 * 60 })).toEqual({ daysAhead: 0, day: 1, time: "11:00" });
    expect(nextOpening(hours, { day: 6, minutes: 13 * 60 })).toEqual({ daysAhead: 0, day: 6, time: "17:00" });
    expect(nextOpening(hours, { day: 3, minutes: 23 * 60 + 30 })).toEqual({
      daysAhead: 2,
      day: 5,
      time: "11:00",
    });
    expect(nextOpening([[], [], [], [], [], [], []], { day: 1, minutes: 0 })).toBeNull();
  });

  it("computes the status from the hours in the venue's zone, else takes the server's", () => {
    const store = testStore({ opening_hours: hours, time_zone: "Europe/Warsaw" });
    // Monday 2026-07-06 06:00 UTC = 08:00 in Warsaw: closed, opens today at 11:00.
    expect(openingStatus(store, new Date("2026-07-06T06:00:00Z"))).toEqual({
      open: false,
      next: { daysAhead: 0, day: 1, time: "11:00" },
    });
    expect(openingStatus(store, new Date("2026-07-06T10:00:00Z"))).toEqual({ open: true });
    const noHours = testStore({
      opening_hours: [[], [], [], [], [], [], []],
      is_open: false,
      next_opening_at: "2026-07-07T09:00:00Z",
      time_zone: "Europe/London",
    });
    expect(openingStatus(noHours, new Date("2026-07-06T20:00:00Z"))).toEqual({
      open: false,
      next: { daysAhead: 1, day: 2, time: "10:00" },
    });
  });

  it("says when it opens, in both languages", async () => {
    const t = (key: string, values?: Record<string, string>) => i18n.t(key, values);
    await i18n.changeLanguage("en-US");
    expect(opensAtText({ daysAhead: 0, day: 1, time: "11:00" }, t, "en-US")).toBe("Opens today at 11:00 AM");
    expect(opensAtText({ daysAhead: 1, day: 2, time: "11:00" }, t, "en-US")).toBe("Opens tomorrow at 11:00 AM");
    expect(opensAtText({ daysAhead: 3, day: 3, time: "17:30" }, t, "en-US")).toBe("Opens on Wednesday at 5:30 PM");
    await i18n.changeLanguage("pl-PL");
    expect(opensAtText({ daysAhead: 3, day: 3, time: "10:00" }, t, "pl-PL")).toBe("Otwarcie w środę o 10:00");
    await i18n.changeLanguage("en-US");
  });
});
