import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

/** orders/list: the signed-in customer's paid orders, newest first, a page at a time. */
export function useOrderHistory(scheme: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ["orders", "list", scheme, page],
    queryFn: async ({ signal }) => {
      const result = await call("orders/list", { filter: { business_slug: scheme, page } }, { signal });
      return { orders: result.payload, total: result.meta.total, perPage: result.meta.per_page };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
