/**
 * What a venue can promise now (docs/architecture.md §9): open or closed by its
 * hours, paused (no ASAP orders until `paused_until`), and the minutes it
 * promises — one rule for the store list, the menu and anywhere else a
 * promised time is shown. Pure: "now" is passed in.
 */
import type { Store } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import type { Translate } from "@/lib/i18n";
import { openingStatus, type NextOpening } from "@/lib/opening-hours";

export type VenueAvailability =
  { state: "open" } | { state: "paused"; until: Date } | { state: "closed"; next: NextOpening | null };

type AvailabilityInput = Parameters<typeof openingStatus>[0] & Partial<Pick<Store, "paused_until">>;

/**
 * Closed by its hours first (a closed venue says when it opens), then paused
 * while `paused_until` is still ahead, else open for ASAP orders.
 */
export function venueAvailability(venue: AvailabilityInput, now: Date): VenueAvailability {
  const opening = openingStatus(venue, now);
  if (!opening.open) return { state: "closed", next: opening.next };
  const until = venue.paused_until ? new Date(venue.paused_until) : null;
  if (until && until.getTime() > now.getTime()) return { state: "paused", until };
  return { state: "open" };
}

/**
 * The minutes an ASAP order is promised in, as the server promises them
 * (docs/architecture.md §6, §9): prep plus busy minutes, plus the delivery
 * minutes for a delivery.
 */
export function promisedMinutes(
  venue: Pick<Store, "prep_minutes" | "busy_minutes" | "delivery_minutes">,
  orderType: OrderType | null,
): number {
  const delivery = orderType === OrderType.DELIVERY ? venue.delivery_minutes : 0;
  return venue.prep_minutes + (venue.busy_minutes ?? 0) + delivery;
}

/** "Delivery in about 40 min" / "Ready in about 15 min" (translated). */
export function promiseText(
  t: Translate,
  venue: Pick<Store, "prep_minutes" | "busy_minutes" | "delivery_minutes">,
  orderType: OrderType | null,
): string {
  const minutes = promisedMinutes(venue, orderType);
  return t(orderType === OrderType.DELIVERY ? "menu.deliveryTime" : "menu.pickupTime", { minutes });
}
