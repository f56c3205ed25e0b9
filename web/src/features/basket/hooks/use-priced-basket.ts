import { useMemo } from "react";
import { useParams } from "react-router";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useOrderType } from "@/hooks/use-order-type";
import { useMenuQuery } from "@/lib/api/get-menu";
import { indexMenu, missingForMinimum, priceBasket, type PricedBasket } from "@/lib/basket-pricing";
import { OrderType } from "@/lib/enums";
import { useVenueStore } from "@/stores/venue";

export interface BasketModel {
  scheme: ReturnType<typeof useCurrentScheme>;
  venueSlug: string;
  orderType: OrderType;
  priced: PricedBasket | null;
  minimum: number;
  missing: number;
  isPending: boolean;
}

/** The current venue's basket priced against its menu (the menu page's query, shared from the cache). */
export function usePricedBasket(): BasketModel {
  const scheme = useCurrentScheme();
  const { venue: venueSlug = "" } = useParams();
  const venue = scheme.stores.find((s) => s.venue_slug === venueSlug);
  const orderType = useOrderType(venue);
  const menu = useMenuQuery(scheme.business_slug, venueSlug, orderType);
  const basket = useVenueStore((s) => s.basket[scheme.business_slug]?.[venueSlug]);
  const priced = useMemo(
    () => (menu.data ? priceBasket(basket, indexMenu(menu.data)) : null),
    [menu.data, basket],
  );
  const minimum = !venue
    ? 0
    : orderType === OrderType.DELIVERY
      ? venue.delivery.minimum
      : venue.pickup.minimum;
  return {
    scheme,
    venueSlug,
    orderType,
    priced,
    minimum,
    missing: missingForMinimum(priced?.subtotal ?? 0, minimum),
    isPending: menu.isPending,
  };
}
