import { describe, expect, it } from "vitest";
import en from "@/i18n/admin/en-US.json";
import pl from "@/i18n/admin/pl-PL.json";
import { scheduledFor } from "./format";

/** The admin catalogue's text for key, its {{placeholders}} filled (no plurals needed here). */
const translate =
  (catalogue: object) =>
  (key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue);
    return String(text).replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
  };

const LONDON = "Europe/London";
const at = (iso: string) => new Date(iso).getTime();

describe("a scheduled order's time on the board", () => {
  it("is the time alone today, 'tomorrow' the next day, and the day itself later", () => {
    const now = at("2026-11-16T12:00:00Z"); // Monday noon in London
    const t = translate(en);
    expect(scheduledFor("2026-11-16T18:30:00Z", now, "en-US", LONDON, t)).toBe("For 06:30 PM");
    expect(scheduledFor("2026-11-17T12:00:00Z", now, "en-US", LONDON, t)).toBe("For tomorrow, 12:00 PM");
    expect(scheduledFor("2026-11-18T12:00:00Z", now, "en-US", LONDON, t)).toBe("For Wed, Nov 18, 12:00 PM");
  });

  it("counts days in the venue's zone, not the device's: 00:30 in Warsaw is tomorrow there", () => {
    const now = at("2026-11-16T22:00:00Z"); // 23:00 in Warsaw, still Monday
    const t = translate(pl);
    // 23:30 UTC on Monday is 00:30 on Tuesday in Warsaw.
    expect(scheduledFor("2026-11-16T23:30:00Z", now, "pl-PL", "Europe/Warsaw", t)).toBe("Na jutro, 00:30");
    // …and the same moment is still Monday in London.
    expect(scheduledFor("2026-11-16T23:30:00Z", now, "en-US", LONDON, translate(en))).toBe("For 11:30 PM");
    expect(scheduledFor("2026-11-19T11:00:00Z", now, "pl-PL", "Europe/Warsaw", t)).toBe(
      "Na czw., 19 lis, 12:00",
    );
  });

  it("passes the spring DST change as one day", () => {
    // Saturday 28 March 2026 noon in London; the clocks go forward that night.
    const now = at("2026-03-28T12:00:00Z");
    const t = translate(en);
    expect(scheduledFor("2026-03-29T11:00:00Z", now, "en-US", LONDON, t)).toBe("For tomorrow, 12:00 PM");
  });
});
