package store

import (
	"context"
	"time"
)

// RebuildReportSums sums the sales report's figures of a scheme (0: of
// every scheme) afresh from its orders and refunds, dated in each venue's
// zone as it is now, in one transaction: migration 0033's backfill, what an
// import that moves a venue to another zone does (redateReportSums), the
// cure for a venue whose zone was changed some other way (until then its
// reports are summed from its orders, slower), and what bench/reports
// calls after writing its orders with SQL.
func (db *DB) RebuildReportSums(ctx context.Context, schemeID int64) error {
	return db.write(ctx, func(c conn) error { return rebuildReportSums(ctx, c, schemeID) })
}

// redateReportSums rebuilds a scheme's sums if a venue's zone has changed
// since some of them were dated: an import that moves a venue calls it in
// its transaction, so its reports read from the sums again at once.
func redateReportSums(ctx context.Context, c conn, schemeID int64) error {
	var n int
	err := c.queryRow(ctx, `SELECT COUNT(*) FROM report_zones z JOIN venues v ON v.id = z.venue_id
		WHERE v.scheme_id = ? AND z.zone <> v.time_zone`, schemeID).Scan(&n)
	if err != nil || n == 0 {
		return err
	}
	return rebuildReportSums(ctx, c, schemeID)
}

// rebuildReportSums replaces the sums of a scheme (0: every scheme).
func rebuildReportSums(ctx context.Context, c conn, schemeID int64) error {
	where, scope, args := "", "", []any{}
	if schemeID != 0 {
		where, scope, args = " WHERE scheme_id = ?", " AND o.scheme_id = ?", []any{schemeID}
	}
	for _, q := range []string{"DELETE FROM report_sums" + where, "DELETE FROM report_item_sums" + where,
		"DELETE FROM report_zones WHERE venue_id IN (SELECT id FROM venues" + where + ")"} {
		if _, err := c.exec(ctx, q, args...); err != nil {
			return err
		}
	}
	s := newSums()
	err := eachRow(ctx, c, func(r scanner) error {
		var schemeID, venueID int64
		var orderType int
		var zone string
		var paidAt time.Time
		var f sumRow
		if err := r.Scan(&schemeID, &venueID, &orderType, &zone, &paidAt, &f.gross, &f.discounts, &f.tips, &f.fees,
			&f.paid); err != nil {
			return err
		}
		f.orders = 1
		s.order(schemeID, venueID, orderType, zone, paidAt, f)
		return nil
	}, `SELECT o.scheme_id, o.venue_id, o.order_type, v.time_zone, o.paid_at,
			o.subtotal + o.service_charge, o.discount, o.tip, o.delivery_fee, o.total
		FROM orders o JOIN venues v ON v.id = o.venue_id WHERE o.paid_at IS NOT NULL`+scope, args...)
	if err != nil {
		return err
	}
	err = eachRow(ctx, c, func(r scanner) error {
		var schemeID, venueID, amount int64
		var orderType int
		var zone string
		var at time.Time
		if err := r.Scan(&schemeID, &venueID, &orderType, &zone, &at, &amount); err != nil {
			return err
		}
		s.refund(schemeID, venueID, orderType, zone, at, amount)
		return nil
	}, `SELECT o.scheme_id, o.venue_id, o.order_type, v.time_zone, r.created_at, r.amount
		FROM refunds r JOIN orders o ON o.id = r.order_id JOIN venues v ON v.id = o.venue_id
		WHERE o.paid_at IS NOT NULL AND r.status IN ('pending', 'done')`+scope, args...)
	if err != nil {
		return err
	}
	// Each order's lines by title: an order counts once for a title however
	// many of its lines bear it.
	err = eachRow(ctx, c, func(r scanner) error {
		var schemeID, venueID, gross int64
		var zone, title string
		var paidAt time.Time
		if err := r.Scan(&schemeID, &venueID, &zone, &paidAt, &title, &gross); err != nil {
			return err
		}
		s.item(schemeID, venueID, zone, paidAt, title, gross)
		return nil
	}, `SELECT o.scheme_id, o.venue_id, v.time_zone, o.paid_at, l.title, SUM(l.total)
		FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN venues v ON v.id = o.venue_id
		WHERE o.paid_at IS NOT NULL`+scope+`
		GROUP BY o.id, v.id, l.title`, args...)
	if err != nil {
		return err
	}
	return s.write(ctx, c)
}

// eachRow runs a query and hands each row to fn, holding none.
func eachRow(ctx context.Context, c conn, fn func(scanner) error, query string, args ...any) error {
	rows, err := c.query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
