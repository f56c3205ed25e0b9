package httpapi

import (
	"strings"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// The menu editor's calls (docs/architecture.md §10), a manager's of the
// whole scheme. Each write is one s.edit: the change is made to the
// scheme's import document (catalog's menu edits, by ref), which is
// validated, imported (ids stay, removed = hidden, the menu's version moves
// once) and audited with before and after, in one transaction.

// menuNamed is the menu_ref every menu call names; a menu_ref the scheme
// does not have yet is created by a write (named after its ref).
type menuNamed struct {
	MenuRef string `json:"menu_ref" text:"max=64"`
}

func (m menuNamed) check(fields map[string]string) {
	requireString(fields, "menu_ref", m.MenuRef)
}

// menuAnswer is admin/menu/get's answer: the scheme's menus, one menu as
// its document, and the ids of its items and options by ref (the board's
// sold-out switch names ids).
type menuEditorJSON struct {
	Menus           []menuHeadJSON   `json:"menus"`
	Menu            catalog.MenuDoc  `json:"menu"`
	ItemIDs         map[string]int64 `json:"item_ids"`
	ModifierItemIDs map[string]int64 `json:"modifier_item_ids"`
}

type menuHeadJSON struct {
	Ref  string `json:"ref"`
	Name string `json:"name"`
}

// adminMenuGet answers admin/menu/get: menu_ref, or the first menu.
func (s *Server) adminMenuGet(r *request, c *Caller) (*reply, error) {
	var in menuNamed
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	if err := s.backofficeReady(); err != nil {
		return nil, err
	}
	doc, err := s.backoffice.ExportScheme(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	out := menuEditorJSON{Menus: []menuHeadJSON{}}
	for _, m := range doc.Menus {
		out.Menus = append(out.Menus, menuHeadJSON{m.Ref, m.Name})
	}
	ref := strings.TrimSpace(in.MenuRef)
	if ref == "" && len(doc.Menus) > 0 {
		ref = doc.Menus[0].Ref
	}
	m := doc.FindMenu(ref)
	if m == nil {
		if in.MenuRef != "" {
			return nil, platter.NotFound()
		}
		m = &catalog.MenuDoc{Categories: []catalog.CategoryDoc{}, ModifierCategories: []catalog.ModifierCategoryDoc{}}
	}
	out.Menu = *m
	ids, err := s.cat.MenuIDs(r.Context(), c.SchemeID, ref)
	if err != nil {
		return nil, err
	}
	out.ItemIDs, out.ModifierItemIDs = ids.Items, ids.ModifierItems
	return &reply{Data: out}, nil
}

// adminMenuUpsertCategory answers admin/menu/upsert-category: the menu
// document after the change.
func (s *Server) adminMenuUpsertCategory(r *request, c *Caller) (*reply, error) {
	var in struct {
		menuNamed
		Category catalog.CategoryDoc `json:"category"`
		Position *int                `json:"position"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	requireString(fields, "category.ref", in.Category.Ref)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	in.Category.Items = nil // a category's items are edited one by one
	var out catalog.MenuDoc
	_, err := s.edit(r, c, "menu.upsert-category", in.Category.Ref, func(doc *catalog.SchemeDoc) (any, any, error) {
		m := doc.MenuOf(in.MenuRef)
		before, after := m.UpsertCategory(in.Category, in.Position)
		out = *m
		return before, after, nil
	})
	if err != nil {
		return nil, err
	}
	return &reply{Data: out}, nil
}

// adminMenuUpsertItem answers admin/menu/upsert-item: the item as saved,
// with its id.
func (s *Server) adminMenuUpsertItem(r *request, c *Caller) (*reply, error) {
	var in struct {
		menuNamed
		CategoryRef string          `json:"category_ref" text:"max=64"`
		Item        catalog.ItemDoc `json:"item"`
		Position    *int            `json:"position"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	requireString(fields, "category_ref", in.CategoryRef)
	requireString(fields, "item.ref", in.Item.Ref)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	var saved catalog.ItemDoc
	_, err := s.edit(r, c, "menu.upsert-item", in.Item.Ref, func(doc *catalog.SchemeDoc) (any, any, error) {
		before, after, err := doc.MenuOf(in.MenuRef).UpsertItem(in.CategoryRef, in.Item, in.Position)
		if err == nil {
			saved = after.(catalog.ItemDoc)
		}
		return before, after, err
	})
	if err != nil {
		return nil, err
	}
	ids, err := s.cat.MenuIDs(r.Context(), c.SchemeID, in.MenuRef)
	if err != nil {
		return nil, err
	}
	return &reply{Data: struct {
		catalog.ItemDoc
		ID int64 `json:"id"`
	}{saved, ids.Items[saved.Ref]}}, nil
}

// adminMenuUpsertModifierCategory answers
// admin/menu/upsert-modifier-category: the group as saved.
func (s *Server) adminMenuUpsertModifierCategory(r *request, c *Caller) (*reply, error) {
	var in struct {
		menuNamed
		ModifierCategory catalog.ModifierCategoryDoc `json:"modifier_category"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	requireString(fields, "modifier_category.ref", in.ModifierCategory.Ref)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	var saved catalog.ModifierCategoryDoc
	_, err := s.edit(r, c, "menu.upsert-modifier-category", in.ModifierCategory.Ref,
		func(doc *catalog.SchemeDoc) (any, any, error) {
			before, after := doc.MenuOf(in.MenuRef).UpsertModifierCategory(in.ModifierCategory)
			saved = after.(catalog.ModifierCategoryDoc)
			return before, after, nil
		})
	if err != nil {
		return nil, err
	}
	return &reply{Data: saved}, nil
}

// adminMenuAttachModifierCategory answers
// admin/menu/attach-modifier-category: the items listed (item_refs) become
// exactly those offering the group, in one write: the menu document after.
func (s *Server) adminMenuAttachModifierCategory(r *request, c *Caller) (*reply, error) {
	var in struct {
		menuNamed
		ModifierCategoryRef string   `json:"modifier_category_ref" text:"max=64"`
		ItemRefs            []string `json:"item_refs" text:"max=64"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	requireString(fields, "modifier_category_ref", in.ModifierCategoryRef)
	if in.ItemRefs == nil {
		fields["item_refs"] = "validation.required"
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	var out catalog.MenuDoc
	_, err := s.edit(r, c, "menu.attach-modifier-category", in.ModifierCategoryRef,
		func(doc *catalog.SchemeDoc) (any, any, error) {
			m := doc.FindMenu(in.MenuRef)
			if m == nil {
				return nil, nil, platter.NotFound()
			}
			before, after, err := m.AttachModifierCategory(in.ModifierCategoryRef, in.ItemRefs)
			out = *m
			return before, after, err
		})
	if err != nil {
		return nil, err
	}
	return &reply{Data: out}, nil
}

// adminMenuRemove answers admin/menu/remove: the thing is left out of the
// document, so the import hides it (never deletes: orders keep its id).
func (s *Server) adminMenuRemove(r *request, c *Caller) (*reply, error) {
	var in struct {
		menuNamed
		Kind string `json:"kind" text:"max=32"`
		Ref  string `json:"ref" text:"max=64"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	requireString(fields, "kind", in.Kind)
	requireString(fields, "ref", in.Ref)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	_, err := s.edit(r, c, "menu.remove-"+strings.ReplaceAll(in.Kind, "_", "-"), in.Ref,
		func(doc *catalog.SchemeDoc) (any, any, error) {
			m := doc.FindMenu(in.MenuRef)
			if m == nil {
				return nil, nil, platter.NotFound()
			}
			before, err := m.Remove(in.Kind, in.Ref)
			return before, nil, err
		})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{}}, nil
}
