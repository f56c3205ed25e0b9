import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { PlaceDetail, PlaceSuggestion } from "../types";

/** address/find-address: GB and PL place suggestions for what was typed. */
export async function findAddress(query: string, sessionToken: string, signal?: AbortSignal) {
  const { payload } = await call(
    "address/find-address",
    { filter: { query, session_token: sessionToken } },
    { signal },
  );
  return (payload ?? []) as PlaceSuggestion[];
}

export const findAddressQueryOptions = (query: string, sessionToken: string) =>
  queryOptions({
    queryKey: ["find-address", query],
    queryFn: ({ signal }) => findAddress(query, sessionToken, signal),
    enabled: query.trim() !== "",
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function usePlaceSuggestions(query: string, sessionToken: string) {
  return useQuery(findAddressQueryOptions(query.trim(), sessionToken));
}

/** address/find-address-detail: a suggestion resolved into the address form's parts. */
export async function findAddressDetail(placeId: string, sessionToken: string): Promise<PlaceDetail> {
  const { payload } = await call("address/find-address-detail", {
    filter: { place_id: placeId, session_token: sessionToken },
  });
  return payload;
}
