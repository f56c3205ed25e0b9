import { describe, expect, it } from "vitest";
import { diffJSON } from "./diff";

describe("diffJSON", () => {
  it("names each changed field by its path", () => {
    const before = { ref: "burger", price: 899, title: "Burger", order_types: [0, 1] };
    const after = { ref: "burger", price: 1299, title: "Burger", order_types: [0] };
    expect(diffJSON(before, after)).toEqual([
      { path: "price", before: 899, after: 1299 },
      { path: "order_types[1]", before: 1, after: undefined },
    ]);
  });

  it("matches listed items by ref, so a moved or added one is only itself", () => {
    const before = {
      items: [
        { ref: "a", price: 1 },
        { ref: "b", price: 2 },
      ],
    };
    const after = {
      items: [
        { ref: "new", price: 5 },
        { ref: "a", price: 1 },
        { ref: "b", price: 3 },
      ],
    };
    expect(diffJSON(before, after)).toEqual([
      { path: "items[0]", before: undefined, after: { ref: "new", price: 5 } },
      { path: "items[2].price", before: 2, after: 3 },
    ]);
  });

  it("reports a removed item by its ref", () => {
    expect(diffJSON({ venues: [{ venue_slug: "soho" }] }, { venues: [] })).toEqual([
      { path: "venues[soho]", before: { venue_slug: "soho" }, after: undefined },
    ]);
  });

  it("treats null as did-not-exist and equal documents as no change", () => {
    expect(diffJSON(null, { ref: "x" })).toEqual([{ path: "ref", before: undefined, after: "x" }]);
    expect(diffJSON({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
  });
});
