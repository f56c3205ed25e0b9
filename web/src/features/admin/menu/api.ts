import "../i18n";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { call } from "@/lib/api/client";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";
import * as ops from "./menu-ops";
import type { ItemDoc, MenuDoc, ModifierCategoryDoc, RemoveKind } from "./menu-ops";

export interface MenuEditorView {
  menus: { ref: string; name: string }[];
  menu: MenuDoc;
  item_ids: Record<string, number>;
  modifier_item_ids: Record<string, number>;
}

export const menuKey = (scheme: string, menuRef: string) =>
  [ADMIN_KEY, scheme, "menu-editor", menuRef] as const;

/** admin/menu/get: one menu as the import document names it, with its items' ids. */
export function useMenuEditor(scheme: string, menuRef: string) {
  return useQuery({
    queryKey: menuKey(scheme, menuRef),
    queryFn: async ({ signal }) =>
      (
        await call(
          "admin/menu/get",
          { filter: { business_slug: scheme, menu_ref: menuRef || undefined } },
          { signal },
        )
      ).payload as MenuEditorView,
    retry: noRetryOnAccess,
  });
}

/** One change of the menu: what it does to the screen's copy, and the call that saves it. */
export interface MenuChange {
  apply: (menu: MenuDoc) => MenuDoc;
  send: () => Promise<unknown>;
}

/**
 * Saves each change as it is made (docs/architecture.md §10): the screen shows it at
 * once; the calls go one after another, in the order made (each edits the
 * document the last one left); a refused one puts the menu back as the server
 * has it and keeps the error for the page to show.
 */
export function useMenuWrites(scheme: string, asked: string, menuRef: string) {
  const queryClient = useQueryClient();
  const key = menuKey(scheme, asked); // the query useMenuEditor(scheme, asked) holds
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [pending, setPending] = useState(0);
  const inFlight = useRef(0);
  const mutation = useMutation({
    mutationFn: (change: MenuChange) => {
      const run = queue.current.catch(() => undefined).then(change.send);
      queue.current = run;
      return run;
    },
    onMutate: async (change) => {
      inFlight.current += 1;
      setPending((n) => n + 1);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MenuEditorView>(key);
      if (before)
        queryClient.setQueryData<MenuEditorView>(key, { ...before, menu: change.apply(before.menu) });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => {
      setPending((n) => n - 1);
      inFlight.current -= 1;
      // Read the server's menu once the last queued change is in: a read between two
      // changes would show the screen a menu without the later one (and take away an
      // item being typed into).
      if (inFlight.current === 0) return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const base = { business_slug: scheme, menu_ref: menuRef };
  const save = (change: MenuChange) => mutation.mutate(change);
  return {
    pending: pending > 0,
    error: mutation.error,
    reset: mutation.reset,
    upsertCategory: (category: { ref: string; name: string }, position?: number) =>
      save({
        apply: (m) => ops.upsertCategory(m, category, position),
        send: () => call("admin/menu/upsert-category", { data: { ...base, category, position } }),
      }),
    upsertItem: (categoryRef: string, item: ItemDoc, position?: number) =>
      save({
        apply: (m) => ops.upsertItem(m, categoryRef, item, position),
        send: () =>
          call("admin/menu/upsert-item", { data: { ...base, category_ref: categoryRef, item, position } }),
      }),
    upsertGroup: (group: ModifierCategoryDoc) =>
      save({
        apply: (m) => ops.upsertModifierCategory(m, group),
        send: () =>
          call("admin/menu/upsert-modifier-category", { data: { ...base, modifier_category: group } }),
      }),
    attachGroup: (groupRef: string, itemRefs: string[]) =>
      save({
        apply: (m) => ops.attachGroup(m, groupRef, itemRefs),
        send: () =>
          call("admin/menu/attach-modifier-category", {
            data: { ...base, modifier_category_ref: groupRef, item_refs: itemRefs },
          }),
      }),
    remove: (kind: RemoveKind, ref: string) =>
      save({
        apply: (m) => ops.remove(m, kind, ref),
        send: () => call("admin/menu/remove", { data: { ...base, kind, ref } }),
      }),
  };
}

export type MenuWrites = ReturnType<typeof useMenuWrites>;
