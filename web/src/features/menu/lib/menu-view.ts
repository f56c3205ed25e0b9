/** The menu as shown: categories in order with their items, filtered by the search (pure). */
import type { MenuItem, MenuList } from "@/lib/api/types";

export type Category = MenuList["categories"][number];

export interface CategoryView {
  category: Category;
  items: MenuItem[];
}

/** Lower case without diacritics, so "zurek" finds "Żurek" and "jalapeno" finds "Jalapeño". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L").toLowerCase();
}

/** Categories in position order; a category is shown only when it has at least one item (docs/product.md §2). */
export function menuView(menu: MenuList, search = ""): CategoryView[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const matches = (item: MenuItem) => {
    if (words.length === 0) return true;
    const text = fold(`${item.title} ${item.description}`);
    return words.every((w) => text.includes(w));
  };
  return [...menu.categories]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((category) => ({
      category,
      items: menu.items.filter((i) => i.category_id === category.id && matches(i)),
    }))
    .filter((view) => view.items.length > 0);
}

/** The element id of a category's section (for the category bar and the scroll spy). */
export const sectionId = (categoryId: number) => `category-${categoryId}`;
