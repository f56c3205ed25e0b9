import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderType } from "@/lib/enums";
import { call } from "./client";

/**
 * menu/list: a venue's menu for an order type. Shared (not a feature) because
 * the menu and the basket (and later checkout) all price lines against it.
 */
export function getMenu(businessSlug: string, venueSlug: string, orderType: OrderType, signal?: AbortSignal) {
  return call(
    "menu/list",
    { filter: { business_slug: businessSlug, venue_slug: venueSlug, order_type: orderType } },
    { signal },
  );
}

export const menuQueryOptions = (businessSlug: string, venueSlug: string, orderType: OrderType) =>
  queryOptions({
    queryKey: ["menu-list", businessSlug, venueSlug, orderType],
    queryFn: ({ signal }) => getMenu(businessSlug, venueSlug, orderType, signal),
    select: (result) => result.payload,
  });

export function useMenuQuery(businessSlug: string, venueSlug: string, orderType: OrderType) {
  return useQuery(menuQueryOptions(businessSlug, venueSlug, orderType));
}
