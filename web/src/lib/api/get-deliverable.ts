import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { LatLng } from "@/lib/distance";

/** stores/deliverable: which of a scheme's stores deliver to a point (the server's rule, docs/architecture.md §5). */
export async function getDeliverable(businessSlug: string, at: LatLng, signal?: AbortSignal) {
  const { payload } = await call(
    "stores/deliverable",
    { filter: { business_slug: businessSlug, lat: at.lat, lng: at.lng } },
    { signal },
  );
  return payload;
}

export const deliverableQueryOptions = (businessSlug: string, at: LatLng) =>
  queryOptions({
    queryKey: ["stores-deliverable", businessSlug, at.lat, at.lng],
    queryFn: ({ signal }) => getDeliverable(businessSlug, at, signal),
    staleTime: 5 * 60_000,
  });

/** The server's answer for a delivery address; null while there is none to ask about. */
export function useDeliverable(businessSlug: string, at: LatLng | null) {
  return useQuery({
    ...deliverableQueryOptions(businessSlug, at ?? { lat: 0, lng: 0 }),
    enabled: at !== null,
  });
}
