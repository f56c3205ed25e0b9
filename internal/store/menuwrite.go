package store

import (
	"context"
	"slices"
	"time"
)

// Every instance serves menu/list from memory and checks the cached copy
// against menus.version, read from the database on each request (README,
// "Scale-out"). A write to a menu or anything in it that left the version
// alone would be served stale by every instance until the next change; a
// version bumped without a change makes every instance rebuild for nothing.
// So all writes to menus, categories, items, modifier_categories,
// modifier_items and item_modifier_categories go through menuTx (a test
// fails on any other SQL that writes these tables), which records the menus
// a transaction changed and bumps each one's version exactly once before
// the transaction commits.

// menuTx is a write transaction over menus. Only its methods write menu
// tables; each takes the id of the menu the write belongs to.
type menuTx struct {
	c       conn
	changed map[int64]bool
	created map[int64]bool
}

// writeMenus runs fn in a write transaction and bumps the version of every
// menu fn changed, once, in the same transaction.
func (db *DB) writeMenus(ctx context.Context, fn func(t *menuTx) error) error {
	return db.write(ctx, func(c conn) error {
		t := &menuTx{c: c, changed: map[int64]bool{}, created: map[int64]bool{}}
		if err := fn(t); err != nil {
			return err
		}
		return t.bump(ctx)
	})
}

// exec runs one write of menu menuID. A statement that changed no row
// changes nothing a customer sees, so it does not count.
func (t *menuTx) exec(ctx context.Context, menuID int64, query string, args ...any) error {
	res, err := t.c.exec(ctx, query, args...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		t.changed[menuID] = true
	}
	return nil
}

// insert runs an INSERT … RETURNING id into menu menuID and returns the id.
func (t *menuTx) insert(ctx context.Context, menuID int64, query string, args ...any) (int64, error) {
	var id int64
	if err := t.c.queryRow(ctx, query, args...).Scan(&id); err != nil {
		return 0, err
	}
	t.changed[menuID] = true
	return id, nil
}

// createMenu inserts a menu row. A menu created in this transaction keeps
// its first version: no cache can hold a menu that did not exist.
func (t *menuTx) createMenu(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	if err := t.c.queryRow(ctx, query, args...).Scan(&id); err != nil {
		return 0, err
	}
	t.created[id] = true
	return id, nil
}

// setItemModifiers replaces the modifier categories an item offers, in order.
func (t *menuTx) setItemModifiers(ctx context.Context, menuID, itemID int64, mcIDs []int64) error {
	if err := t.exec(ctx, menuID, "DELETE FROM item_modifier_categories WHERE item_id = ?", itemID); err != nil {
		return err
	}
	for pos, mc := range mcIDs {
		err := t.exec(ctx, menuID, `INSERT INTO item_modifier_categories (item_id, modifier_category_id, position)
			VALUES (?, ?, ?)`, itemID, mc, pos)
		if err != nil {
			return err
		}
	}
	return nil
}

// deleteMenuContents soft-deletes everything in a menu that is going away,
// so "deleted" on an item means "not on sale" wherever an order looks.
func (t *menuTx) deleteMenuContents(ctx context.Context, menuID int64, now time.Time) error {
	for _, table := range []string{"categories", "items", "modifier_categories", "modifier_items"} {
		// table is one of the constants above.
		err := t.exec(ctx, menuID, "UPDATE "+table+" SET deleted_at = ? WHERE menu_id = ? AND deleted_at IS NULL",
			now, menuID)
		if err != nil {
			return err
		}
	}
	return nil
}

// changedAny reports whether the transaction changed any menu so far.
func (t *menuTx) changedAny() bool { return len(t.changed) > 0 || len(t.created) > 0 }

// bump adds one to the version of each changed menu, in id order so two
// transactions never lock the same menus in opposite orders.
func (t *menuTx) bump(ctx context.Context) error {
	ids := make([]int64, 0, len(t.changed))
	for id := range t.changed {
		if !t.created[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		if _, err := t.c.exec(ctx, "UPDATE menus SET version = version + 1 WHERE id = ?", id); err != nil {
			return err
		}
	}
	// menu.updated for each menu changed or made, in the same transaction
	// (webhooks_events.go); the menu writers keep the wall clock as import does.
	for id := range t.created {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	now := time.Now().UTC()
	for _, id := range ids {
		if err := queueMenuWebhook(ctx, t.c, id, "", nil, now); err != nil {
			return err
		}
	}
	return nil
}
