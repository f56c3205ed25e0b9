import { queryOptions, useQuery } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { SavedAddress } from "../types";

/** address/list: the signed-in customer's saved addresses. */
export async function listAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  const { payload } = await post<SavedAddress[]>("address/list", { filter: {} }, { signal });
  return payload ?? [];
}

export const addressesQueryOptions = (token: string | null) =>
  queryOptions({
    // The token is in the key: another customer (or a sign-out) never sees these.
    queryKey: ["addresses", token],
    queryFn: async ({ signal }) => {
      try {
        return await listAddresses(signal);
      } catch (error) {
        // SPEC.md §8: a failure to fetch the address list is only logged.
        if (!(error instanceof DOMException && error.name === "AbortError")) {
          console.error("address/list failed", error);
        }
        return [];
      }
    },
    enabled: token !== null,
    staleTime: 60_000,
  });

/** Saved addresses; empty for guests and when the list cannot be fetched. */
export function useAddresses(token: string | null) {
  const query = useQuery(addressesQueryOptions(token));
  return { addresses: query.data ?? [], isLoading: query.isLoading };
}
