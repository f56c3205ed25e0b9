import { useDroppable, type UniqueIdentifier } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import type { MenuWrites } from "./api";
import { LIST } from "./drag-announcements";
import type { CategoryDoc } from "./menu-ops";

/* The rows, handles and buttons of CategoryBoard (category-board.tsx). */

/** A sortable row; children get a function that renders its drag handle. */
export function Sortable(props: {
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

export function ItemList({ category, children }: { category: CategoryDoc; children: ReactNode }) {
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

export function MoveButtons(props: {
  label: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  // A moved row's DOM node is moved too, which takes the focus away: give it back to
  // the button pressed (or to the other one, when the row reached an end).
  const move = (delta: -1 | 1, button: HTMLButtonElement) => {
    const other = (
      delta < 0 ? button.nextElementSibling : button.previousElementSibling
    ) as HTMLElement | null;
    props.onMove(delta);
    requestAnimationFrame(() => (button.disabled ? other : button)?.focus());
  };
  return (
    <span className="menu-board__move">
      <button
        type="button"
        className="icon-button"
        disabled={props.first}
        aria-label={t("menuEditor.moveUp", { name: props.label })}
        onClick={(e) => move(-1, e.currentTarget)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        disabled={props.last}
        aria-label={t("menuEditor.moveDown", { name: props.label })}
        onClick={(e) => move(1, e.currentTarget)}
      >
        ↓
      </button>
    </span>
  );
}

/** The category's name, saved when the field is left (or Enter). */
export function CategoryName({ category, writes }: { category: CategoryDoc; writes: MenuWrites }) {
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
