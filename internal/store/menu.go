package store

import (
	"context"

	"platter/internal/catalog"
)

// Menu returns a menu with everything it holds, each list ordered by
// position, read in one snapshot so Version matches the content. It is what
// customers see: soft-deleted rows (removed by a re-import, kept for the
// orders that name them) are left out, and a removed menu is not found.
func (db *DB) Menu(ctx context.Context, menuID int64) (*catalog.Menu, error) {
	var m *catalog.Menu
	err := db.read(ctx, func(c conn) error {
		var err error
		m, err = loadMenu(ctx, c, menuID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// loadMenu reads a whole menu inside the caller's read.
func loadMenu(ctx context.Context, c conn, menuID int64) (*catalog.Menu, error) {
	m, err := findMenu(ctx, c, menuID)
	if err != nil {
		return nil, err
	}
	if m.Categories, err = findCategories(ctx, c, menuID); err != nil {
		return nil, err
	}
	if m.Items, err = findItems(ctx, c, menuID); err != nil {
		return nil, err
	}
	if m.ModifierCategories, err = findModifierCategories(ctx, c, menuID); err != nil {
		return nil, err
	}
	if m.ModifierItems, err = findModifierItems(ctx, c, menuID); err != nil {
		return nil, err
	}
	return m, findItemModifiers(ctx, c, menuID, m.Items)
}

func findMenu(ctx context.Context, c conn, id int64) (*catalog.Menu, error) {
	var r menuRecord
	err := menuColumns.scan(c.queryRow(ctx, "SELECT "+menuColumns.list("")+
		" FROM menus WHERE id = ? AND deleted_at IS NULL", id), &r)
	if err != nil {
		return nil, err
	}
	m, err := r.menu()
	return &m, err
}

// scanAll runs a query and scans each row into a new T with scan.
func scanAll[T any](ctx context.Context, c conn, scan func(scanner, *T) error, query string, args ...any) ([]T, error) {
	rows, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func findCategories(ctx context.Context, c conn, menuID int64) ([]catalog.Category, error) {
	return selectRows(ctx, c, categoryColumns, (*categoryRecord).category, "SELECT "+categoryColumns.list("")+
		" FROM categories WHERE menu_id = ? AND deleted_at IS NULL ORDER BY position, id", menuID)
}

// findItems orders items by their category's position first, so the list
// reads like the printed menu.
func findItems(ctx context.Context, c conn, menuID int64) ([]catalog.Item, error) {
	return selectRows(ctx, c, itemColumns, (*itemRecord).item, "SELECT "+itemColumns.list("i")+`
		FROM items i JOIN categories c ON c.id = i.category_id
		WHERE i.menu_id = ? AND i.deleted_at IS NULL AND c.deleted_at IS NULL
		ORDER BY c.position, c.id, i.position, i.id`, menuID)
}

func findModifierCategories(ctx context.Context, c conn, menuID int64) ([]catalog.ModifierCategory, error) {
	return selectRows(ctx, c, modCategoryColumns, (*modCategoryRecord).modifierCategory,
		"SELECT "+modCategoryColumns.list("")+
			" FROM modifier_categories WHERE menu_id = ? AND deleted_at IS NULL ORDER BY position, id", menuID)
}

func findModifierItems(ctx context.Context, c conn, menuID int64) ([]catalog.ModifierItem, error) {
	return selectRows(ctx, c, modItemColumns, (*modItemRecord).modifierItem, "SELECT "+modItemColumns.list("mi")+`
		FROM modifier_items mi JOIN modifier_categories mc ON mc.id = mi.modifier_category_id
		WHERE mi.menu_id = ? AND mi.deleted_at IS NULL AND mc.deleted_at IS NULL
		ORDER BY mc.position, mc.id, mi.position, mi.id`, menuID)
}

// findItemModifiers fills each item's ModifierCategoryIDs in link order.
func findItemModifiers(ctx context.Context, c conn, menuID int64, items []catalog.Item) error {
	type link struct{ item, mc int64 }
	links, err := scanAll(ctx, c, func(r scanner, x *link) error {
		return r.Scan(&x.item, &x.mc)
	}, `SELECT l.item_id, l.modifier_category_id
		FROM item_modifier_categories l
		JOIN items i ON i.id = l.item_id
		JOIN modifier_categories mc ON mc.id = l.modifier_category_id
		WHERE i.menu_id = ? AND i.deleted_at IS NULL AND mc.deleted_at IS NULL
		ORDER BY l.item_id, l.position`, menuID)
	if err != nil {
		return err
	}
	byID := make(map[int64]int, len(items))
	for i := range items {
		byID[items[i].ID] = i
	}
	for _, l := range links {
		if i, ok := byID[l.item]; ok {
			items[i].ModifierCategoryIDs = append(items[i].ModifierCategoryIDs, l.mc)
		}
	}
	return nil
}
