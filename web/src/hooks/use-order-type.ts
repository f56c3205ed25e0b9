import type { Store } from "@/lib/api/types";
import type { OrderType } from "@/lib/enums";
import { orderTypeFor } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";

/**
 * The order type to show a venue's menu for: the customer's choice when the
 * venue offers it, else the first the venue offers (a menu link opened directly).
 */
export function useOrderType(store: Store | undefined): OrderType {
  const chosen = useHomeStore((s) => s.order_type);
  return orderTypeFor(store, chosen);
}
