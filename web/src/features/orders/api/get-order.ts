import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { OrderDetail } from "@/lib/order-events";

export type { OrderDetail };

export const orderQueryKey = (id: string) => ["orders", "get", id] as const;

/**
 * orders/get. Checkout hands over the order it just paid (its own answer, not
 * necessarily the full detail): shown at once, then asked for.
 */
export function useOrder(id: string, initial: Partial<OrderDetail> | undefined) {
  return useQuery(
    queryOptions({
      queryKey: orderQueryKey(id),
      queryFn: async ({ signal }) =>
        (await call("orders/get", { filter: { id: Number(id) } }, { signal })).payload as OrderDetail,
      initialData: initial as OrderDetail | undefined,
      initialDataUpdatedAt: 0,
      enabled: /^\d+$/.test(id),
    }),
  );
}
