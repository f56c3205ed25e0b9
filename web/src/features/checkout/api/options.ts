import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { OrderType } from "@/lib/enums";
import type { TippingSettings } from "./types";

/** tipping/get: the venue's tip chips. */
export function useTipping(businessSlug: string, venueSlug: string, fallback?: TippingSettings) {
  return useQuery(
    queryOptions({
      queryKey: ["tipping", businessSlug, venueSlug],
      queryFn: async ({ signal }): Promise<TippingSettings> =>
        (
          await call(
            "tipping/get",
            { filter: { business_slug: businessSlug, venue_slug: venueSlug } },
            { signal },
          )
        ).payload,
      // venue/info already carries the venue's tipping: shown at once, then checked.
      placeholderData: fallback,
      staleTime: 5 * 60_000,
    }),
  );
}

/** venue/slots: the next days' 15-minute slots; full ones come back with available false. */
export function useSlots(businessSlug: string, venueSlug: string, orderType: OrderType) {
  return useQuery(
    queryOptions({
      queryKey: ["slots", businessSlug, venueSlug, orderType],
      queryFn: async ({ signal }) => {
        const result = await call(
          "venue/slots",
          { filter: { business_slug: businessSlug, venue_slug: venueSlug, order_type: orderType, days: 7 } },
          { signal },
        );
        return {
          slots: result.payload,
          asapAvailable: result.meta.asap_available === true,
          firstAsapAt: result.meta.first_asap_at ?? null,
        };
      },
      // Places fill up: ask again after a minute.
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
  );
}

/** user/offers: offer cards of the scheme for this customer (signed in or guest). */
export function useOffers(businessSlug: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ["user", "offers", businessSlug],
      queryFn: async ({ signal }) =>
        (await call("user/offers", { filter: { business_slug: businessSlug } }, { signal })).payload ?? [],
      enabled,
      staleTime: 5 * 60_000,
    }),
  );
}
