package store

import (
	"context"

	"platter/internal/catalog"
)

// MenuIDs returns the ids of a scheme's live menu's items and modifier
// items by ref: the back office names things by ref, the board's sold-out
// switch and the storefront by id. An unknown menu has none.
func (db *DB) MenuIDs(ctx context.Context, schemeID int64, menuRef string) (catalog.MenuIDs, error) {
	out := catalog.MenuIDs{Items: map[string]int64{}, ModifierItems: map[string]int64{}}
	err := db.read(ctx, func(c conn) error {
		for _, q := range []struct {
			table string
			into  map[string]int64
		}{{"items", out.Items}, {"modifier_items", out.ModifierItems}} {
			type row struct {
				ref string
				id  int64
			}
			rows, err := scanAll(ctx, c, func(r scanner, x *row) error { return r.Scan(&x.ref, &x.id) },
				`SELECT t.ref, t.id FROM `+q.table+` t JOIN menus m ON m.id = t.menu_id
				WHERE m.scheme_id = ? AND m.ref = ? AND m.deleted_at IS NULL AND t.deleted_at IS NULL`,
				schemeID, menuRef)
			if err != nil {
				return err
			}
			for _, r := range rows {
				q.into[r.ref] = r.id
			}
		}
		return nil
	})
	return out, err
}
