import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type BoardOrder = components["schemas"]["BoardOrder"];
export type OrderStatus = components["schemas"]["OrderStatus"];

export const boardKey = (scheme: string, venue: string) => [ADMIN_KEY, scheme, "board", venue] as const;

/**
 * admin/orders/board: the venue's paid orders in play and done today, with
 * auto_reject_minutes and the event id its stream starts after. The stream
 * refetches it on every event and on every reconnection; the interval is
 * only a safety net.
 */
export function useBoardOrders(scheme: string, venue: string) {
  return useQuery({
    queryKey: boardKey(scheme, venue),
    queryFn: async ({ signal }) => {
      const { payload, meta } = await call(
        "admin/orders/board",
        { filter: { business_slug: scheme, venue_slug: venue } },
        { signal },
      );
      // How far the server's clock is ahead of this device's (a tablet's clock may be off):
      // waiting times and the auto-reject warning count in the server's time.
      const skew = Date.parse(meta.server_time) - Date.now();
      return { orders: payload, meta, skew: Number.isFinite(skew) ? skew : 0 };
    },
    retry: noRetryOnAccess,
    refetchInterval: 60_000,
    refetchIntervalInBackground: true,
  });
}

export interface TransitionInput {
  order_id: number;
  status: OrderStatus;
  eta_minutes?: number;
  reason?: string;
  /** on_the_way of a delivery: the driver who takes it, or own_delivery (nobody, on purpose). */
  driver_id?: number;
  own_delivery?: boolean;
}

/** admin/orders/transition; the board is read again whatever the outcome (409: someone else was first). */
export function useTransition(scheme: string, venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TransitionInput) =>
      (
        await call("admin/orders/transition", {
          data: { business_slug: scheme, venue_slug: venue, ...input },
        })
      ).payload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKey(scheme, venue) }),
  });
}
