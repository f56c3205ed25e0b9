import "../i18n";
import "./menu-editor.css";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { useAdmin } from "../shell/admin-context";
import { useMenuEditor, useMenuWrites } from "./api";
import { CategoryBoard } from "./category-board";
import { ItemEditor } from "./item-editor";
import { findItem, newRef, type CategoryDoc, type RemoveKind } from "./menu-ops";
import { ModifierGroups } from "./modifier-groups";
import { NewItemDialog } from "./new-item-dialog";

interface Removal {
  kind: RemoveKind;
  ref: string;
  name: string;
}

/**
 * /{scheme}/admin/menu: a manager builds the menu — categories and items in order
 * (drag and drop, or the keyboard), an item's form beside the storefront's card as
 * customers will see it, modifier groups offered on many items at once. Each
 * change is saved as it is made; one the server refuses is undone on screen and
 * said why.
 */
export function MenuEditorPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { scheme, brand, isManager } = useAdmin();
  const [menuRef, setMenuRef] = useState("");
  const view = useMenuEditor(scheme, menuRef);
  const ref = menuRef || view.data?.menu.ref || "";
  const writes = useMenuWrites(scheme, menuRef, ref);
  const currency = useSchemeQuery(scheme).data?.payload.currency ?? "GBP";
  const [selected, setSelected] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [categoryName, setCategoryName] = useState("");
  const [adding, setAdding] = useState<CategoryDoc | null>(null);
  useDocumentTitle(`${t("office.menu")} — ${brand}`);

  if (!isManager || (isApiError(view.error) && view.error.code === 1403)) {
    return (
      <section className="office-page">
        <h1 className="office-page__title">{t("office.menu")}</h1>
        <p className="muted">{t("menuEditor.managersOnly")}</p>
      </section>
    );
  }
  const menu = view.data?.menu;
  const at = menu && selected ? findItem(menu, selected) : null;
  const addCategory = () => {
    const name = categoryName.trim();
    if (!name) return;
    writes.upsertCategory({ ref: newRef(name), name });
    setCategoryName("");
  };

  return (
    <section className="office-page menu-editor">
      <div className="menu-editor__top">
        <h1 className="office-page__title">{t("office.menu")}</h1>
        {view.data && view.data.menus.length > 1 ? (
          <label className="menu-editor__menu-pick">
            {t("menuEditor.menu")}
            <select value={ref} onChange={(e) => setMenuRef(e.target.value)}>
              {view.data.menus.map((m) => (
                <option key={m.ref} value={m.ref}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p className="menu-editor__saving muted" role="status">
          {writes.pending ? t("menuEditor.saving") : view.data ? t("menuEditor.saved") : ""}
        </p>
      </div>
      {writes.error ? (
        <div role="alert" className="alert alert--error menu-editor__error">
          <span>
            {t("menuEditor.notSaved")} {errorMessage(writes.error)}
          </span>
          <button type="button" className="button button--ghost button--small" onClick={() => writes.reset()}>
            {t("menuEditor.dismiss")}
          </button>
        </div>
      ) : null}
      {view.isPending ? <p className="muted">{t("menuEditor.loading")}</p> : null}
      {view.error && !view.data ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(view.error)}
        </p>
      ) : null}
      {menu ? (
        <>
          <div className="menu-editor__layout">
            <div className="menu-editor__board">
              <h2 className="menu-editor__heading">{t("menuEditor.categories")}</h2>
              <p className="muted menu-editor__hint">{t("menuEditor.reorderHint")}</p>
              {menu.categories.length === 0 ? <p className="muted">{t("menuEditor.noCategories")}</p> : null}
              <CategoryBoard
                menu={menu}
                currency={currency}
                selected={selected}
                onSelect={setSelected}
                writes={writes}
                onRemoveCategory={(c) => setRemoval({ kind: "category", ref: c.ref, name: c.name })}
                onAddItem={setAdding}
              />
              <form
                className="menu-editor__add"
                onSubmit={(e) => {
                  e.preventDefault();
                  addCategory();
                }}
              >
                <label>
                  <span className="visually-hidden">{t("menuEditor.categoryName")}</span>
                  <input
                    value={categoryName}
                    maxLength={120}
                    placeholder={t("menuEditor.categoryPlaceholder")}
                    onChange={(e) => setCategoryName(e.target.value)}
                  />
                </label>
                <button
                  type="submit"
                  className="button button--primary button--small"
                  disabled={!categoryName.trim()}
                >
                  {t("menuEditor.addCategory")}
                </button>
              </form>
            </div>
            <div className="menu-editor__side">
              {at ? (
                <ItemEditor
                  key={selected}
                  scheme={scheme}
                  menu={menu}
                  category={menu.categories[at.category]!}
                  item={menu.categories[at.category]!.items[at.index]!}
                  itemId={view.data?.item_ids[selected!]}
                  currency={currency}
                  writes={writes}
                  onRemove={() => {
                    const it = menu.categories[at.category]!.items[at.index]!;
                    setRemoval({ kind: "item", ref: it.ref, name: it.title });
                  }}
                />
              ) : (
                <p className="muted menu-editor__pick">{t("menuEditor.pickItem")}</p>
              )}
            </div>
          </div>
          <ModifierGroups
            menu={menu}
            currency={currency}
            writes={writes}
            onRemove={(g) => setRemoval({ kind: "modifier_category", ref: g.ref, name: g.name })}
          />
        </>
      ) : null}
      <NewItemDialog
        category={adding}
        currency={currency}
        onCancel={() => setAdding(null)}
        onCreate={(categoryRef, item) => {
          writes.upsertItem(categoryRef, item);
          setSelected(item.ref);
          setAdding(null);
        }}
      />
      <ConfirmDialog
        open={removal !== null}
        title={t("menuEditor.hideTitle", { name: removal?.name ?? "" })}
        message={t(`menuEditor.hideMessage_${removal?.kind ?? "item"}`)}
        confirmLabel={t("menuEditor.hide")}
        onCancel={() => setRemoval(null)}
        onConfirm={() => {
          if (removal) writes.remove(removal.kind, removal.ref);
          if (removal?.ref === selected) setSelected(null);
          setRemoval(null);
        }}
      />
    </section>
  );
}
