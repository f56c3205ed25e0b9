import { useParams } from "react-router";
import type { Store } from "@/lib/api/types";
import { useCurrentScheme } from "./use-current-scheme";

/**
 * The store of the current /:scheme/:venue route (venue/info's, from the query
 * cache); undefined when the scheme has no such store. The route's loader has
 * already made it the current venue and created its basket.
 */
export function useCurrentVenue(): Store | undefined {
  const { venue: venueSlug = "" } = useParams();
  const scheme = useCurrentScheme();
  return scheme.stores.find((s) => s.venue_slug === venueSlug);
}
