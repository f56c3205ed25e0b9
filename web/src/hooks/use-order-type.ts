import type { Store } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import { useHomeStore } from "@/stores/home";

/**
 * The order type to show a venue's menu for: the customer's choice when the
 * venue offers it, else the first the venue offers (a menu link opened directly).
 */
export function useOrderType(store: Store | undefined): OrderType {
  const chosen = useHomeStore((s) => s.order_type);
  if (!store) return chosen ?? OrderType.PICKUP;
  if (chosen !== null && store.order_types.includes(chosen)) return chosen;
  return store.order_types[0] ?? OrderType.PICKUP;
}
