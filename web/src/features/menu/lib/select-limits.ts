/**
 * The text of an item's select min/max on its card (docs/product.md §2: shown on items
 * with modifiers), as an i18n key and its values; null when there is no limit.
 * Counts go through `count` so each language picks its plural form.
 */
export function selectLimitsText(
  min: number,
  max: number,
): { key: string; values: Record<string, number> } | null {
  if (min > 0 && max > 0 && min < max) return { key: "menu.cardChooseRange", values: { min, max } };
  if (min > 0 && min === max) return { key: "menu.itemExactly", values: { count: min } };
  if (min > 0) return { key: "menu.itemAtLeast", values: { count: min } };
  if (max > 0) return { key: "menu.itemUpTo", values: { count: max } };
  return null;
}
