import { describe, expect, it } from "vitest";
import { normalisePhone, phoneValid, validateCheckout, type CheckoutState } from "./validation";

const ok: CheckoutState = {
  contact: { first_name: "Ann", last_name: "", email: "ann@example.com", phone: "" },
  delivery: false,
  hasAddress: false,
  isAsap: true,
  asapAvailable: true,
  preorderFor: null,
};

describe("validateCheckout", () => {
  it("passes a pickup with a name and an e-mail", () => {
    expect(validateCheckout(ok)).toEqual({});
  });

  it("asks for the e-mail with docs/product.md's checkout message, then for a valid one", () => {
    expect(validateCheckout({ ...ok, contact: { ...ok.contact, email: "  " } })).toEqual({
      email: "validation.checkoutEmail",
    });
    expect(validateCheckout({ ...ok, contact: { ...ok.contact, email: "ann@" } })).toEqual({
      email: "validation.emailInvalid",
    });
  });

  it("wants an address for delivery and a time when ASAP is not possible", () => {
    expect(validateCheckout({ ...ok, delivery: true, asapAvailable: false })).toEqual({
      address: "checkout.address.required",
      time: "checkout.time.required",
    });
    expect(validateCheckout({ ...ok, isAsap: false, preorderFor: "2026-11-16T18:00:00Z" })).toEqual({});
  });
});

describe("phone", () => {
  it("is optional, and when given needs 7 to 15 digits", () => {
    expect(phoneValid("")).toBe(true);
    expect(phoneValid("+44 7911 123456")).toBe(true);
    expect(phoneValid("12345")).toBe(false);
    expect(phoneValid("call me")).toBe(false);
    expect(normalisePhone("+44 (0) 7911-123456")).toBe("+4407911123456");
  });
});
