import { useCallback, useEffect } from "react";
import type { Basket } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";

type OrderDetail = Basket["orderDetail"];

/**
 * The basket's order detail at checkout: `patchDetail` changes some of its
 * fields; the address chosen on the home page comes along when a delivery's
 * basket has none yet.
 */
export function useCheckoutDetail(detail: OrderDetail, delivery: boolean) {
  const updateBasket = useVenueStore((s) => s.updateBasket);
  const homeAddress = useHomeStore((s) => s.delivery_address);
  const patchDetail = useCallback(
    (patch: Partial<OrderDetail>) =>
      updateBasket((b) => ({ ...b, orderDetail: { ...b.orderDetail, ...patch } })),
    [updateBasket],
  );
  useEffect(() => {
    if (delivery && !detail.delivery_address && homeAddress) patchDetail({ delivery_address: homeAddress });
  });
  return { patchDetail, updateBasket };
}
