/**
 * Which stores to offer, how far each is, whether it delivers to the chosen
 * address, and in what order (pure). Distances are haversine (docs/product.md §7/§9).
 * Whether a store delivers is the server's answer (stores/deliverable, the rule
 * checkout enforces) when it has come; until then the same rule is applied
 * here (radius_m against the delivery address), so the list never waits.
 */
import type { Store } from "@/lib/api/types";
import { distanceKm, type LatLng } from "@/lib/distance";
import { OrderType } from "@/lib/enums";

export interface StoreChoice {
  store: Store;
  /** Null when the customer's position is unknown. */
  km: number | null;
  /** For delivery with a known address: false when the address is outside the store's radius. */
  deliverable: boolean | null;
}

export interface RankOptions {
  orderType: OrderType | null;
  /** The chosen delivery address, when there is one with coordinates. */
  address: LatLng | null;
  /** The browser's position (used when there is no delivery address). */
  position: LatLng | null;
  /** The server's verdict per venue_slug for the delivery address, once known. */
  verdicts?: ReadonlyMap<string, boolean>;
}

export function rankStores(
  stores: Store[],
  { orderType, address, position, verdicts }: RankOptions,
): StoreChoice[] {
  const from = address ?? position;
  const offered = stores.filter((s) => orderType === null || s.order_types.includes(orderType));
  const choices = offered.map((store): StoreChoice => {
    const km = from ? distanceKm(from, store) : null;
    const forDelivery = orderType === OrderType.DELIVERY && address !== null && km !== null;
    const deliverable = forDelivery
      ? (verdicts?.get(store.venue_slug) ??
        // Zones (polygons) are the server's to judge: unknown until it answers.
        (store.delivery.zones ? null : km * 1000 <= store.delivery.radius_m))
      : null;
    return { store, km, deliverable };
  });
  // Stable sort: those that can serve the order first, then nearest first.
  return choices
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const blocked = Number(a.c.deliverable === false) - Number(b.c.deliverable === false);
      if (blocked !== 0) return blocked;
      if (a.c.km !== null && b.c.km !== null && a.c.km !== b.c.km) return a.c.km - b.c.km;
      return a.i - b.i;
    })
    .map(({ c }) => c);
}
