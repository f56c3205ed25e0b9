import "../i18n";
import "./i18n";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type Webhook = components["schemas"]["Webhook"];
export type WebhookDelivery = components["schemas"]["WebhookDelivery"];
export type WebhookEvent = components["schemas"]["WebhookEvent"];

/** Every event an endpoint may choose, in the order the page lists them. */
export const EVENTS: WebhookEvent[] = [
  "order.paid",
  "order.status_changed",
  "order.refunded",
  "menu.updated",
  "support.created",
];

const hooksKey = (scheme: string) => [ADMIN_KEY, scheme, "webhooks"] as const;

/** admin/webhooks/list: the scheme's endpoints (never their secrets). */
export function useWebhooks(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: [...hooksKey(scheme), "list"],
    queryFn: async ({ signal }) =>
      await call("admin/webhooks/list", { filter: { business_slug: scheme } }, { signal }),
    enabled,
    retry: noRetryOnAccess,
  });
}

/** admin/webhooks/deliveries: a page of an endpoint's log, newest first, kept fresh. */
export function useDeliveries(scheme: string, webhookId: number, page: number) {
  return useQuery({
    queryKey: [...hooksKey(scheme), "deliveries", webhookId, page],
    queryFn: async ({ signal }) =>
      await call(
        "admin/webhooks/deliveries",
        { filter: { business_slug: scheme, webhook_id: webhookId, page } },
        { signal },
      ),
    enabled: webhookId > 0,
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

export interface EndpointInput {
  id?: number;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

/** admin/webhooks/upsert: a new endpoint answers its secret, shown once. */
export function useSaveWebhook(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput) =>
      (await call("admin/webhooks/upsert", { data: { business_slug: scheme, ...input } })).payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hooksKey(scheme) }),
  });
}

/** admin/webhooks/rotate-secret: a new secret, shown once; the previous one signs for a day more. */
export function useRotateSecret(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await call("admin/webhooks/rotate-secret", { data: { business_slug: scheme, id } })).payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hooksKey(scheme) }),
  });
}

/** admin/webhooks/redeliver: send one delivery again now, with the same webhook-id. */
export function useRedeliver(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) =>
      (await call("admin/webhooks/redeliver", { data: { business_slug: scheme, delivery_id: deliveryId } }))
        .payload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...hooksKey(scheme), "deliveries"] }),
  });
}
