import type { Store } from "@/lib/api/types";
import type { OrderType } from "@/lib/enums";
import type { Basket } from "@/stores/basket";
import { useSlots } from "../api/options";
import { slotOffered } from "../lib/slots";

/**
 * When the order is for: ASAP while the venue takes ASAP orders (venue/slots
 * says so), else the slot chosen — or, none chosen, the first one with room.
 * `slotFull`: the chosen slot filled up since it was chosen.
 */
export function useCheckoutTiming(
  businessSlug: string,
  venue: Store,
  orderType: OrderType,
  detail: Basket["orderDetail"],
) {
  const slots = useSlots(businessSlug, venue.venue_slug, orderType);
  const asapAvailable = slots.data?.asapAvailable ?? venue.is_open;
  const isAsap = detail.is_asap && asapAvailable;
  const available = slots.data?.slots.filter((s) => s.available) ?? [];
  const preorderFor = !isAsap && !detail.preorder_for ? (available[0]?.start ?? null) : detail.preorder_for;
  const slotFull =
    !isAsap &&
    preorderFor !== null &&
    slots.data !== undefined &&
    !slotOffered(slots.data.slots, preorderFor);
  return { slots, asapAvailable, isAsap, preorderFor, slotFull };
}
