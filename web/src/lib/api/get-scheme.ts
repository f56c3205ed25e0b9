import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "./client";

/**
 * venue/info: a scheme's branding, loyalty and stores. Shared (not a feature)
 * because every storefront screen renders inside the scheme it loads.
 */
export function getScheme(businessSlug: string, signal?: AbortSignal) {
  return call("venue/info", { filter: { business_slug: businessSlug } }, { signal });
}

export const schemeQueryOptions = (businessSlug: string) =>
  queryOptions({
    queryKey: ["venue-info", businessSlug],
    queryFn: ({ signal }) => getScheme(businessSlug, signal),
  });

export function useSchemeQuery(businessSlug: string) {
  return useQuery(schemeQueryOptions(businessSlug));
}
