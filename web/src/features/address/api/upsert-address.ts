import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { DeliveryAddress } from "@/stores/delivery-address";
import type { SavedAddress } from "../types";

/** address/upsert: saves (or with an id, changes) an address of the signed-in customer. */
export async function upsertAddress(
  address: DeliveryAddress,
  businessSlug: string,
  id?: number,
): Promise<SavedAddress> {
  const { latitude, longitude, ...rest } = address;
  const { payload } = await call("address/upsert", {
    data: {
      ...rest,
      ...(id === undefined ? {} : { id }),
      ...(businessSlug ? { business_slug: businessSlug } : {}),
      // A missing pin is left out, so the server answers "Please pin the address on the map."
      ...(latitude === null ? {} : { latitude }),
      ...(longitude === null ? {} : { longitude }),
    },
  });
  return payload;
}

export function useUpsertAddress(businessSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ address, id }: { address: DeliveryAddress; id?: number }) =>
      upsertAddress(address, businessSlug, id),
    onSuccess: (saved) => {
      // Listed at once (the picker selects it), then confirmed by a refetch.
      queryClient.setQueriesData<SavedAddress[]>({ queryKey: ["addresses", businessSlug] }, (list) =>
        list ? [...list.filter((a) => a.id !== saved.id), saved] : list,
      );
      return queryClient.invalidateQueries({ queryKey: ["addresses"] });
    },
  });
}

/** address/delete: removes one of the signed-in customer's addresses. */
export async function deleteAddress(id: number, businessSlug: string): Promise<void> {
  await call("address/delete", { data: { id, ...(businessSlug ? { business_slug: businessSlug } : {}) } });
}

export function useDeleteAddress(businessSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(id, businessSlug),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["addresses"] }),
  });
}
