/**
 * What the order page says about how an order ended (issue 18: a rejected or
 * cancelled order still thanked the customer and showed no reason or refund).
 * Pure, so each case is table-tested.
 */
import type { OrderDetail } from "../api/get-order";

export type OrderOutcome =
  | { kind: "thanks" }
  | {
      kind: "rejected" | "cancelled";
      /** Who ended it (the history step's `by`); "system" when unknown. */
      by: "customer" | "venue" | "system";
      /** Staff's own words, shown as given; null when they gave none. */
      reason: string | null;
      /** The translation key of a system reason this app knows, else null. */
      systemReason: string | null;
      /** refunded: the money is back; pending: paid, refund on its way; none: never charged; unknown: still settling. */
      refund: "refunded" | "pending" | "none" | "unknown";
    };

/** The system's notes (internal/store) the page can put in the customer's words. */
const SYSTEM_REASONS: Record<string, string> = {
  "not accepted in time": "orderDetails.reasons.notAccepted",
  "reward already used": "orderDetails.reasons.rewardUsed",
  "unpaid after 30 minutes": "orderDetails.reasons.unpaid",
};

type Ending = Pick<OrderDetail, "status" | "payment_status"> & {
  history: readonly OrderDetail["history"][number][];
};

export function orderOutcome(order: Ending): OrderOutcome {
  if (order.status !== "rejected" && order.status !== "cancelled") return { kind: "thanks" };
  // The step that ended it: the first with the final status (a later one, e.g. "refunded", keeps it).
  const step = order.history.find((h) => h.status === order.status);
  const by = step?.by ?? "system";
  const text = step?.reason?.trim() ?? "";
  const reason = by === "venue" && text !== "" ? text : null;
  const systemReason = by === "system" ? (SYSTEM_REASONS[text.toLowerCase()] ?? null) : null;
  return { kind: order.status, by, reason, systemReason, refund: refundOf(order) };
}

function refundOf(order: Ending): "refunded" | "pending" | "none" | "unknown" {
  switch (order.payment_status) {
    case "refunded":
      return "refunded";
    case "paid":
      return "pending";
    case "requires_payment":
    case "expired":
      return "none";
    default:
      return "unknown";
  }
}
