/** Enumerations of docs/product.md §3. */

export const OrderType = { DELIVERY: 0, PICKUP: 1 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const ORDER_STATUSES = [
  "pending",
  "accepted",
  "rejected",
  "ready_to_collect",
  "on_the_way",
  "collected",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** i18n keys of the progress label shown for each status (docs/architecture.md §6). */
export const ORDER_STATUS_LABEL_KEYS: Record<OrderStatus, string> = {
  pending: "orderProgress.waitingToBeAccepted",
  accepted: "orderProgress.preparing",
  rejected: "orderProgress.cancelled",
  cancelled: "orderProgress.cancelled",
  on_the_way: "orderProgress.onTheWay",
  delivered: "orderProgress.delivered",
  ready_to_collect: "orderProgress.readyForPickup",
  collected: "orderProgress.collected",
};

export const CurrencyCode = { GBP: 0, PLN: 1, EUR: 2, USD: 3 } as const;

export const OfferButtonKind = { AUTO_APPLY: 0, CLAIM: 1 } as const;

export const LayoutStyle = {
  DEFAULT: 0,
  HALF_IMAGE: 1,
  FULL_IMAGE: 2,
  ROUNDED_HALF_IMAGE: 3,
} as const;

/** Weekday keys 0..6 map to sun..sat. */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
