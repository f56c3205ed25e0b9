import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import type { OrderDetail } from "@/lib/order-events";

/** Every driver-view query key starts with this. */
export const DRIVER_KEY = "driver";
export const deliveriesKey = (scheme: string) => [DRIVER_KEY, scheme, "deliveries"] as const;

/** The deliveries a driver still has to make: accepted (to start) or on the way. */
export function openDeliveries(list: readonly OrderDetail[]): OrderDetail[] {
  return list.filter((o) => o.status === "accepted" || o.status === "on_the_way");
}

/** 1401 (no session) and 1403 (not a driver here) are answers, not failures to retry. */
function noRetryOnAccess(failures: number, error: unknown) {
  if (isApiError(error) && (error.code === 1401 || error.code === 1403)) return false;
  return failures < 2;
}

/** driver/orders/list: the orders assigned to the signed-in driver (polled: the board assigns). */
export function useDeliveries(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(scheme),
    queryFn: async ({ signal }) =>
      (await call("driver/orders/list", { filter: { business_slug: scheme } }, { signal }))
        .payload as OrderDetail[],
    enabled,
    retry: noRetryOnAccess,
    refetchInterval: 15_000,
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
