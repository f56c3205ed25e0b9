import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

/** user/info for the session of a scheme (the filter makes the server check the token's scheme). */
export function userInfoQueryOptions(scheme: string, signedIn: boolean) {
  return queryOptions({
    queryKey: ["user", "info", scheme],
    queryFn: async ({ signal }) =>
      (await call("user/info", { filter: { business_slug: scheme } }, { signal })).payload,
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

export function useUserInfo(scheme: string, signedIn: boolean) {
  return useQuery(userInfoQueryOptions(scheme, signedIn));
}
