import type { Announcements, UniqueIdentifier } from "@dnd-kit/core";
import { useTranslation } from "@/i18n";
import type { MenuDoc } from "./menu-ops";

export const CAT = "cat:";
export const ITEM = "item:";
export const LIST = "list:";

/**
 * What a screen reader hears while a row is dragged, in the page's language and by
 * the names the manager gave (dnd-kit's own are English and speak its ids): picked
 * up, over which item or category (or at the end of a category's list), dropped,
 * cancelled.
 */
export function useDragAnnouncements(menu: MenuDoc): Announcements {
  const { t } = useTranslation();
  const name = (id: UniqueIdentifier | undefined): string => {
    const s = String(id ?? "");
    for (const c of menu.categories) {
      if (s === CAT + c.ref || s === LIST + c.ref) return c.name;
      const it = c.items.find((i) => s === ITEM + i.ref);
      if (it) return it.title;
    }
    return "";
  };
  const over = (active: UniqueIdentifier, target: UniqueIdentifier | undefined) => {
    if (target === undefined) return t("menuEditor.dragOutside", { name: name(active) });
    if (String(target).startsWith(LIST))
      return t("menuEditor.dragAtEnd", { name: name(active), category: name(target) });
    return t("menuEditor.dragOver", { name: name(active), target: name(target) });
  };
  return {
    onDragStart: ({ active }) => t("menuEditor.dragPicked", { name: name(active.id) }),
    onDragOver: ({ active, over: target }) => over(active.id, target?.id),
    onDragEnd: ({ active }) => t("menuEditor.dragDropped", { name: name(active.id) }),
    onDragCancel: ({ active }) => t("menuEditor.dragCancelled", { name: name(active.id) }),
  };
}
