import { describe, expect, it } from "vitest";
import { addDays, dateIn, presetOf, presetRange } from "./range";

describe("report ranges", () => {
  // 23:30 on 31 October in UTC is already 1 November in Warsaw, still 31 October in London.
  const now = new Date("2026-10-31T23:30:00Z");

  it("takes today from the venue's clock", () => {
    expect(dateIn("Europe/London", now)).toBe("2026-10-31");
    expect(dateIn("Europe/Warsaw", now)).toBe("2026-11-01");
  });

  it("has today, the last 7 days and this month", () => {
    expect(presetRange("today", "Europe/London", now)).toEqual({ from: "2026-10-31", to: "2026-10-31" });
    expect(presetRange("week", "Europe/London", now)).toEqual({ from: "2026-10-25", to: "2026-10-31" });
    expect(presetRange("month", "Europe/London", now)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetRange("month", "Europe/Warsaw", now)).toEqual({ from: "2026-11-01", to: "2026-11-01" });
  });

  it("moves dates across months and years and names a preset range", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(presetOf({ from: "2026-10-25", to: "2026-10-31" }, "Europe/London", now)).toBe("week");
    expect(presetOf({ from: "2026-10-24", to: "2026-10-31" }, "Europe/London", now)).toBeNull();
  });
});
