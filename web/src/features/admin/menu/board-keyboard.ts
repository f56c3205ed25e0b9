import type { KeyboardCoordinateGetter, UniqueIdentifier } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { CAT, ITEM } from "./drag-announcements";

/**
 * The arrow keys step to the next row of the same kind: an item to the next item (in
 * this category or the next), a category to the next category — not to the lists and
 * cards that hold them, which sortableKeyboardCoordinates would otherwise pick.
 */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const kind = String(args.context.active?.id ?? "").startsWith(CAT) ? CAT : ITEM;
  const containers = args.context.droppableContainers;
  // What sortableKeyboardCoordinates reads of the map: the enabled ones, and one by id.
  const sameKind = {
    getEnabled: () => containers.getEnabled().filter((c) => String(c.id).startsWith(kind)),
    get: (id: UniqueIdentifier) => containers.get(id),
  } as unknown as typeof containers;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: sameKind },
  });
};
