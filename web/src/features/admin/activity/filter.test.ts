import { describe, expect, it } from "vitest";
import { auditFilter } from "./filter";

describe("the activity filter", () => {
  it("sends only what is set, days as the browser's midnights (the end day included)", () => {
    expect(auditFilter({ actor: "", kind: "", from: "", to: "" })).toEqual({});
    const f = auditFilter({ actor: " boss@demo.test ", kind: "menu", from: "2026-03-01", to: "2026-03-02" });
    expect(f.actor).toBe("boss@demo.test");
    expect(f.action).toBe("menu");
    expect(new Date(f.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(f.to!).getTime()).toBe(new Date(2026, 2, 3).getTime());
  });
});
