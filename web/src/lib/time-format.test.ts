import { describe, expect, it } from "vitest";
import { formatTime, formatWallTime } from "./time-format";

const now = new Date("2026-11-16T12:00:00Z"); // Monday, noon in London

describe("formatTime (one time format for the storefront)", () => {
  it("writes en-US 12-hour and pl-PL 24-hour times today", () => {
    const at = "2026-11-16T14:05:00Z";
    expect(formatTime(at, "en-US", { timeZone: "Europe/London", now })).toBe("2:05 PM");
    expect(formatTime(at, "pl-PL", { timeZone: "Europe/London", now })).toBe("14:05");
    expect(formatTime("2026-11-16T08:05:00Z", "pl-PL", { timeZone: "Europe/London", now })).toBe("08:05");
  });

  it("adds the date when the time is not today in the venue's zone", () => {
    const at = "2026-11-17T09:05:00Z";
    expect(formatTime(at, "en-US", { timeZone: "Europe/London", now })).toBe("Tue, Nov 17, 9:05 AM");
    expect(formatTime(at, "pl-PL", { timeZone: "Europe/Warsaw", now })).toBe("wt., 17 lis, 10:05");
    expect(formatTime(at, "en-US", { timeZone: "Europe/London", now, timeOnly: true })).toBe("9:05 AM");
  });

  it("measures today on the venue's clock, not the browser's", () => {
    // 23:30 in London on Monday is already Tuesday in Warsaw.
    const at = "2026-11-16T23:30:00Z";
    expect(formatTime(at, "pl-PL", { timeZone: "Europe/London", now })).toBe("23:30");
    expect(formatTime(at, "pl-PL", { timeZone: "Europe/Warsaw", now })).toBe("wt., 17 lis, 00:30");
  });

  it("writes opening hours' wall-clock times the same way", () => {
    expect(formatWallTime("11:00", "en-US")).toBe("11:00 AM");
    expect(formatWallTime("23:30", "en-US")).toBe("11:30 PM");
    expect(formatWallTime("09:00", "pl-PL")).toBe("09:00");
    expect(formatWallTime("23:30", "pl-PL")).toBe("23:30");
  });
});
