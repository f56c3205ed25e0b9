import { describe, expect, it } from "vitest";
import { readRedirectReturn, redirectReturnUrl, withoutRedirectReturn } from "./redirect-return";

const q = (s: string) => new URLSearchParams(s);
const stripe = "payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x";

describe("the return from a payment method that redirects", () => {
  it.each([
    ["succeeded", true],
    ["processing", true],
    ["failed", false],
    ["requires_payment_method", false],
  ])("reads redirect_status %s", (status, paid) => {
    expect(readRedirectReturn(q(`order=42&${stripe}&redirect_status=${status}`))).toEqual({
      orderId: 42,
      paid,
    });
  });

  it("is no return without Stripe's status or our order", () => {
    expect(readRedirectReturn(q(""))).toBeNull();
    expect(readRedirectReturn(q("order=42"))).toBeNull();
    expect(readRedirectReturn(q("redirect_status=succeeded"))).toBeNull();
    expect(readRedirectReturn(q("order=4x2&redirect_status=succeeded"))).toBeNull();
  });

  it("names the order in the checkout's URL, and is removed from it after", () => {
    expect(redirectReturnUrl("/demo-pierogi/krakow/checkout", 42, "https://shop.example")).toBe(
      "https://shop.example/demo-pierogi/krakow/checkout?order=42",
    );
    expect(withoutRedirectReturn(q(`order=42&${stripe}&redirect_status=failed&x=1`)).toString()).toBe("x=1");
  });
});
