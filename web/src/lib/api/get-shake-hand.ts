import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "./client";

/** general/shake-hand: platform settings (versions, languages, maps, payments). */
export function getShakeHand(signal?: AbortSignal) {
  return call("general/shake-hand", {}, { signal });
}

export const shakeHandQueryOptions = () =>
  queryOptions({
    queryKey: ["shake-hand"],
    queryFn: ({ signal }) => getShakeHand(signal),
    staleTime: Infinity,
  });

export function useShakeHand() {
  return useQuery(shakeHandQueryOptions());
}
