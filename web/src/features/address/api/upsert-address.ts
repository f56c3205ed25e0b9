import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { DeliveryAddress } from "@/stores/delivery-address";
import type { SavedAddress } from "../types";

/** address/upsert: saves (or with an id, updates) an address of the signed-in customer. */
export async function upsertAddress(address: DeliveryAddress, id?: number): Promise<SavedAddress> {
  const data = { ...(id === undefined ? {} : { id }), ...address };
  const { payload } = await post<SavedAddress>("address/upsert", { data });
  return payload;
}

export function useUpsertAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ address, id }: { address: DeliveryAddress; id?: number }) => upsertAddress(address, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["addresses"] }),
  });
}
