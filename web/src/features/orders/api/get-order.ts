import { queryOptions, useQuery } from "@tanstack/react-query";
import { post } from "@/lib/api/client";

/** The order as orders/get answers it (the part this page shows; DESIGN.md §4). */
export interface OrderView {
  id: number;
  order_number?: string;
  status: string;
  pricing?: { total: number };
}

export function useOrder(id: string, initial: OrderView | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ["orders", "get", id],
      queryFn: async ({ signal }) =>
        (await post<OrderView>("orders/get", { filter: { id: Number(id) } }, { signal })).payload,
      // Checkout hands over the order it just paid: shown at once, then asked for.
      initialData: initial,
      initialDataUpdatedAt: 0,
      enabled: /^\d+$/.test(id),
    }),
  );
}
