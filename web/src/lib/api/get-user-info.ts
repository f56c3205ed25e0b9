import { queryOptions, useQuery } from "@tanstack/react-query";
import { tokenOf, useAuthStore, type AuthUser } from "@/stores/auth";
import { call, type ApiPayload } from "./client";

export type UserInfo = ApiPayload<"user/info">;

/** The one query key of user/info for a scheme's session (invalidate it after spending stamps or a reward). */
export const userInfoKey = (scheme: string) => ["user", "info", scheme] as const;

/**
 * user/info for the session of a scheme (the filter makes the server check the
 * token's scheme): the one fetcher under its key, shared (not a feature) because
 * the account menu, checkout (contact details, loyalty rewards) and the order
 * page (stamps) all read it, and whichever asks first fills the cache for the
 * others. The answer also refreshes the auth store's user (docs/product.md §3:
 * the stored user is what other pages read, the e-mail first): written here,
 * where the answer arrives, and only for the session that asked — never copied
 * from a component's effect.
 */
export function userInfoQueryOptions(scheme: string, signedIn: boolean) {
  return queryOptions({
    queryKey: userInfoKey(scheme),
    queryFn: async ({ signal }) => {
      const asked = tokenOf(scheme)(useAuthStore.getState());
      const { payload } = await call("user/info", { filter: { business_slug: scheme } }, { signal });
      if (payload) recordUser(asked, { ...payload, business_slug: payload.business_slug || scheme });
      return payload;
    },
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

/** Stores user/info's answer as the session's user, unless the session changed meanwhile. */
function recordUser(asked: string | null, user: AuthUser) {
  const state = useAuthStore.getState();
  const scheme = user.business_slug;
  if (asked !== null && scheme && tokenOf(scheme)(state) === asked) state.setSession(asked, user);
}

export function useUserInfo(scheme: string, signedIn: boolean) {
  return useQuery(userInfoQueryOptions(scheme, signedIn));
}
