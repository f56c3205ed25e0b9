import "../i18n";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type TeamMember = components["schemas"]["TeamMember"];
export type TeamInvitation = components["schemas"]["TeamInvitation"];
export type InvitationView = components["schemas"]["InvitationView"];
export type InvitableRole = "staff" | "driver" | "manager";

export const teamKey = (scheme: string) => [ADMIN_KEY, scheme, "team"] as const;

/** admin/team/list: the scheme's members (a row per membership) and pending invitations. */
export function useTeam(scheme: string) {
  return useQuery({
    queryKey: teamKey(scheme),
    queryFn: async ({ signal }) =>
      (await call("admin/team/list", { filter: { business_slug: scheme } }, { signal })).payload,
    retry: noRetryOnAccess,
  });
}

export interface InviteInput {
  email: string;
  role: InvitableRole;
  venue_slug?: string;
  /** A driver's name (first_name required for a driver). */
  first_name?: string;
  last_name?: string;
}

/** admin/team/invite: mails the address a single-use link; the list reloads. */
export function useInvite(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteInput) =>
      (await call("admin/team/invite", { data: { business_slug: scheme, ...input } })).payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(scheme) }),
  });
}

/** admin/team/revoke: a member (every membership and session at the scheme) or an invitation. */
export function useRevoke(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: { user_id: number } | { invitation_id: number }) =>
      (await call("admin/team/revoke", { data: { business_slug: scheme, ...target } })).payload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey(scheme) }),
  });
}
