import type { components } from "@/lib/api/schema";

export type MenuDoc = components["schemas"]["MenuDoc"];
export type ItemDoc = components["schemas"]["ItemDoc"];
export type CategoryDoc = MenuDoc["categories"][number];
export type ModifierCategoryDoc = components["schemas"]["ModifierCategoryDoc"];
export type ModifierItemDoc = ModifierCategoryDoc["items"][number];
export type Daypart = components["schemas"]["Daypart"];

/**
 * The editor's changes applied to its copy of the menu, as the server applies
 * them to the document (catalog's menu edits): the screen shows a change at
 * once and puts the old copy back if the server refuses it.
 */

/** A new ref: readable from the name, unique by a random tail. */
export function newRef(name: string): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "x";
  return `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

export function findItem(menu: MenuDoc, ref: string): { category: number; index: number } | null {
  for (let c = 0; c < menu.categories.length; c++) {
    const i = menu.categories[c]!.items.findIndex((it) => it.ref === ref);
    if (i >= 0) return { category: c, index: i };
  }
  return null;
}

function clamp(pos: number | undefined, n: number, keep: number): number {
  if (pos === undefined) return keep >= 0 ? Math.min(keep, n) : n;
  return Math.max(0, Math.min(pos, n));
}

/** The item into the category at position (undefined: keep its place, new ones last). */
export function upsertItem(menu: MenuDoc, categoryRef: string, item: ItemDoc, position?: number): MenuDoc {
  const found = findItem(menu, item.ref);
  const categories = menu.categories.map((c) => ({
    ...c,
    items: c.items.filter((it) => it.ref !== item.ref),
  }));
  const to = categories.findIndex((c) => c.ref === categoryRef);
  if (to < 0) return menu;
  const keep = found && menu.categories[found.category]!.ref === categoryRef ? found.index : -1;
  const items = categories[to]!.items;
  items.splice(clamp(position, items.length, keep), 0, item);
  return { ...menu, categories };
}

export function upsertCategory(
  menu: MenuDoc,
  category: { ref: string; name: string },
  position?: number,
): MenuDoc {
  const i = menu.categories.findIndex((c) => c.ref === category.ref);
  const categories = [...menu.categories];
  const existing =
    i >= 0 ? categories.splice(i, 1)[0]! : { ref: category.ref, name: category.name, items: [] };
  categories.splice(clamp(position, categories.length, i), 0, { ...existing, name: category.name });
  return { ...menu, categories };
}

export function upsertModifierCategory(menu: MenuDoc, group: ModifierCategoryDoc): MenuDoc {
  const i = menu.modifier_categories.findIndex((g) => g.ref === group.ref);
  const groups = [...menu.modifier_categories];
  if (i >= 0) groups[i] = group;
  else groups.push(group);
  return { ...menu, modifier_categories: groups };
}

/** The group on exactly the items listed. */
export function attachGroup(menu: MenuDoc, groupRef: string, itemRefs: string[]): MenuDoc {
  const want = new Set(itemRefs);
  return {
    ...menu,
    categories: menu.categories.map((c) => ({
      ...c,
      items: c.items.map((it) => {
        const refs = it.modifier_categories ?? [];
        const has = refs.includes(groupRef);
        if (want.has(it.ref) === has) return it;
        return {
          ...it,
          modifier_categories: has ? refs.filter((r) => r !== groupRef) : [...refs, groupRef],
        };
      }),
    })),
  };
}

export type RemoveKind = "category" | "item" | "modifier_category" | "modifier_item";

export function remove(menu: MenuDoc, kind: RemoveKind, ref: string): MenuDoc {
  switch (kind) {
    case "category":
      return { ...menu, categories: menu.categories.filter((c) => c.ref !== ref) };
    case "item":
      return {
        ...menu,
        categories: menu.categories.map((c) => ({ ...c, items: c.items.filter((it) => it.ref !== ref) })),
      };
    case "modifier_category":
      return {
        ...attachGroup(menu, ref, []),
        modifier_categories: menu.modifier_categories.filter((g) => g.ref !== ref),
      };
    case "modifier_item":
      return {
        ...menu,
        modifier_categories: menu.modifier_categories.map((g) => ({
          ...g,
          items: g.items.filter((o) => o.ref !== ref),
        })),
      };
  }
}

/** Items offering the group, by ref. */
export function itemsWithGroup(menu: MenuDoc, groupRef: string): string[] {
  return menu.categories.flatMap((c) =>
    c.items.filter((it) => (it.modifier_categories ?? []).includes(groupRef)).map((it) => it.ref),
  );
}
