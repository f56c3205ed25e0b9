import { describe, expect, it } from "vitest";
import { createDefaultBasket, type Basket } from "@/stores/basket";
import { testMenu } from "@/test/menu-fixtures";
import { formatCurrency } from "./currency";
import { indexMenu, missingForMinimum, priceBasket } from "./basket-pricing";

const index = indexMenu(testMenu);
const basket = (items: Basket["items"]): Basket => ({ ...createDefaultBasket(), items });

describe("priceBasket", () => {
  it("adds qty × (item + modifiers) over the lines", () => {
    const priced = priceBasket(
      basket([
        { item_id: 3, qty: 2 },
        {
          item_id: 1,
          qty: 1,
          modifiers: [
            { modifier_item_id: 101, qty: 1 },
            { modifier_item_id: 110, qty: 1 },
          ],
        },
      ]),
      index,
    );
    expect(priced.lines.map((l) => l.total)).toEqual([498, 899 + 300 + 100]);
    expect(priced.lines[1]?.modifierNames).toEqual(["Double beef", "Cheese"]);
    expect(priced.subtotal).toBe(498 + 1299);
    expect(priced.count).toBe(3);
    expect(priced.flagged).toBe(0);
  });

  it("reaches £1,234.50 form", () => {
    const priced = priceBasket(basket([{ item_id: 4, qty: 1 }]), index);
    expect(formatCurrency(priced.subtotal, "GBP")).toBe("£1,234.50");
    expect(formatCurrency(priced.subtotal, "PLN")).toBe("1 234,50 zł");
  });

  it("flags and excludes lines whose item became unavailable or left the menu", () => {
    const priced = priceBasket(
      basket([
        { item_id: 3, qty: 1 },
        { item_id: 2, qty: 1 },
        { item_id: 999, qty: 3 },
        { item_id: 1, qty: 1, modifiers: [{ modifier_item_id: 112, qty: 1 }] },
        { item_id: 1, qty: 1, modifiers: [{ modifier_item_id: 5555, qty: 1 }] },
      ]),
      index,
    );
    expect(priced.lines.map((l) => l.problem)).toEqual([
      null,
      "unavailable",
      "missing",
      "unavailable",
      "missing",
    ]);
    expect(priced.subtotal).toBe(249);
    expect(priced.count).toBe(1);
    expect(priced.flagged).toBe(4);
  });

  it("is empty for no basket", () => {
    expect(priceBasket(null, index)).toEqual({ lines: [], subtotal: 0, count: 0, flagged: 0 });
  });
});

describe("missingForMinimum", () => {
  it("is what is left to reach the minimum, never negative", () => {
    expect(missingForMinimum(748, 1000)).toBe(252);
    expect(missingForMinimum(1000, 1000)).toBe(0);
    expect(missingForMinimum(1500, 0)).toBe(0);
  });
});
