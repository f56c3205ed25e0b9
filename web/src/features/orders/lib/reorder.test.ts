import { describe, expect, it } from "vitest";
import { reorderLines } from "./reorder";

const line = (item_id: number, title: string, modifiers: number[] = [], qty = 1) => ({
  index: 0,
  item_id,
  title,
  qty,
  unit_price: 500,
  total: 500 * qty,
  vat_rate_bp: 2000,
  modifiers: modifiers.map((id) => ({
    modifier_item_id: id,
    modifier_category_id: 1,
    name: `m${id}`,
    price: 0,
    qty: 1,
  })),
  available: true,
  problem: null,
});

const menu = {
  menu: { id: 1, name: "Menu", layout_style: 0 },
  categories: [],
  items: [
    { id: 1, is_available: true },
    { id: 2, is_available: false },
    { id: 3, is_available: true },
  ],
  modifier_categories: [],
  modifier_items: [
    { id: 10, modifier_category_id: 1, name: "Cheese", price: 50, is_available: true },
    { id: 11, modifier_category_id: 1, name: "Bacon", price: 90, is_available: false },
  ],
} as never;

describe("reorderLines", () => {
  it("puts back available lines with their modifiers and names the rest", () => {
    const result = reorderLines(
      { items: [line(1, "Burger", [10], 2), line(2, "Fries"), line(3, "Shake", [11]), line(9, "Gone")] },
      menu,
    );
    expect(result.add).toEqual([{ item_id: 1, qty: 2, modifiers: [{ modifier_item_id: 10, qty: 1 }] }]);
    expect(result.missing).toEqual(["Fries", "Shake", "Gone"]);
  });
});
