import "../i18n";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SupportStatus } from "@/components/ui/support-status";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type InboxRequest = components["schemas"]["SupportInboxRequest"];

export const supportKey = (scheme: string) => [ADMIN_KEY, scheme, "support"] as const;

/** admin/support/list: the requests of the caller's venues, newest first, 20 a page. */
export function useSupportInbox(scheme: string, status: SupportStatus | "", page: number) {
  return useQuery({
    queryKey: [...supportKey(scheme), status, page],
    queryFn: async ({ signal }) =>
      await call(
        "admin/support/list",
        { filter: { business_slug: scheme, page, ...(status ? { status } : {}) } },
        { signal },
      ),
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
    // New requests arrive while the page is open.
    refetchInterval: 30_000,
  });
}

export interface ReplyInput {
  support_id: number;
  message: string;
  status?: SupportStatus;
}

/** admin/support/reply: the customer is mailed the message; the inbox reloads. */
export function useSupportReply(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReplyInput) =>
      (await call("admin/support/reply", { data: { business_slug: scheme, ...input } })).payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKey(scheme) }),
  });
}
