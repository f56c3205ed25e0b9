import { describe, expect, it } from "vitest";
import { isDecimalNumber } from "./decimal";

describe("isDecimalNumber (docs/product.md §5)", () => {
  it.each(["0", "12", "12.5", "-12.50", "-0", "007.10"])("accepts %j", (value) => {
    expect(isDecimalNumber(value)).toBe(true);
  });

  it.each(["", "-", "--1", "1.2.3", "1.", ".5", "1a", "1.-5", "+1", " 1", "1e5", "1,5"])(
    "rejects %j",
    (value) => {
      expect(isDecimalNumber(value)).toBe(false);
    },
  );

  it("splits on another separator when given", () => {
    expect(isDecimalNumber("1,5", ",")).toBe(true);
    expect(isDecimalNumber("-1,5", ",")).toBe(true);
    expect(isDecimalNumber("1.5", ",")).toBe(false);
  });
});
