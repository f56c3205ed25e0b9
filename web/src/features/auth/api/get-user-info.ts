import { queryOptions, useQuery } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { AuthUser } from "@/stores/auth";

/** user/info for the session of a scheme (the filter makes the server check the token's scheme). */
export function userInfoQueryOptions(scheme: string, token: string | null) {
  return queryOptions({
    queryKey: ["user", "info", scheme, token ? "session" : "none"],
    queryFn: async ({ signal }) =>
      (await post<AuthUser>("user/info", { filter: { business_slug: scheme } }, { signal })).payload,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function useUserInfo(scheme: string, token: string | null) {
  return useQuery(userInfoQueryOptions(scheme, token));
}
