import type { components } from "@/lib/api/schema";
import type { BasketItem } from "@/stores/basket";
import type { OrderDetail } from "../api/get-order";

type MenuList = components["schemas"]["MenuList"];

export interface Reorder {
  /** The lines to put back in the basket. */
  add: BasketItem[];
  /** Titles of the lines that cannot be ordered again (item or one of its modifiers gone or unavailable). */
  missing: string[];
}

/** Which lines of a past order the venue's current menu can still take. */
export function reorderLines(order: Pick<OrderDetail, "items">, menu: MenuList): Reorder {
  const items = new Map(menu.items.map((item) => [item.id, item]));
  const modifiers = new Map(menu.modifier_items.map((m) => [m.id, m]));
  const add: BasketItem[] = [];
  const missing: string[] = [];
  for (const line of order.items) {
    const item = items.get(line.item_id);
    const modifiersOk = line.modifiers.every((m) => modifiers.get(m.modifier_item_id)?.is_available === true);
    if (!item?.is_available || !modifiersOk) {
      missing.push(line.title);
      continue;
    }
    // A line without modifiers is stored as the menu stores it: no modifiers key.
    const chosen = line.modifiers.map((m) => ({ modifier_item_id: m.modifier_item_id, qty: m.qty }));
    add.push(
      chosen.length > 0
        ? { item_id: line.item_id, qty: line.qty, modifiers: chosen }
        : { item_id: line.item_id, qty: line.qty },
    );
  }
  return { add, missing };
}
