import { describe, expect, it } from "vitest";
import { orderOutcome } from "./outcome";

const at = "2026-11-16T12:00:00Z";
const paid = { status: "pending", payment_status: "paid", reason: "paid", by: "customer", at } as const;

describe("orderOutcome (how an order ended, issue 18)", () => {
  it("thanks the customer while the order goes on", () => {
    for (const status of ["pending", "accepted", "on_the_way", "delivered", "collected"] as const) {
      expect(orderOutcome({ status, payment_status: "paid", history: [paid] })).toEqual({ kind: "thanks" });
    }
  });

  it.each([
    [
      "rejected by the venue, refund on its way",
      {
        status: "rejected",
        payment_status: "paid",
        history: [paid, { ...paid, status: "rejected", reason: "Out of buns", by: "venue" }],
      },
      { kind: "rejected", by: "venue", reason: "Out of buns", systemReason: null, refund: "pending" },
    ],
    [
      "auto-rejected, refunded",
      {
        status: "rejected",
        payment_status: "refunded",
        history: [
          paid,
          { ...paid, status: "rejected", reason: "not accepted in time", by: "system" },
          { ...paid, status: "rejected", payment_status: "refunded", reason: "refunded", by: "system" },
        ],
      },
      {
        kind: "rejected",
        by: "system",
        reason: null,
        systemReason: "orderDetails.reasons.notAccepted",
        refund: "refunded",
      },
    ],
    [
      "cancelled by the customer, refunded",
      {
        status: "cancelled",
        payment_status: "refunded",
        history: [paid, { ...paid, status: "cancelled", reason: "", by: "customer" }],
      },
      { kind: "cancelled", by: "customer", reason: null, systemReason: null, refund: "refunded" },
    ],
    [
      "expired unpaid: never charged",
      {
        status: "cancelled",
        payment_status: "expired",
        history: [
          { ...paid, payment_status: "requires_payment" },
          { ...paid, status: "cancelled", reason: "unpaid after 30 minutes", by: "system" },
        ],
      },
      {
        kind: "cancelled",
        by: "system",
        reason: null,
        systemReason: "orderDetails.reasons.unpaid",
        refund: "none",
      },
    ],
    [
      "an unknown system note is not shown",
      {
        status: "cancelled",
        payment_status: "paid",
        history: [{ ...paid, status: "cancelled", reason: "internal_code", by: "system" }],
      },
      { kind: "cancelled", by: "system", reason: null, systemReason: null, refund: "pending" },
    ],
  ] as const)("%s", (_, order, want) => {
    expect(orderOutcome(order)).toEqual(want);
  });
});
