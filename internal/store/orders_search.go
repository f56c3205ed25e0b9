package store

import (
	"context"
	"strings"

	"platter/internal/ordering"
)

// maxRune closes a prefix range: every string that starts with p sorts
// from p up to p+maxRune in byte order.
const maxRune = "\U0010FFFF"

// SearchOrders lists a page of the scheme's paid (or since refunded)
// orders within reach that match the filter (docs/architecture.md §10
// admin/orders/search), newest first, with the total count. The
// alternatives it matches are each a range of an index of migration 0034
// or 0028 (or the order number's unique index): the e-mail address's
// prefix, the name's ("first last", or the last name alone), the phone
// number, the number; case folded (searchFold: "łukasz" finds Łukasz), in
// byte order (PostgreSQL "C" collation).
func (db *DB) SearchOrders(ctx context.Context, f ordering.SearchFilter) ([]ordering.Detail, int, error) {
	where := []string{"scheme_id = ?", "payment_status IN ('paid', 'refunded')"}
	args := []any{f.SchemeID}
	reach, rargs, ok := reachCond(f.Reach)
	if !ok {
		return []ordering.Detail{}, 0, nil
	}
	if reach != "" {
		where, args = append(where, reach), append(args, rargs...)
	}
	collate := ""
	if db.dialect == Postgres {
		collate = ` COLLATE "C"`
	}
	prefix := func(expr, p string) string {
		args = append(args, p, p+maxRune)
		e := "(" + expr + collate + ")"
		return "(" + e + " >= ? AND " + e + " < ?)"
	}
	var or []string
	if f.Number > 0 {
		or = append(or, "order_number = ?")
		args = append(args, f.Number)
	}
	// The folded columns of migration 0034: Unicode case on both databases.
	if p := searchFold(f.EmailPrefix); p != "" {
		or = append(or, prefix("search_email", p))
	}
	if p := searchFold(f.NamePrefix); p != "" {
		or = append(or, prefix("search_name", p), prefix("search_last_name", p))
	}
	if f.Phone != "" {
		or = append(or, "contact_number = ?")
		args = append(args, f.Phone)
	}
	if len(or) > 0 {
		where = append(where, "("+strings.Join(or, " OR ")+")")
	}
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, f.Status)
	}
	if !f.From.IsZero() {
		where = append(where, "created_at >= ?")
		args = append(args, utc(f.From))
	}
	if !f.To.IsZero() {
		where = append(where, "created_at < ?")
		args = append(args, utc(f.To))
	}
	return db.detailPage(ctx, strings.Join(where, " AND "), args, "order_number DESC", f.Page, f.PerPage)
}
