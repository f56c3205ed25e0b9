import { describe, expect, it } from "vitest";
import { checkCard, formatCardNumber, formatExpiry, luhnValid, parseExpiry } from "./card";

const NOW = new Date("2026-11-16T12:00:00Z");

describe("card number", () => {
  it("groups digits in fours as typed (Amex 4-6-5) and drops everything else", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0025 0000x3155")).toBe("4000 0025 0000 3155");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("checks the Luhn digit of Stripe's test cards", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("4000002500003155")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("4242")).toBe(false);
  });
});

describe("expiry", () => {
  it("puts the separator after the month and pads a one-digit month", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("4")).toBe("04 / ");
    // Backspace over " / " removes the month's last digit.
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
  });

  it("reads MM / YY as a month of a four-digit year", () => {
    expect(parseExpiry("12 / 30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("13 / 30")).toBeNull();
    expect(parseExpiry("1 / 30")).toBeNull();
  });
});

describe("checkCard", () => {
  it("gives the card to send when every field is right", () => {
    expect(
      checkCard({ number: "4242 4242 4242 4242", expiry: "11 / 26", cvc: "123", name: " Ann " }, NOW),
    ).toEqual({
      ok: true,
      card: { number: "4242424242424242", exp_month: 11, exp_year: 2026, cvc: "123", name: "Ann" },
    });
  });

  it("names each wrong field: a bad number, last month's expiry, a short CVC, no name", () => {
    expect(checkCard({ number: "4242 4242 4242 4241", expiry: "10 / 26", cvc: "12", name: "" }, NOW)).toEqual(
      {
        ok: false,
        errors: {
          number: "checkout.card.numberInvalid",
          expiry: "checkout.card.expired",
          cvc: "checkout.card.cvcInvalid",
          name: "checkout.card.nameRequired",
        },
      },
    );
    expect(checkCard({ number: "", expiry: "", cvc: "", name: "A" }, NOW)).toEqual({
      ok: false,
      errors: {
        number: "checkout.card.numberRequired",
        expiry: "checkout.card.expiryRequired",
        cvc: "checkout.card.cvcRequired",
      },
    });
  });
});
