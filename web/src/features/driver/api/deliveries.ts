import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import type { OrderDetail } from "@/lib/order-events";

/** An assigned order as driver/orders/list sends it: the order and its customer. */
export type Delivery = components["schemas"]["BoardOrder"];

/** Every driver-view query key starts with this. */
export const DRIVER_KEY = "driver";
export const deliveriesKey = (scheme: string) => [DRIVER_KEY, scheme, "deliveries"] as const;

/** The deliveries a driver still has to make: accepted (to start) or on the way. */
export function openDeliveries(list: readonly Delivery[]): Delivery[] {
  return list.filter((o) => o.status === "accepted" || o.status === "on_the_way");
}

/** 1401 (no session) and 1403 (not a driver here) are answers, not failures to retry. */
function noRetryOnAccess(failures: number, error: unknown) {
  if (isApiError(error) && (error.code === 1401 || error.code === 1403)) return false;
  return failures < 2;
}

/**
 * driver/orders/list: the orders assigned to the signed-in driver. `useDeliveryWake`
 * reads it again as soon as they change; the interval is only a safety net.
 */
export function useDeliveries(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(scheme),
    queryFn: async ({ signal }) =>
      (await call("driver/orders/list", { filter: { business_slug: scheme } }, { signal })).payload,
    enabled,
    retry: noRetryOnAccess,
    refetchInterval: 60_000,
  });
}

const WAKE_RETRY_MS = 1000;
const WAKE_RETRY_MAX_MS = 30_000;

/**
 * Keeps the driver's deliveries live: driver/orders/wait, one call after
 * another, answers as soon as the board assigns the driver an order (or
 * takes one away, or one moves on), and then the list is read again. A
 * failed wait is asked again after a growing pause; 1401, 1403 and 1404
 * are answers (signed out, not a driver here) and end it. Unmounting
 * aborts the wait in flight.
 */
export function useDeliveryWake(scheme: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let version = "";
      let failures = 0;
      while (!signal.aborted) {
        try {
          const { payload } = await call(
            "driver/orders/wait",
            { filter: { business_slug: scheme, version } },
            { signal },
          );
          failures = 0;
          // The first answer too: an order assigned between the list's read and this call.
          if (payload.changed) void queryClient.invalidateQueries({ queryKey: deliveriesKey(scheme) });
          version = payload.version;
        } catch (error) {
          if (signal.aborted) return;
          if (isApiError(error) && [1401, 1403, 1404].includes(error.code ?? 0)) return;
          failures += 1;
          await pause(Math.min(WAKE_RETRY_MS * 2 ** failures, WAKE_RETRY_MAX_MS), signal);
        }
      }
    })();
    return () => controller.abort();
  }, [queryClient, scheme, enabled]);
}

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(id);
        resolve();
      },
      { once: true },
    );
  });
}

/** driver/orders/transition: start the delivery (on_the_way) or mark it delivered. */
export function useMoveDelivery(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; status: "on_the_way" | "delivered" }) =>
      (
        await call("driver/orders/transition", {
          data: { business_slug: scheme, order_id: v.id, status: v.status },
        })
      ).payload as OrderDetail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(scheme) }),
  });
}

/** driver/location: the assigned driver's position on an order on its way. */
export async function sendLocation(scheme: string, id: number, lat: number, lng: number) {
  await call("driver/location", { data: { business_slug: scheme, order_id: id, lat, lng } });
}
