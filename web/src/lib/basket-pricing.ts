/**
 * Prices a basket against the current menu (pure; no React). The server is
 * authoritative at checkout (docs/architecture.md §5); this is the running total the
 * customer sees, with the same formula: qty × (item price + Σ modifier prices).
 */
import type { MenuItem, MenuList } from "@/lib/api/types";
import type { Basket, BasketItem } from "@/stores/basket";

export type ModifierItem = MenuList["modifier_items"][number];
export type ModifierCategory = MenuList["modifier_categories"][number];

export interface MenuIndex {
  items: Map<number, MenuItem>;
  modifierItems: Map<number, ModifierItem>;
  modifierCategories: Map<number, ModifierCategory>;
}

export function indexMenu(menu: MenuList): MenuIndex {
  return {
    items: new Map(menu.items.map((i) => [i.id, i])),
    modifierItems: new Map(menu.modifier_items.map((m) => [m.id, m])),
    modifierCategories: new Map(menu.modifier_categories.map((c) => [c.id, c])),
  };
}

/** Why a line cannot be ordered: its item (or a chosen modifier) is unavailable, or left the menu. */
export type LineProblem = "unavailable" | "missing";

export interface PricedLine {
  /** Position in basket.items (for quantity changes and removal). */
  index: number;
  line: BasketItem;
  item: MenuItem | undefined;
  modifierNames: string[];
  /** One unit, item plus modifiers, minor units. */
  unitPrice: number;
  total: number;
  problem: LineProblem | null;
}

export interface PricedBasket {
  lines: PricedLine[];
  /** Sum of the orderable lines only; flagged lines are excluded. */
  subtotal: number;
  /** Units in orderable lines. */
  count: number;
  flagged: number;
}

function lineProblem(line: BasketItem, index: MenuIndex): LineProblem | null {
  const item = index.items.get(line.item_id);
  if (!item) return "missing";
  if (!item.is_available) return "unavailable";
  for (const m of line.modifiers ?? []) {
    const modifier = index.modifierItems.get(m.modifier_item_id);
    if (!modifier || !item.modifier_category_ids.includes(modifier.modifier_category_id)) return "missing";
    if (!modifier.is_available) return "unavailable";
  }
  return null;
}

export function priceLine(line: BasketItem, lineIndex: number, index: MenuIndex): PricedLine {
  const item = index.items.get(line.item_id);
  const modifiers = (line.modifiers ?? []).map((m) => ({
    m,
    def: index.modifierItems.get(m.modifier_item_id),
  }));
  const unitPrice =
    (item?.price ?? 0) + modifiers.reduce((sum, { m, def }) => sum + (def?.price ?? 0) * m.qty, 0);
  return {
    index: lineIndex,
    line,
    item,
    modifierNames: modifiers.flatMap(({ m, def }) =>
      def ? [m.qty > 1 ? `${m.qty}× ${def.name}` : def.name] : [],
    ),
    unitPrice,
    total: unitPrice * line.qty,
    problem: lineProblem(line, index),
  };
}

export function priceBasket(basket: Basket | null | undefined, index: MenuIndex): PricedBasket {
  const lines = (basket?.items ?? []).map((line, i) => priceLine(line, i, index));
  const ok = lines.filter((l) => l.problem === null);
  return {
    lines,
    subtotal: ok.reduce((sum, l) => sum + l.total, 0),
    count: ok.reduce((sum, l) => sum + l.line.qty, 0),
    flagged: lines.length - ok.length,
  };
}

/** How much more is needed to reach a minimum order (0 when reached). */
export function missingForMinimum(subtotal: number, minimum: number): number {
  return Math.max(0, minimum - subtotal);
}
