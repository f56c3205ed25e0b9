import { describe, expect, it } from "vitest";
import { applyOrderEvent, type OrderDetail } from "./order-events";

const order = {
  id: 7,
  status: "pending",
  payment_status: "paid",
  label: "waiting to be accepted",
  history: [{ status: "pending", payment_status: "paid", at: "2026-11-23T12:00:00Z" }],
  expected_at: null,
  driver: null,
} as unknown as OrderDetail;

describe("applyOrderEvent", () => {
  it("moves the status and adds it to the history once, even when the event is replayed", () => {
    const event = {
      type: "status" as const,
      data: {
        status: "accepted" as const,
        payment_status: "paid" as const,
        label: "preparing",
        at: "2026-11-23T12:01:00Z",
      },
    };
    const once = applyOrderEvent(order, event);
    const twice = applyOrderEvent(once, event);
    expect(twice.status).toBe("accepted");
    expect(twice.label).toBe("preparing");
    expect(twice.history.map((h) => h.status)).toEqual(["pending", "accepted"]);
  });

  it("sets the expected time and the driver's position", () => {
    const eta = applyOrderEvent(order, { type: "eta", data: { expected_at: "2026-11-23T12:30:00Z" } });
    expect(eta.expected_at).toBe("2026-11-23T12:30:00Z");
    const moved = applyOrderEvent(
      { ...eta, driver: { name: "Dana", lat: null, lng: null, updated_at: null } },
      { type: "driver", data: { lat: 51.5, lng: -0.12, updated_at: "2026-11-23T12:31:00Z" } },
    );
    expect(moved.driver).toEqual({ name: "Dana", lat: 51.5, lng: -0.12, updated_at: "2026-11-23T12:31:00Z" });
  });
});
