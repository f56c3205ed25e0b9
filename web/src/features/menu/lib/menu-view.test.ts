import { describe, expect, it } from "vitest";
import { testMenu } from "@/test/menu-fixtures";
import { fold, menuView } from "./menu-view";

describe("menuView", () => {
  it("orders categories by position and shows only those with at least one item", () => {
    expect(menuView(testMenu).map((v) => v.category.name)).toEqual(["Burgers", "Drinks"]);
  });

  it("searches titles and descriptions, ignoring case and diacritics", () => {
    expect(menuView(testMenu, "jalapeno").flatMap((v) => v.items.map((i) => i.title))).toEqual([
      "Jalapeño Poppers",
    ]);
    expect(menuView(testMenu, "BEEF").map((v) => v.category.name)).toEqual(["Burgers"]);
    expect(menuView(testMenu, "nothing like this")).toEqual([]);
    expect(fold("Żurek Łódź")).toBe("zurek lodz");
  });
});
