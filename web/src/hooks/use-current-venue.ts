import { useEffect } from "react";
import { useParams } from "react-router";
import type { Store } from "@/lib/api/types";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { useCurrentScheme } from "./use-current-scheme";

/**
 * The store of the current /:scheme/:venue route, made the current venue (which
 * creates its default basket). Undefined when the scheme has no such store.
 */
export function useCurrentVenue(): Store | undefined {
  const { venue: venueSlug = "" } = useParams();
  const scheme = useCurrentScheme();
  const store = scheme.stores.find((s) => s.venue_slug === venueSlug);
  const orderType = useHomeStore((s) => s.order_type);
  const setCurrentVenue = useVenueStore((s) => s.setCurrentVenue);
  const currentSlug = useVenueStore((s) => s.currentVenue?.venue_slug);
  const recordedScheme = useVenueStore((s) => s.currentScheme?.business_slug);
  const hasBasket = useVenueStore((s) => !!s.basket[scheme.business_slug]?.[venueSlug]);

  // Children's effects run before the scheme shell's, so wait until the shell has
  // recorded this scheme: setting the venue first would be undone by setScheme.
  useEffect(() => {
    if (!store || recordedScheme !== scheme.business_slug) return;
    if (currentSlug !== store.venue_slug || !hasBasket) setCurrentVenue(store, orderType ?? undefined);
  }, [store, scheme.business_slug, recordedScheme, currentSlug, hasBasket, orderType, setCurrentVenue]);

  return store;
}
