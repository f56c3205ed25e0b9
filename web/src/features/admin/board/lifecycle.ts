import type { BoardOrder, OrderStatus } from "./api";

/** The board's columns (docs/architecture.md §6 statuses grouped as a kitchen works). */
export type Column = "new" | "preparing" | "ready" | "done";
export const COLUMNS: Column[] = ["new", "preparing", "ready", "done"];

export function columnOf(status: OrderStatus): Column {
  switch (status) {
    case "pending":
      return "new";
    case "accepted":
      return "preparing";
    case "ready_to_collect":
    case "on_the_way":
      return "ready";
    default:
      return "done";
  }
}

/** order_type 0 is delivery, 1 pickup (docs/product.md). */
export const isDelivery = (order: Pick<BoardOrder, "order_type">) => order.order_type === 0;

/**
 * The forward steps staff may take from a status for the order's type
 * (internal/lifecycle): accept and reject are the new column's own buttons.
 */
export function nextSteps(order: Pick<BoardOrder, "status" | "order_type">): OrderStatus[] {
  switch (order.status) {
    case "accepted":
      return [isDelivery(order) ? "on_the_way" : "ready_to_collect"];
    case "ready_to_collect":
      return ["collected"];
    case "on_the_way":
      return ["delivered"];
    default:
      return [];
  }
}

/** An accepted order may still be cancelled by the venue (and is refunded). */
export const canCancel = (order: Pick<BoardOrder, "status">) => order.status === "accepted";

/** Prep-time presets of the accept dialog, in minutes. */
export const ETA_PRESETS = [10, 15, 20, 30, 45, 60];
export const DEFAULT_ETA = 20;

/** Minutes a paid order has waited to be accepted (0 for any other). */
export function waitingMinutes(
  order: Pick<BoardOrder, "status" | "paid_at" | "created_at">,
  now: number,
): number {
  if (order.status !== "pending") return 0;
  const since = Date.parse(order.paid_at ?? order.created_at);
  return Number.isFinite(since) ? Math.max(0, (now - since) / 60_000) : 0;
}

/**
 * Minutes a paid order has counted towards its auto-reject (0 for any
 * other): as the server counts, from the later of its payment and, for a
 * pre-order, its kitchen start (kitchen_at: slot less prep and delivery
 * minutes), so a pre-order paid hours ahead is not shown as about to be
 * rejected.
 */
export function autoRejectMinutesCounted(
  order: Pick<BoardOrder, "status" | "paid_at" | "created_at" | "kitchen_at">,
  now: number,
): number {
  const waited = waitingMinutes(order, now);
  const kitchen = order.kitchen_at ? Date.parse(order.kitchen_at) : NaN;
  if (waited === 0 || !Number.isFinite(kitchen)) return waited;
  return Math.min(waited, Math.max(0, (now - kitchen) / 60_000));
}

/**
 * The auto-reject warning of a waiting order: from half of
 * PLATTER_AUTO_REJECT_MINUTES on, the whole minutes left (at least 0);
 * null before that.
 */
export function autoRejectWarning(waited: number, autoRejectMinutes: number): number | null {
  if (autoRejectMinutes <= 0 || waited < autoRejectMinutes / 2) return null;
  return Math.max(0, Math.ceil(autoRejectMinutes - waited));
}

const ALLERGY_WORDS = [
  "allerg",
  "anaphyla",
  "coeliac",
  "celiac",
  "gluten",
  "nut",
  "peanut",
  "dairy",
  "lactose",
  "milk",
  "egg",
  "shellfish",
  "sesame",
  "soy",
  "epipen",
  "alergi",
  "uczulen",
  "orzech",
  "orzesz",
  "laktoz",
  "mleko",
  "jajk",
  "skorupiak",
  "sezam",
  "celiakia",
];

/** Whether a customer's note may be about an allergy (highlighted for the kitchen); en and pl words. */
export function mentionsAllergy(note: string): boolean {
  const text = note.toLowerCase();
  return ALLERGY_WORDS.some((word) => new RegExp(`(^|[^\\p{L}])${word}`, "u").test(text));
}

/** An OpenStreetMap link to a delivery address's point, else a search of its text. */
export function mapLink(address: {
  latitude?: number;
  longitude?: number;
  line1?: string;
  city?: string;
  postcode?: string;
}) {
  if (address.latitude && address.longitude) {
    const lat = address.latitude.toFixed(6);
    const lng = address.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
  }
  const q = [address.line1, address.postcode, address.city].filter(Boolean).join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(q)}`;
}
