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

  useEffect(() => {
    if (store && currentSlug !== store.venue_slug) setCurrentVenue(store, orderType ?? undefined);
  }, [store, currentSlug, orderType, setCurrentVenue]);

  return store;
}
