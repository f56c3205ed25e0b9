import { describe, expect, it } from "vitest";
import { formatCurrency, formatCurrencyInput, parseCurrencyInput, resolveCurrency } from "./currency";

describe("formatCurrency (docs/product.md §3 table)", () => {
  it.each([
    ["GBP", "£1,234.50"],
    ["EUR", "1.234,50 €"],
    ["USD", "$1,234.50"],
    ["PLN", "1 234,50 zł"],
  ])("%s", (currency, expected) => {
    expect(formatCurrency(123450, currency)).toBe(expected);
  });

  it("uses a plain space (not NBSP) for PLN", () => {
    expect(formatCurrency(123450, "PLN")).not.toMatch(/\u00a0|\u202f/);
  });

  it("always shows 2 decimals", () => {
    expect(formatCurrency(0, "GBP")).toBe("£0.00");
    expect(formatCurrency(5, "GBP")).toBe("£0.05");
    expect(formatCurrency(249, "PLN")).toBe("2,49 zł");
    expect(formatCurrency(100000000, "EUR")).toBe("1.000.000,00 €");
  });

  it("falls back to GBP for an unknown or missing currency", () => {
    expect(formatCurrency(123450, "JPY")).toBe("£1,234.50");
    expect(formatCurrency(123450, undefined)).toBe("£1,234.50");
    expect(formatCurrency(123450, null)).toBe("£1,234.50");
    expect(resolveCurrency("pln")).toBe("PLN");
  });

  it("puts a minus before negative amounts", () => {
    expect(formatCurrency(-500, "GBP")).toBe("-£5.00");
    expect(formatCurrency(-123450, "PLN")).toBe("-1 234,50 zł");
    expect(formatCurrency(-1, "USD")).toBe("-$0.01");
  });

  it("treats non-finite input as zero", () => {
    expect(formatCurrency(Number.NaN, "GBP")).toBe("£0.00");
  });
});

describe("parseCurrencyInput", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12,5", 1250],
    ["£12.50", 1250],
    ["12.50 zł", 1250],
    ["1,234.56", 123456],
    ["1 234,56", 123456],
    ["1,234", 123400],
    ["0.005", 1],
    ["0.004", 0],
    ["abc", 0],
    ["", 0],
    ["-3.20", 320],
  ])("%j → %i minor units", (input, minor) => {
    expect(parseCurrencyInput(input)).toBe(minor);
  });

  it("formats back to 2 decimals", () => {
    expect(formatCurrencyInput(1250)).toBe("12.50");
    expect(formatCurrencyInput(5, ",")).toBe("0,05");
  });
});
