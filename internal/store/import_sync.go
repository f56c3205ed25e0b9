package store

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// A re-import compares what the store holds with the document and writes
// only what differs, so an unchanged document writes nothing and no menu
// version moves. table[T] does that for one kind of row: T holds the
// columns the document decides (a comparable struct, so "differs" is !=),
// rows are found by their key (ref or slug) under one parent, and a row the
// document no longer lists is soft-deleted, never deleted: orders keep ids.

// table describes one kind of catalogue row. name, parent, key and cols are
// constants of this package, never input.
type table[T comparable] struct {
	name   string     // e.g. "items"
	parent string     // the column rows are synced under, e.g. "menu_id"
	key    string     // "ref" or "slug": unique under parent over every row, deleted or not
	cols   columns[T] // the columns the document decides: the table's one list of them (columns.go)
}

// stored is a row as the store holds it.
type stored[T comparable] struct {
	id      int64
	deleted bool
	row     T
}

// wanted is a row as the document lists it.
type wanted[T comparable] struct {
	key string
	row T
}

// rowWriter runs the writes of a sync. For menu tables it is backed by
// menuTx, so each write counts towards its menu's version.
type rowWriter interface {
	insert(ctx context.Context, query string, args ...any) (int64, error)
	exec(ctx context.Context, rowID int64, query string, args ...any) error
}

// syncResult is what a sync did: the id of every wanted row by key and the
// ids it soft-deleted.
type syncResult struct {
	ids     map[string]int64
	removed []int64
}

// sync makes the rows under parentID what want lists: missing rows are
// inserted, changed or deleted ones updated (and undeleted: a ref that comes
// back gets its old id), unlisted live ones soft-deleted at now.
func (tb *table[T]) sync(ctx context.Context, c conn, w rowWriter, parentID int64, want []wanted[T],
	now time.Time) (*syncResult, error) {
	have, err := tb.load(ctx, c, parentID)
	if err != nil {
		return nil, err
	}
	res := &syncResult{ids: make(map[string]int64, len(want))}
	for i := range want {
		x := &want[i]
		h, ok := have[x.key]
		switch {
		case !ok:
			args := append([]any{parentID, x.key}, tb.cols.values(&x.row)...)
			if h.id, err = w.insert(ctx, tb.insertSQL(), args...); err != nil {
				return nil, err
			}
		case h.deleted || h.row != x.row:
			if err := w.exec(ctx, h.id, tb.updateSQL(), append(tb.cols.values(&x.row), h.id)...); err != nil {
				return nil, err
			}
		}
		res.ids[x.key] = h.id
	}
	for _, key := range sortedKeysByID(have) {
		h := have[key]
		if _, keep := res.ids[key]; keep || h.deleted {
			continue
		}
		if err := w.exec(ctx, h.id, "UPDATE "+tb.name+" SET deleted_at = ? WHERE id = ?", now, h.id); err != nil {
			return nil, err
		}
		res.removed = append(res.removed, h.id)
	}
	return res, nil
}

// load reads every row under parentID, deleted ones included, by key.
func (tb *table[T]) load(ctx context.Context, c conn, parentID int64) (map[string]stored[T], error) {
	rows, err := c.query(ctx, "SELECT id, "+tb.key+", deleted_at IS NOT NULL, "+tb.cols.list("")+
		" FROM "+tb.name+" WHERE "+tb.parent+" = ?", parentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]stored[T]{}
	for rows.Next() {
		var (
			s   stored[T]
			key string
		)
		if err := rows.Scan(append([]any{&s.id, &key, &s.deleted}, tb.cols.fields(&s.row)...)...); err != nil {
			return nil, err
		}
		out[key] = s
	}
	return out, rows.Err()
}

func (tb *table[T]) insertSQL() string {
	return "INSERT INTO " + tb.name + " (" + tb.parent + ", " + tb.key + ", " + tb.cols.list("") +
		") VALUES (" + placeholders(2+len(tb.cols)) + ") RETURNING id"
}

func (tb *table[T]) updateSQL() string {
	return "UPDATE " + tb.name + " SET " + tb.cols.assignments() + ", deleted_at = NULL WHERE id = ?"
}

// sortedKeysByID orders removals by id, so concurrent imports lock rows in
// one order.
func sortedKeysByID[T comparable](have map[string]stored[T]) []string {
	keys := make([]string, 0, len(have))
	for k := range have {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(have[a].id, have[b].id) })
	return keys
}

// menuContent writes rows that belong to one menu.
type menuContent struct {
	t      *menuTx
	menuID int64
}

func (w menuContent) insert(ctx context.Context, query string, args ...any) (int64, error) {
	return w.t.insert(ctx, w.menuID, query, args...)
}

func (w menuContent) exec(ctx context.Context, _ int64, query string, args ...any) error {
	return w.t.exec(ctx, w.menuID, query, args...)
}

// menuRows writes menu rows themselves: the row is its own menu.
type menuRows struct{ t *menuTx }

func (w menuRows) insert(ctx context.Context, query string, args ...any) (int64, error) {
	return w.t.createMenu(ctx, query, args...)
}

func (w menuRows) exec(ctx context.Context, rowID int64, query string, args ...any) error {
	return w.t.exec(ctx, rowID, query, args...)
}

// plainRows writes rows outside menus (venues) and notes that it did.
type plainRows struct {
	c       conn
	changed *bool
}

func (w plainRows) insert(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := w.c.queryRow(ctx, query, args...).Scan(&id)
	*w.changed = true
	return id, err
}

func (w plainRows) exec(ctx context.Context, _ int64, query string, args ...any) error {
	_, err := w.c.exec(ctx, query, args...)
	*w.changed = true
	return err
}
