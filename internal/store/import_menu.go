package store

import (
	"context"
	"slices"
	"time"

	"platter/internal/catalog"
)

// The tables an import syncs in a menu; their rows and column lists are in
// menu_rows.go.
var (
	menusTable         = &table[menuRow]{name: "menus", parent: "scheme_id", key: "ref", cols: menuRowColumns}
	categoriesTable    = &table[categoryRow]{name: "categories", parent: "menu_id", key: "ref", cols: categoryRowColumns}
	itemsTable         = &table[itemRow]{name: "items", parent: "menu_id", key: "ref", cols: itemRowColumns}
	modCategoriesTable = &table[modCategoryRow]{name: "modifier_categories", parent: "menu_id", key: "ref",
		cols: modCategoryRowColumns}
	modItemsTable = &table[modItemRow]{name: "modifier_items", parent: "menu_id", key: "ref", cols: modItemRowColumns}
)

// importMenus syncs the scheme's menus and everything in them and returns
// the menu ids by ref. A menu the document no longer lists is soft-deleted
// with all it holds.
func importMenus(ctx context.Context, t *menuTx, schemeID int64, menus []catalog.MenuDoc, res *ImportResult,
	now time.Time) (map[string]int64, error) {
	want := make([]wanted[menuRow], len(menus))
	for i, m := range menus {
		want[i] = wanted[menuRow]{m.Ref, menuRow{m.Name, m.LayoutStyle}}
	}
	s, err := menusTable.sync(ctx, t.c, menuRows{t}, schemeID, want, now)
	if err != nil {
		return nil, err
	}
	res.Menus, res.Removed = len(menus), res.Removed+len(s.removed)
	for i := range menus {
		if err := importMenuContents(ctx, menuContent{t, s.ids[menus[i].Ref]}, &menus[i], res, now); err != nil {
			return nil, err
		}
	}
	for _, id := range s.removed {
		if err := t.deleteMenuContents(ctx, id, now); err != nil {
			return nil, err
		}
	}
	return s.ids, nil
}

// importMenuContents syncs one menu's modifier categories, modifier items,
// categories, items and the links between items and modifier categories,
// each step needing the ids of the one before.
func importMenuContents(ctx context.Context, w menuContent, m *catalog.MenuDoc, res *ImportResult, now time.Time) error {
	mcs, err := syncModifiers(ctx, w, m.ModifierCategories, res, now)
	if err != nil {
		return err
	}
	wantCats := make([]wanted[categoryRow], len(m.Categories))
	for i, c := range m.Categories {
		wantCats[i] = wanted[categoryRow]{c.Ref, categoryRow{c.Name, i}}
	}
	cats, err := categoriesTable.sync(ctx, w.t.c, w, w.menuID, wantCats, now)
	if err != nil {
		return err
	}
	res.Categories += len(wantCats)
	res.Removed += len(cats.removed)
	var wantItems []wanted[itemRow]
	for _, c := range m.Categories {
		for pos, it := range c.Items {
			wantItems = append(wantItems, wanted[itemRow]{it.Ref, itemRow{
				CategoryID: cats.ids[c.Ref], Title: it.Title, Description: it.Description, ImageURL: it.ImageURL,
				Price: it.Price, IsNew: it.IsNew, IsAvailable: it.Available(), SelectMin: it.SelectMin,
				SelectMax: it.SelectMax, OrderTypes: toJSON(it.OrderTypes), Position: pos,
				Dayparts: toJSON(it.Dayparts), ImageID: it.ImageID}})
		}
	}
	items, err := itemsTable.sync(ctx, w.t.c, w, w.menuID, wantItems, now)
	if err != nil {
		return err
	}
	res.Items += len(wantItems)
	res.Removed += len(items.removed)
	return syncItemModifiers(ctx, w, m, items.ids, mcs)
}

// syncModifiers syncs a menu's modifier categories and their items and
// returns the categories' ids by ref.
func syncModifiers(ctx context.Context, w menuContent, mcs []catalog.ModifierCategoryDoc, res *ImportResult,
	now time.Time) (map[string]int64, error) {
	wantMCs := make([]wanted[modCategoryRow], len(mcs))
	for i, mc := range mcs {
		wantMCs[i] = wanted[modCategoryRow]{mc.Ref, modCategoryRow{mc.Name, mc.SelectMin, mc.SelectMax, i}}
	}
	cats, err := modCategoriesTable.sync(ctx, w.t.c, w, w.menuID, wantMCs, now)
	if err != nil {
		return nil, err
	}
	var wantItems []wanted[modItemRow]
	for _, mc := range mcs {
		for pos, it := range mc.Items {
			wantItems = append(wantItems, wanted[modItemRow]{it.Ref,
				modItemRow{cats.ids[mc.Ref], it.Name, it.Price, it.Available(), pos}})
		}
	}
	items, err := modItemsTable.sync(ctx, w.t.c, w, w.menuID, wantItems, now)
	if err != nil {
		return nil, err
	}
	res.ModifierCategories += len(wantMCs)
	res.ModifierItems += len(wantItems)
	res.Removed += len(cats.removed) + len(items.removed)
	return cats.ids, nil
}

// syncItemModifiers rewrites the modifier links of the items whose links
// differ from the document's.
func syncItemModifiers(ctx context.Context, w menuContent, m *catalog.MenuDoc, items, mcs map[string]int64) error {
	type link struct{ item, mc int64 }
	links, err := scanAll(ctx, w.t.c, func(r scanner, x *link) error { return r.Scan(&x.item, &x.mc) },
		`SELECT l.item_id, l.modifier_category_id FROM item_modifier_categories l
		JOIN items i ON i.id = l.item_id WHERE i.menu_id = ? ORDER BY l.item_id, l.position`, w.menuID)
	if err != nil {
		return err
	}
	have := map[int64][]int64{}
	for _, l := range links {
		have[l.item] = append(have[l.item], l.mc)
	}
	for _, c := range m.Categories {
		for _, it := range c.Items {
			want := make([]int64, len(it.ModifierCategories))
			for i, ref := range it.ModifierCategories {
				want[i] = mcs[ref]
			}
			id := items[it.Ref]
			if slices.Equal(have[id], want) {
				continue
			}
			if err := w.t.setItemModifiers(ctx, w.menuID, id, want); err != nil {
				return err
			}
		}
	}
	return nil
}
