package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"platter/internal/catalog"
)

// The sales report's running sums (migration 0033): what package report
// counts, added up by the venue's date and hour, venue and order type
// (report_sums) and by date, venue and line title (report_item_sums). The
// two writes that put money in a report add to them in their own
// transaction: an order becoming paid (reportPaid: FinishPayment and the
// provider's webhook, the only statements that set paid_at) and a refund
// recorded (reportRefund: queueRefundOf and CreateStaffRefund, the only
// INSERTs into refunds). A refund's status (pending, done) never changes
// whether it counts, and no statement changes an order's money, venue,
// type or lines once it is paid, nor deletes a paid order or a refund but
// with its scheme, whose sums go with it (ON DELETE CASCADE).
//
// Dates are the venue's zone's when the sum was written, and report_zones
// records each zone a venue's sums were dated in; SalesReport sums a
// venue whose zone has changed since from its orders instead, and
// RebuildReportSums dates them afresh.

// sumKey is a report_sums row's key.
type sumKey struct {
	schemeID, venueID int64
	day               string
	hour, orderType   int
}

// sumRow is a report_sums row's figures.
type sumRow struct {
	orders, gross, discounts, tips, fees, paid, refunds int64
}

// itemKey is a report_item_sums row's key.
type itemKey struct {
	schemeID, venueID int64
	day, title        string
}

// itemSum is a report_item_sums row's figures.
type itemSum struct{ orders, gross int64 }

// reportPlace is where a moment falls in a venue's zone: its date and hour.
func reportPlace(at time.Time, zone string) (day string, hour int) {
	t := at.In((&catalog.Venue{TimeZone: zone}).Location())
	return t.Format(time.DateOnly), t.Hour()
}

// sortedKeys returns m's keys in the order compare gives.
func sortedKeys[K comparable, V any](m map[K]V, compare func(a, b K) int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compare)
	return keys
}

// sums gathers rows to add, so a write (or a rebuild) adds each key once.
type sums struct {
	rows  map[sumKey]*sumRow
	items map[itemKey]*itemSum
	zones map[int64]map[string]bool // venue → zones
}

func newSums() *sums {
	return &sums{rows: map[sumKey]*sumRow{}, items: map[itemKey]*itemSum{}, zones: map[int64]map[string]bool{}}
}

// zone notes that a venue's sums are dated in zone.
func (s *sums) zone(venueID int64, zone string) {
	if s.zones[venueID] == nil {
		s.zones[venueID] = map[string]bool{}
	}
	s.zones[venueID][zone] = true
}

// order adds a paid order at its venue's date and hour.
func (s *sums) order(schemeID, venueID int64, orderType int, zone string, paidAt time.Time, f sumRow) {
	day, hour := reportPlace(paidAt, zone)
	s.add(sumKey{schemeID, venueID, day, hour, orderType}, f)
	s.zone(venueID, zone)
}

// refund adds a refund of a paid order at the date and hour it was made.
func (s *sums) refund(schemeID, venueID int64, orderType int, zone string, at time.Time, amount int64) {
	day, hour := reportPlace(at, zone)
	s.add(sumKey{schemeID, venueID, day, hour, orderType}, sumRow{refunds: amount})
	s.zone(venueID, zone)
}

// item adds one paid order's lines of one title.
func (s *sums) item(schemeID, venueID int64, zone string, paidAt time.Time, title string, gross int64) {
	day, _ := reportPlace(paidAt, zone)
	s.addItem(itemKey{schemeID, venueID, day, title}, itemSum{orders: 1, gross: gross})
	s.zone(venueID, zone)
}

func (s *sums) addItem(k itemKey, f itemSum) {
	r := s.items[k]
	if r == nil {
		r = &itemSum{}
		s.items[k] = r
	}
	r.orders += f.orders
	r.gross += f.gross
}

func (s *sums) add(k sumKey, f sumRow) {
	r := s.rows[k]
	if r == nil {
		r = &sumRow{}
		s.rows[k] = r
	}
	r.orders += f.orders
	r.gross += f.gross
	r.discounts += f.discounts
	r.tips += f.tips
	r.fees += f.fees
	r.paid += f.paid
	r.refunds += f.refunds
}

// sumBatch is how many rows one INSERT adds (12 values each, well below
// either database's limit of parameters).
const sumBatch = 200

// write adds the gathered rows to the tables: an existing row's figures
// grow (so writes of the same hour by concurrent transactions add up).
func (s *sums) write(ctx context.Context, c conn) error {
	if err := s.writeRows(ctx, c); err != nil {
		return err
	}
	return s.writeZones(ctx, c)
}

// addLater adds the sums in a write transaction: on PostgreSQL at its end,
// with every other sum it adds, in its last statement (txend.go). A sums
// row is shared by every order paid in its hour at its venue: the lock an
// upsert takes on it is held until commit, so it is taken as late as
// possible.
func (s *sums) addLater(ctx context.Context, c conn) error {
	if c.dialect != Postgres || c.fx == nil {
		return s.write(ctx, c)
	}
	if c.fx.sums == nil {
		c.fx.sums = newSums()
	}
	for k, r := range s.rows {
		c.fx.sums.add(k, *r)
	}
	for k, r := range s.items {
		c.fx.sums.addItem(k, *r)
	}
	for v, zones := range s.zones {
		for z := range zones {
			c.fx.sums.zone(v, z)
		}
	}
	return nil
}

// cte is what addLater gathered as parts of the transaction's last
// statement (txend.go): the zones, the items and the rows; not ok when
// they are too many for one statement.
func (s *sums) cte() (parts []cte, ok bool) {
	if len(s.rows) == 0 || len(s.rows) > sumBatch || len(s.items) > sumBatch {
		return nil, len(s.rows) == 0 && len(s.items) == 0
	}
	if len(s.zones) > 0 {
		var (
			q    strings.Builder
			args []any
		)
		q.WriteString("INSERT INTO report_zones (venue_id, zone) VALUES ")
		for venue, zones := range s.zones {
			for z := range zones {
				if len(args) > 0 {
					q.WriteString(", ")
				}
				q.WriteString("(?, ?)")
				args = append(args, venue, z)
			}
		}
		parts = append(parts, cte{"sz", q.String() + " ON CONFLICT DO NOTHING", args})
	}
	if len(s.items) > 0 {
		parts = append(parts, cte{"si", itemsUpsert(len(s.items)), s.itemArgs(nil)})
	}
	return append(parts, cte{"sr", sumsUpsert(len(s.rows)), s.rowArgs(nil)}), true
}

// sumsUpsert adds n rows to report_sums; itemsUpsert n to report_item_sums.
func sumsUpsert(n int) string {
	return `INSERT INTO report_sums (scheme_id, day, venue_id, hour, order_type, orders, gross,
			discounts, tips, delivery_fees, paid, refunds) VALUES ` +
		strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), ", n), ", ") + `
		ON CONFLICT (scheme_id, day, venue_id, hour, order_type) DO UPDATE SET
			orders = report_sums.orders + excluded.orders, gross = report_sums.gross + excluded.gross,
			discounts = report_sums.discounts + excluded.discounts, tips = report_sums.tips + excluded.tips,
			delivery_fees = report_sums.delivery_fees + excluded.delivery_fees,
			paid = report_sums.paid + excluded.paid, refunds = report_sums.refunds + excluded.refunds`
}

func itemsUpsert(n int) string {
	return `INSERT INTO report_item_sums (scheme_id, day, venue_id, title, orders, gross) VALUES ` +
		strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?), ", n), ", ") + `
		ON CONFLICT (scheme_id, day, venue_id, title) DO UPDATE SET
			orders = report_item_sums.orders + excluded.orders, gross = report_item_sums.gross + excluded.gross`
}

// rowArgs and itemArgs append the rows' and the items' values in key
// order: concurrent writers then lock shared rows in one order and never
// deadlock on them.
func (s *sums) rowArgs(args []any) []any {
	for _, k := range sortedKeys(s.rows, func(a, b sumKey) int {
		return cmp.Or(cmp.Compare(a.schemeID, b.schemeID), cmp.Compare(a.day, b.day), cmp.Compare(a.venueID, b.venueID),
			cmp.Compare(a.hour, b.hour), cmp.Compare(a.orderType, b.orderType))
	}) {
		r := s.rows[k]
		args = append(args, k.schemeID, k.day, k.venueID, k.hour, k.orderType, r.orders, r.gross, r.discounts,
			r.tips, r.fees, r.paid, r.refunds)
	}
	return args
}

func (s *sums) itemArgs(args []any) []any {
	for _, k := range sortedKeys(s.items, func(a, b itemKey) int {
		return cmp.Or(cmp.Compare(a.schemeID, b.schemeID), cmp.Compare(a.day, b.day), cmp.Compare(a.venueID, b.venueID),
			cmp.Compare(a.title, b.title))
	}) {
		r := s.items[k]
		args = append(args, k.schemeID, k.day, k.venueID, k.title, r.orders, r.gross)
	}
	return args
}

// writeRows adds the sums' rows (report_sums, report_item_sums), sumBatch
// rows a statement.
func (s *sums) writeRows(ctx context.Context, c conn) error {
	for _, t := range []struct {
		args  []any
		width int
		sql   func(n int) string
	}{{s.rowArgs(nil), 12, sumsUpsert}, {s.itemArgs(nil), 6, itemsUpsert}} {
		for len(t.args) > 0 {
			n := min(len(t.args)/t.width, sumBatch)
			if _, err := c.exec(ctx, t.sql(n), t.args[:n*t.width]...); err != nil {
				return err
			}
			t.args = t.args[n*t.width:]
		}
	}
	return nil
}

// writeZones records the zones the sums are dated in. A zone already
// recorded is left as it is, without a lock on its row.
func (s *sums) writeZones(ctx context.Context, c conn) error {
	for venue, zones := range s.zones {
		for z := range zones {
			if _, err := c.exec(ctx, "INSERT INTO report_zones (venue_id, zone) VALUES (?, ?) ON CONFLICT DO NOTHING",
				venue, z); err != nil {
				return err
			}
		}
	}
	return nil
}

// reportPaid adds an order that has just become paid to the sums: the
// order, its lines by title, and any refund recorded before it was paid
// (none is, today; a refund counts once its order is paid). Times are read
// back from the rows, as the report would read them.
func reportPaid(ctx context.Context, c conn, orderID int64) error {
	// The order, its lines by title and how many refunds it has in one
	// statement: one row per title (a single row with a NULL title for an
	// order without lines).
	type row struct {
		schemeID, venueID int64
		orderType         int
		zone              string
		paidAt            time.Time
		f                 sumRow
		title             sql.NullString
		total, refunds    int64
	}
	q := `SELECT o.scheme_id, o.venue_id, o.order_type, v.time_zone, o.paid_at,
			o.subtotal + o.service_charge, o.discount, o.tip, o.delivery_fee, o.total, l.title, COALESCE(SUM(l.total), 0),
			(SELECT COUNT(*) FROM refunds r WHERE r.order_id = o.id AND r.status IN ('pending', 'done'))
		FROM orders o JOIN venues v ON v.id = o.venue_id LEFT JOIN order_lines l ON l.order_id = o.id
		WHERE o.id = ? AND o.paid_at IS NOT NULL GROUP BY o.id, v.id, l.title`
	rows, err := scanAll(ctx, c, func(r scanner, x *row) error {
		return r.Scan(&x.schemeID, &x.venueID, &x.orderType, &x.zone, &x.paidAt, &x.f.gross, &x.f.discounts,
			&x.f.tips, &x.f.fees, &x.f.paid, &x.title, &x.total, &x.refunds)
	}, q, orderID)
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return sql.ErrNoRows
	}
	h := rows[0]
	schemeID, venueID, orderType, zone, paidAt, f := h.schemeID, h.venueID, h.orderType, h.zone, h.paidAt, h.f
	f.orders = 1
	s := newSums()
	s.order(schemeID, venueID, orderType, zone, paidAt, f)
	for _, l := range rows {
		if l.title.Valid {
			s.item(schemeID, venueID, zone, paidAt, l.title.String, l.total)
		}
	}
	if h.refunds == 0 { // the refunds are read only when there are some
		return s.addLater(ctx, c)
	}
	type refund struct {
		at     time.Time
		amount int64
	}
	refunds, err := scanAll(ctx, c, func(r scanner, x *refund) error { return r.Scan(&x.at, &x.amount) },
		"SELECT created_at, amount FROM refunds WHERE order_id = ? AND status IN ('pending', 'done')", orderID)
	if err != nil {
		return err
	}
	for _, r := range refunds {
		s.refund(schemeID, venueID, orderType, zone, r.at, r.amount)
	}
	return s.addLater(ctx, c)
}

// reportRefund adds the refund of ref, just recorded, to the sums if its
// order was paid (a refund of money that never paid an order is no sale's).
func reportRefund(ctx context.Context, c conn, ref string) error {
	// The order's row first, locked on PostgreSQL: a payment of it being
	// written at this moment commits first and its paid_at is seen here,
	// or waits for this transaction and then sees this refund (reportPaid
	// adds the refunds it finds). SQLite has one writer.
	lock := ""
	if c.dialect == Postgres {
		lock = " FOR NO KEY UPDATE"
	}
	var paid bool
	if err := c.queryRow(ctx, `SELECT paid_at IS NOT NULL FROM orders
		WHERE id = (SELECT order_id FROM refunds WHERE ref = ?)`+lock, ref).Scan(&paid); err != nil || !paid {
		return err
	}
	var schemeID, venueID, amount int64
	var orderType int
	var zone string
	var at time.Time
	err := c.queryRow(ctx, `SELECT o.scheme_id, o.venue_id, o.order_type, v.time_zone, r.created_at, r.amount
		FROM refunds r JOIN orders o ON o.id = r.order_id JOIN venues v ON v.id = o.venue_id
		WHERE r.ref = ? AND o.paid_at IS NOT NULL AND r.status IN ('pending', 'done')`, ref).
		Scan(&schemeID, &venueID, &orderType, &zone, &at, &amount)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	}
	s := newSums()
	s.refund(schemeID, venueID, orderType, zone, at, amount)
	return s.addLater(ctx, c)
}
