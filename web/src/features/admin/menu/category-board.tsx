import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { MenuWrites } from "./api";
import { findItem, newRef, type CategoryDoc, type ItemDoc, type MenuDoc } from "./menu-ops";

const CAT = "cat:";
const ITEM = "item:";
const LIST = "list:";

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
}) {
  const { t } = useTranslation();
  const { menu, writes } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const [announce, setAnnounce] = useState("");

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

  const addItem = (category: CategoryDoc) => {
    const title = t("menuEditor.newItem");
    const item: ItemDoc = { ref: newRef(title), title, price: 0, description: "", modifier_categories: [] };
    writes.upsertItem(category.ref, item);
    props.onSelect(item.ref);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragEnd={onDragEnd}
      accessibility={{
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
                    onClick={() => addItem(c)}
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

/**
 * The arrow keys step to the next row of the same kind: an item to the next item (in
 * this category or the next), a category to the next category — not to the lists and
 * cards that hold them, which sortableKeyboardCoordinates would otherwise pick.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const kind = String(args.context.active?.id ?? "").startsWith(CAT) ? CAT : ITEM;
  const containers = args.context.droppableContainers;
  // What sortableKeyboardCoordinates reads of the map: the enabled ones, and one by id.
  const sameKind = {
    getEnabled: () => containers.getEnabled().filter((c) => String(c.id).startsWith(kind)),
    get: (id: UniqueIdentifier) => containers.get(id),
  } as unknown as typeof containers;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: sameKind } });
};

/** A sortable row; children get a function that renders its drag handle. */
function Sortable(props: {
  id: UniqueIdentifier;
  className: string;
  children: (handle: (label: string) => ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: props.id,
    });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`${props.className}${isDragging ? " is-dragging" : ""}`}
      data-testid={String(props.id)}
    >
      {props.children((label) => (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="menu-board__handle"
          {...attributes}
          {...listeners}
          aria-label={label}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      ))}
    </li>
  );
}

function ItemList({ category, children }: { category: CategoryDoc; children: ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef } = useDroppable({ id: LIST + category.ref });
  return (
    <ol ref={setNodeRef} className="menu-board__items" aria-label={category.name}>
      {children}
      {category.items.length === 0 ? (
        <li className="menu-board__empty muted">{t("menuEditor.emptyCategory")}</li>
      ) : null}
    </ol>
  );
}

function MoveButtons(props: {
  label: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="menu-board__move">
      <button
        type="button"
        className="icon-button"
        disabled={props.first}
        aria-label={t("menuEditor.moveUp", { name: props.label })}
        onClick={() => props.onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        disabled={props.last}
        aria-label={t("menuEditor.moveDown", { name: props.label })}
        onClick={() => props.onMove(1)}
      >
        ↓
      </button>
    </span>
  );
}

/** The category's name, saved when the field is left (or Enter). */
function CategoryName({ category, writes }: { category: CategoryDoc; writes: MenuWrites }) {
  const { t } = useTranslation();
  const [name, setName] = useState(category.name);
  const [was, setWas] = useState(category.name);
  if (was !== category.name) {
    setWas(category.name);
    setName(category.name);
  }
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) setName(category.name);
    else if (trimmed !== category.name) writes.upsertCategory({ ref: category.ref, name: trimmed });
  };
  return (
    <input
      className="menu-board__category-name"
      aria-label={t("menuEditor.categoryName")}
      value={name}
      maxLength={120}
      onChange={(e) => setName(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") (e.target as HTMLInputElement).blur();
      }}
    />
  );
}
