import { describe, expect, it } from "vitest";
import {
  autoRejectMinutesCounted,
  autoRejectWarning,
  columnOf,
  mapLink,
  mentionsAllergy,
  nextSteps,
  waitingMinutes,
} from "./lifecycle";

describe("the board's lifecycle rules", () => {
  it("puts each status in its column", () => {
    expect(columnOf("pending")).toBe("new");
    expect(columnOf("accepted")).toBe("preparing");
    expect(columnOf("ready_to_collect")).toBe("ready");
    expect(columnOf("on_the_way")).toBe("ready");
    for (const s of ["collected", "delivered", "rejected", "cancelled"] as const)
      expect(columnOf(s)).toBe("done");
  });

  it("offers only the steps valid for the order's type and status", () => {
    expect(nextSteps({ status: "accepted", order_type: 1 })).toEqual(["ready_to_collect"]);
    expect(nextSteps({ status: "accepted", order_type: 0 })).toEqual(["on_the_way"]);
    expect(nextSteps({ status: "ready_to_collect", order_type: 1 })).toEqual(["collected"]);
    expect(nextSteps({ status: "on_the_way", order_type: 0 })).toEqual(["delivered"]);
    expect(nextSteps({ status: "pending", order_type: 0 })).toEqual([]);
    expect(nextSteps({ status: "delivered", order_type: 0 })).toEqual([]);
  });

  it("warns from half of the auto-reject time, with the whole minutes left", () => {
    expect(autoRejectWarning(6.4, 13)).toBeNull();
    expect(autoRejectWarning(6.5, 13)).toBe(7);
    expect(autoRejectWarning(12.2, 13)).toBe(1);
    expect(autoRejectWarning(20, 13)).toBe(0);
    expect(autoRejectWarning(0.5, 1)).toBe(1);
  });

  it("counts waiting minutes from the payment, for waiting orders only", () => {
    const paid = "2026-11-16T12:00:00Z";
    const now = Date.parse("2026-11-16T12:07:30Z");
    expect(waitingMinutes({ status: "pending", paid_at: paid, created_at: paid }, now)).toBe(7.5);
    expect(waitingMinutes({ status: "accepted", paid_at: paid, created_at: paid }, now)).toBe(0);
  });

  it("spots allergy notes in English and Polish, not words that merely contain the letters", () => {
    expect(mentionsAllergy("Severe PEANUT allergy")).toBe(true);
    expect(mentionsAllergy("no nuts please")).toBe(true);
    expect(mentionsAllergy("Uczulenie na orzechy")).toBe(true);
    expect(mentionsAllergy("bez glutenu")).toBe(true);
    expect(mentionsAllergy("extra napkins, ring the bell")).toBe(false);
    expect(mentionsAllergy("minute steak")).toBe(false);
  });

  it("links a delivery address to its point on the map, else to a search", () => {
    expect(mapLink({ latitude: 51.5262, longitude: -0.0801 })).toBe(
      "https://www.openstreetmap.org/?mlat=51.526200&mlon=-0.080100#map=18/51.526200/-0.080100",
    );
    expect(mapLink({ line1: "1 High St", city: "London" })).toBe(
      "https://www.openstreetmap.org/search?query=1%20High%20St%2C%20London",
    );
  });

  it("counts a pre-order towards auto-reject from its kitchen start when that is later", () => {
    const paid = "2026-03-02T16:35:00Z";
    const order = { status: "pending" as const, paid_at: paid, created_at: paid };
    const at = (t: string) => Date.parse(`2026-03-02T${t}:00Z`);
    // ASAP: from the payment.
    expect(autoRejectMinutesCounted({ ...order, kitchen_at: null }, at("16:48"))).toBe(13);
    // Pickup for 18:00 (kitchen start 17:45): nothing before 17:45, then from 17:45.
    const preorder = { ...order, kitchen_at: "2026-03-02T17:45:00Z" };
    expect(autoRejectMinutesCounted(preorder, at("16:48"))).toBe(0);
    expect(autoRejectWarning(autoRejectMinutesCounted(preorder, at("16:48")), 13)).toBeNull();
    expect(autoRejectMinutesCounted(preorder, at("17:55"))).toBe(10);
    // A kitchen start before the payment: from the payment.
    expect(autoRejectMinutesCounted({ ...order, kitchen_at: "2026-03-02T16:00:00Z" }, at("16:48"))).toBe(13);
    expect(autoRejectMinutesCounted({ ...preorder, status: "accepted" }, at("17:55"))).toBe(0);
  });
});
