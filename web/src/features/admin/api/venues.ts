import "../i18n";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";

export type AdminVenue = components["schemas"]["AdminVenue"];

/** Every back-office query key starts with this (dropped together on sign-out). */
export const ADMIN_KEY = "admin";

export const adminVenuesKey = (scheme: string) => [ADMIN_KEY, scheme, "venues"] as const;

/** 1401 (no session) and 1403 (not staff here) are answers, not failures to retry. */
export function noRetryOnAccess(failures: number, error: unknown) {
  if (isApiError(error) && (error.code === 1401 || error.code === 1403)) return false;
  return failures < 2;
}

/** admin/venues/list: the venues of the scheme the signed-in staff may run a board at. */
export function useAdminVenues(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: adminVenuesKey(scheme),
    queryFn: async ({ signal }) =>
      (await call("admin/venues/list", { filter: { business_slug: scheme } }, { signal })).payload,
    enabled,
    retry: noRetryOnAccess,
    staleTime: 60_000,
  });
}

/** A manager (or platform admin) runs every venue and the scheme's team and outbox. */
export function isManagerOf(venues: readonly AdminVenue[]): boolean {
  return venues.some((v) => v.roles.includes("manager") || v.roles.includes("admin"));
}

export function dropAdminQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
}

const VENUE_MEMORY = "platter.admin.venue";

/** The venue this device last ran a board of, per scheme (a tablet stays at its venue). */
export function rememberedVenue(scheme: string): string | null {
  try {
    return localStorage.getItem(`${VENUE_MEMORY}.${scheme}`);
  } catch {
    return null;
  }
}

export function rememberVenue(scheme: string, venue: string) {
  try {
    localStorage.setItem(`${VENUE_MEMORY}.${scheme}`, venue);
  } catch {
    // Private mode: the board still works, it just does not remember.
  }
}
