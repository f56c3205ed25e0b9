import { describe, expect, it } from "vitest";
import { cardOf, EMPTY_FILTER, searchFilter } from "./api";

describe("searchFilter", () => {
  it("sends only what was chosen: the query trimmed, days as the browser's midnights (to inclusive)", () => {
    expect(searchFilter(EMPTY_FILTER)).toEqual({});
    const f = searchFilter({
      query: "  ann@example.com ",
      status: "accepted",
      from: "2026-11-16",
      to: "2026-11-16",
    });
    expect(f.query).toBe("ann@example.com");
    expect(f.status).toBe("accepted");
    expect(Date.parse(f.to!) - Date.parse(f.from!)).toBe(24 * 60 * 60 * 1000);
    expect(new Date(f.from!).getHours()).toBe(0);
  });
});

describe("cardOf", () => {
  it("names the card as people say it", () => {
    expect(cardOf({ payment: { brand: "visa", last4: "4242" } } as never)).toBe("Visa •••• 4242");
    expect(cardOf({ payment: { brand: "discover", last4: "1117" } } as never)).toBe("Discover •••• 1117");
    expect(cardOf({ payment: { brand: "", last4: "" } } as never)).toBe("");
  });
});
