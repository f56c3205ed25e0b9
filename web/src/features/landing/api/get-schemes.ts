import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

/** general/schemes: every scheme this installation serves, for the landing page. */
export function getSchemes(signal?: AbortSignal) {
  return call("general/schemes", {}, { signal });
}

export const schemesQueryOptions = () =>
  queryOptions({
    queryKey: ["schemes"],
    queryFn: ({ signal }) => getSchemes(signal),
  });

export function useSchemes() {
  return useQuery(schemesQueryOptions());
}
