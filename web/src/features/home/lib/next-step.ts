import { paths } from "@/app/paths";
import type { Scheme } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";

/**
 * Where to go once the order type is chosen: delivery asks for the address
 * (that screen goes on to the stores or the menu); pickup lists the stores, or
 * opens the menu straight away when only one store offers pickup.
 */
export function nextStepHref(scheme: Scheme, type: OrderType): string {
  const slug = scheme.business_slug;
  if (type === OrderType.DELIVERY) return paths.home.address.getHref(slug);
  const pickupStores = scheme.stores.filter((s) => s.order_types.includes(OrderType.PICKUP));
  const only = pickupStores.length === 1 ? pickupStores[0] : undefined;
  return only ? paths.venue.menu.getHref(slug, only.venue_slug) : paths.home.stores.getHref(slug);
}
