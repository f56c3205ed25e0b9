import { describe, expect, it } from "vitest";
import { flatten, interpolate, pluralCategory, translate } from "./translate";

const en = flatten({
  cart: { items_one: "{{count}} item", items_other: "{{count}} items", title: "Basket of {{name}}" },
  plain: "Add {{count}} to basket",
});
const pl = flatten({
  cart: {
    items_one: "{{count}} pozycja",
    items_few: "{{count}} pozycje",
    items_many: "{{count}} pozycji",
    items_other: "{{count}} pozycji",
  },
});

describe("plural categories (Intl.PluralRules)", () => {
  it("en-US has one for 1 and other for everything else", () => {
    expect([0, 1, 2, 5, 21].map((n) => pluralCategory("en-US", n))).toEqual([
      "other",
      "one",
      "other",
      "other",
      "other",
    ]);
  });

  it("pl-PL has one for 1, few for 2–4 (not 12–14), many for the rest of the whole numbers", () => {
    const categories = Object.fromEntries(
      [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 101, 102, 112].map((n) => [n, pluralCategory("pl-PL", n)]),
    );
    expect(categories).toEqual({
      0: "many",
      1: "one",
      2: "few",
      4: "few",
      5: "many",
      11: "many",
      12: "many",
      14: "many",
      21: "many",
      22: "few",
      24: "few",
      25: "many",
      101: "many",
      102: "few",
      112: "many",
    });
    expect(pluralCategory("pl-PL", 1.5)).toBe("other");
  });
});

describe("translate", () => {
  it("picks the form of the count's category and fills the count in", () => {
    expect(translate(en, "en-US", "cart.items", { count: 1 })).toBe("1 item");
    expect(translate(en, "en-US", "cart.items", { count: 3 })).toBe("3 items");
    expect([1, 2, 5, 22, 25].map((count) => translate(pl, "pl-PL", "cart.items", { count }))).toEqual([
      "1 pozycja",
      "2 pozycje",
      "5 pozycji",
      "22 pozycje",
      "25 pozycji",
    ]);
  });

  it("falls back to the _other form, then to a text without plural forms", () => {
    const onlyOther = flatten({ n_other: "{{count}} things" });
    expect(translate(onlyOther, "pl-PL", "n", { count: 2 })).toBe("2 things");
    expect(translate(en, "en-US", "plain", { count: 2 })).toBe("Add 2 to basket");
  });

  it("answers the key itself for a text no catalogue has", () => {
    expect(translate(en, "en-US", "cart.missing")).toBe("cart.missing");
    expect(translate(en, "en-US", "cart.items")).toBe("cart.items"); // plural forms need a count
  });

  it("fills every placeholder it has a value for and leaves the others visible", () => {
    expect(translate(en, "en-US", "cart.title", { name: "Anna" })).toBe("Basket of Anna");
    expect(interpolate("{{a}} and {{b}} and {{a}}", { a: 1 })).toBe("1 and {{b}} and 1");
    expect(interpolate("{{a}}", { a: "$& {{b}}", b: "x" })).toBe("$& {{b}}");
  });
});
