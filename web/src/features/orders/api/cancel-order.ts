import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { orderQueryKey, type OrderDetail } from "./get-order";

/** orders/cancel: the customer's own order, while it waits to be accepted. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await call("orders/cancel", { data: { id: Number(id) } })).payload as OrderDetail,
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(id), order),
  });
}
