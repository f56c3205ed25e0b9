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
	var m catalog.Menu
	err := c.queryRow(ctx, "SELECT id, scheme_id, ref, name, layout_style, version FROM menus WHERE id = ? AND deleted_at IS NULL", id).
		Scan(&m.ID, &m.SchemeID, &m.Ref, &m.Name, &m.LayoutStyle, &m.Version)
	if err != nil {
		return nil, err
	}
	return &m, nil
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
	return scanAll(ctx, c, func(r scanner, x *catalog.Category) error {
		return r.Scan(&x.ID, &x.Ref, &x.Name, &x.Position)
	}, `SELECT id, ref, name, position FROM categories
		WHERE menu_id = ? AND deleted_at IS NULL ORDER BY position, id`, menuID)
}

// findItems orders items by their category's position first, so the list
// reads like the printed menu.
func findItems(ctx context.Context, c conn, menuID int64) ([]catalog.Item, error) {
	return scanAll(ctx, c, func(r scanner, x *catalog.Item) error {
		var orderTypes string
		err := r.Scan(&x.ID, &x.CategoryID, &x.Ref, &x.Title, &x.Description, &x.ImageURL, &x.Price,
			&x.IsNew, &x.IsAvailable, &x.SelectMin, &x.SelectMax, &orderTypes, &x.Position)
		if err != nil {
			return err
		}
		x.ModifierCategoryIDs = []int64{}
		return fromJSON(orderTypes, &x.OrderTypes)
	}, `SELECT i.id, i.category_id, i.ref, i.title, i.description, i.image_url, i.price, i.is_new,
		i.is_available, i.select_min, i.select_max, i.order_types, i.position
		FROM items i JOIN categories c ON c.id = i.category_id
		WHERE i.menu_id = ? AND i.deleted_at IS NULL AND c.deleted_at IS NULL
		ORDER BY c.position, c.id, i.position, i.id`, menuID)
}

func findModifierCategories(ctx context.Context, c conn, menuID int64) ([]catalog.ModifierCategory, error) {
	return scanAll(ctx, c, func(r scanner, x *catalog.ModifierCategory) error {
		return r.Scan(&x.ID, &x.Ref, &x.Name, &x.SelectMin, &x.SelectMax, &x.Position)
	}, `SELECT id, ref, name, select_min, select_max, position FROM modifier_categories
		WHERE menu_id = ? AND deleted_at IS NULL ORDER BY position, id`, menuID)
}

func findModifierItems(ctx context.Context, c conn, menuID int64) ([]catalog.ModifierItem, error) {
	return scanAll(ctx, c, func(r scanner, x *catalog.ModifierItem) error {
		return r.Scan(&x.ID, &x.ModifierCategoryID, &x.Ref, &x.Name, &x.Price, &x.IsAvailable, &x.Position)
	}, `SELECT mi.id, mi.modifier_category_id, mi.ref, mi.name, mi.price, mi.is_available, mi.position
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
