import { describe, expect, it } from "vitest";
import { indexMenu } from "@/lib/basket-pricing";
import { testMenu } from "@/test/menu-fixtures";
import { canAddMore, groupsFor, problems, toBasketModifiers, toggle, unitPrice } from "./modifier-selection";

const index = indexMenu(testMenu);
const burger = testMenu.items[0]!;
const groups = groupsFor(burger, index);
const [patty, extras] = groups.map((g) => g.category) as [
  (typeof groups)[0]["category"],
  (typeof groups)[0]["category"],
];

describe("modifier selection", () => {
  it("groups the item's modifier categories in order with their options", () => {
    expect(groups.map((g) => g.category.name)).toEqual(["Choose your patty", "Extras"]);
    expect(groups[1]?.options.map((o) => o.name)).toEqual(["Cheese", "Bacon", "Egg"]);
  });

  it("needs the minimum of a required group before the item can be added", () => {
    expect(problems(burger, groups, {})).toEqual([{ kind: "groupMin", category: patty, missing: 1 }]);
    expect(problems(burger, groups, toggle({}, patty, 100))).toEqual([]);
  });

  it("replaces the choice in a max-1 group (radio)", () => {
    let s = toggle({}, patty, 100);
    s = toggle(s, patty, 101);
    expect(s[patty.id]).toEqual([101]);
  });

  it("stops at select_max in a checkbox group and lets a choice go again", () => {
    let s = toggle({}, extras, 110);
    s = toggle(s, extras, 111);
    expect(canAddMore(burger, extras, s)).toBe(false);
    expect(toggle(s, extras, 112)).toBe(s);
    s = toggle(s, extras, 110);
    expect(s[extras.id]).toEqual([111]);
    expect(canAddMore(burger, extras, s)).toBe(true);
  });

  it("bounds the total by the item's own select_min/select_max", () => {
    const strict = { ...burger, select_min: 2, select_max: 2 };
    const one = toggle({}, patty, 100);
    expect(problems(strict, groups, one)).toEqual([{ kind: "itemMin", missing: 1 }]);
    const two = toggle(one, extras, 110);
    expect(problems(strict, groups, two)).toEqual([]);
    expect(canAddMore(strict, extras, two)).toBe(false);
  });

  it("prices the running total and gives a stable basket form", () => {
    const s = toggle(toggle(toggle({}, extras, 111), patty, 101), extras, 110);
    expect(unitPrice(burger, s, index)).toBe(899 + 300 + 150 + 100);
    expect(toBasketModifiers(s)).toEqual([
      { modifier_item_id: 101, qty: 1 },
      { modifier_item_id: 110, qty: 1 },
      { modifier_item_id: 111, qty: 1 },
    ]);
  });
});
