import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { SavedAddress } from "../types";

/**
 * address/list: the signed-in customer's saved addresses. The scheme is sent so
 * that a token of another scheme is refused rather than showing its addresses.
 */
export async function listAddresses(businessSlug: string, signal?: AbortSignal): Promise<SavedAddress[]> {
  const { payload } = await call("address/list", { filter: { business_slug: businessSlug } }, { signal });
  return payload ?? [];
}

export const addressesQueryOptions = (token: string | null, businessSlug: string) =>
  queryOptions({
    // The token is in the key: another customer (or a sign-out) never sees these.
    queryKey: ["addresses", businessSlug, token],
    queryFn: async ({ signal }) => {
      try {
        return await listAddresses(businessSlug, signal);
      } catch (error) {
        // docs/product.md §8: a failure to fetch the address list is only logged.
        if (!(error instanceof DOMException && error.name === "AbortError")) {
          console.error("address/list failed", error);
        }
        return [];
      }
    },
    enabled: token !== null && businessSlug !== "",
    staleTime: 60_000,
  });

/** Saved addresses; empty for guests and when the list cannot be fetched. */
export function useAddresses(token: string | null, businessSlug: string) {
  const query = useQuery(addressesQueryOptions(token, businessSlug));
  return { addresses: query.data ?? [], isLoading: query.isLoading };
}
