/**
 * The choices of the item dialog (pure). A group with select_max 1 is a radio
 * group; otherwise checkboxes up to select_max (0 = no limit). The item's own
 * select_min/select_max bound the total number of choices across its groups.
 */
import type { MenuItem } from "@/lib/api/types";
import type { MenuIndex, ModifierCategory, ModifierItem } from "@/lib/basket-pricing";
import type { BasketModifier } from "@/stores/basket";

export interface ModifierGroup {
  category: ModifierCategory;
  options: ModifierItem[];
}

/** Selected modifier ids per modifier category id. */
export type Selection = Record<number, number[]>;

export function groupsFor(item: MenuItem, index: MenuIndex): ModifierGroup[] {
  const options = [...index.modifierItems.values()];
  return item.modifier_category_ids.flatMap((id) => {
    const category = index.modifierCategories.get(id);
    if (!category) return [];
    return [{ category, options: options.filter((o) => o.modifier_category_id === id) }];
  });
}

export const isSingleChoice = (category: ModifierCategory) => category.select_max === 1;

/** Picks or unpicks an option; a radio group replaces, a full checkbox group ignores more. */
export function toggle(selection: Selection, category: ModifierCategory, optionId: number): Selection {
  const current = selection[category.id] ?? [];
  let next: number[];
  if (isSingleChoice(category))
    next = current.includes(optionId) && category.select_min === 0 ? [] : [optionId];
  else if (current.includes(optionId)) next = current.filter((id) => id !== optionId);
  else if (category.select_max > 0 && current.length >= category.select_max) return selection;
  else next = [...current, optionId];
  return { ...selection, [category.id]: next };
}

export type Problem =
  | { kind: "groupMin"; category: ModifierCategory; missing: number }
  | { kind: "itemMin"; missing: number }
  | { kind: "itemMax"; over: number };

const count = (selection: Selection) => Object.values(selection).reduce((n, ids) => n + ids.length, 0);

/** Everything that stops the item from being added; empty when it can be. */
export function problems(item: MenuItem, groups: ModifierGroup[], selection: Selection): Problem[] {
  const out: Problem[] = [];
  for (const { category } of groups) {
    const chosen = (selection[category.id] ?? []).length;
    if (chosen < category.select_min)
      out.push({ kind: "groupMin", category, missing: category.select_min - chosen });
  }
  const total = count(selection);
  if (groups.length > 0 && total < item.select_min)
    out.push({ kind: "itemMin", missing: item.select_min - total });
  if (item.select_max > 0 && total > item.select_max)
    out.push({ kind: "itemMax", over: total - item.select_max });
  return out;
}

/** True when one more option may be ticked, for the group and for the item as a whole. */
export function canAddMore(item: MenuItem, category: ModifierCategory, selection: Selection): boolean {
  const chosen = (selection[category.id] ?? []).length;
  if (category.select_max > 0 && chosen >= category.select_max) return false;
  return item.select_max === 0 || count(selection) < item.select_max;
}

export function unitPrice(item: MenuItem, selection: Selection, index: MenuIndex): number {
  return Object.values(selection)
    .flat()
    .reduce((sum, id) => sum + (index.modifierItems.get(id)?.price ?? 0), item.price);
}

/** The basket form of a selection, in a stable order so equal choices make equal lines. */
export function toBasketModifiers(selection: Selection): BasketModifier[] {
  return Object.values(selection)
    .flat()
    .sort((a, b) => a - b)
    .map((modifier_item_id) => ({ modifier_item_id, qty: 1 }));
}
