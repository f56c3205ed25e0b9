import { describe, expect, it } from "vitest";
import { healthOf, type Printer } from "./api";

const printer = (p: Partial<Printer>): Printer => ({
  id: 1,
  venue_slug: "soho",
  name: "Pass",
  kind: "star_cloudprnt",
  online: true,
  last_poll_at: "2026-11-16T12:00:00Z",
  status_code: "200 OK",
  paper_out: false,
  paper_low: false,
  cover_open: false,
  pending_jobs: 0,
  ...p,
});

describe("healthOf", () => {
  it("names the most urgent state first", () => {
    expect(healthOf(printer({ last_poll_at: null, online: false }))).toBe("waiting");
    expect(healthOf(printer({ online: false, paper_out: true }))).toBe("offline");
    expect(healthOf(printer({ paper_out: true, cover_open: true }))).toBe("paperOut");
    expect(healthOf(printer({ cover_open: true, paper_low: true }))).toBe("coverOpen");
    expect(healthOf(printer({ paper_low: true }))).toBe("paperLow");
    expect(healthOf(printer({}))).toBe("online");
  });
});
