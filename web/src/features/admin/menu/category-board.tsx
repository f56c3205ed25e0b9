import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState } from "react";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { MenuWrites } from "./api";
import { CAT, ITEM, LIST, useDragAnnouncements } from "./drag-announcements";
import { keyboardCoordinates } from "./board-keyboard";
import { CategoryName, ItemList, MoveButtons, Sortable } from "./board-parts";
import { findItem, type CategoryDoc, type MenuDoc } from "./menu-ops";

/**
 * Categories and their items, in order: drag a handle with the mouse or touch, or
 * focus it and use Space, the arrow keys and Space again (dnd-kit's keyboard
 * sensor); the up/down buttons do the same one step at a time. An item dropped in
 * another category moves there (same item, same id). Every drop is saved at once.
 */
export function CategoryBoard(props: {
  menu: MenuDoc;
  currency: string;
  selected: string | null;
  onSelect: (ref: string) => void;
  writes: MenuWrites;
  onRemoveCategory: (category: CategoryDoc) => void;
  onAddItem: (category: CategoryDoc) => void;
}) {
  const { t } = useTranslation();
  const { menu, writes } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const [announce, setAnnounce] = useState("");
  const announcements = useDragAnnouncements(menu);

  // An item lands on items and on category lists (an empty one too); a category on categories.
  const collision: CollisionDetection = (args) => {
    const kind = String(args.active.id).startsWith(CAT) ? [CAT] : [ITEM, LIST];
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((d) =>
        kind.some((k) => String(d.id).startsWith(k)),
      ),
    });
  };

  const moveCategory = (ref: string, to: number) => {
    const c = menu.categories.find((x) => x.ref === ref);
    if (!c || to < 0 || to >= menu.categories.length) return;
    writes.upsertCategory({ ref: c.ref, name: c.name }, to);
    setAnnounce(t("menuEditor.movedCategory", { name: c.name, position: to + 1 }));
  };
  const moveItem = (ref: string, categoryRef: string, to: number) => {
    const at = findItem(menu, ref);
    if (!at) return;
    const item = menu.categories[at.category]!.items[at.index]!;
    writes.upsertItem(categoryRef, item, Math.max(0, to));
    const category = menu.categories.find((c) => c.ref === categoryRef);
    setAnnounce(
      t("menuEditor.movedItem", { title: item.title, category: category?.name ?? "", position: to + 1 }),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const a = String(active.id);
    const o = String(over.id);
    if (a.startsWith(CAT)) {
      moveCategory(
        a.slice(CAT.length),
        menu.categories.findIndex((c) => CAT + c.ref === o),
      );
      return;
    }
    const ref = a.slice(ITEM.length);
    if (o.startsWith(LIST)) {
      const categoryRef = o.slice(LIST.length);
      const category = menu.categories.find((c) => c.ref === categoryRef);
      moveItem(ref, categoryRef, category ? category.items.filter((it) => it.ref !== ref).length : 0);
      return;
    }
    const target = findItem(menu, o.slice(ITEM.length));
    if (target) moveItem(ref, menu.categories[target.category]!.ref, target.index);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("menuEditor.dragInstructions") },
      }}
    >
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      <SortableContext items={menu.categories.map((c) => CAT + c.ref)} strategy={verticalListSortingStrategy}>
        <ol className="menu-board" aria-label={t("menuEditor.categories")}>
          {menu.categories.map((c, ci) => (
            <Sortable key={c.ref} id={CAT + c.ref} className="menu-board__category">
              {(handle) => (
                <>
                  <div className="menu-board__category-head">
                    {handle(t("menuEditor.dragCategory", { name: c.name }))}
                    <CategoryName category={c} writes={writes} />
                    <MoveButtons
                      label={c.name}
                      first={ci === 0}
                      last={ci === menu.categories.length - 1}
                      onMove={(d) => moveCategory(c.ref, ci + d)}
                    />
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => props.onRemoveCategory(c)}
                    >
                      {t("menuEditor.hide")}
                      <span className="visually-hidden"> {c.name}</span>
                    </button>
                  </div>
                  <ItemList category={c}>
                    <SortableContext
                      items={c.items.map((it) => ITEM + it.ref)}
                      strategy={verticalListSortingStrategy}
                    >
                      {c.items.map((it, ii) => (
                        <Sortable
                          key={it.ref}
                          id={ITEM + it.ref}
                          className={`menu-board__item${props.selected === it.ref ? " menu-board__item--selected" : ""}`}
                        >
                          {(itemHandle) => (
                            <>
                              {itemHandle(t("menuEditor.dragItem", { title: it.title }))}
                              <button
                                type="button"
                                className="menu-board__item-title"
                                aria-pressed={props.selected === it.ref}
                                onClick={() => props.onSelect(it.ref)}
                              >
                                {it.title}
                              </button>
                              <span className="menu-board__price">
                                {formatCurrency(it.price, props.currency)}
                              </span>
                              <MoveButtons
                                label={it.title}
                                first={ci === 0 && ii === 0}
                                last={ci === menu.categories.length - 1 && ii === c.items.length - 1}
                                onMove={(d) => {
                                  // Past the ends of its category, an item moves into the next one.
                                  if (ii + d < 0) {
                                    const prev = menu.categories[ci - 1]!;
                                    moveItem(it.ref, prev.ref, prev.items.length);
                                  } else if (ii + d >= c.items.length) {
                                    moveItem(it.ref, menu.categories[ci + 1]!.ref, 0);
                                  } else moveItem(it.ref, c.ref, ii + d);
                                }}
                              />
                            </>
                          )}
                        </Sortable>
                      ))}
                    </SortableContext>
                  </ItemList>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => props.onAddItem(c)}
                  >
                    {t("menuEditor.addItem")}
                    <span className="visually-hidden"> ({c.name})</span>
                  </button>
                </>
              )}
            </Sortable>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
