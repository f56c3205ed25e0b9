package store

import (
	"context"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/report"
)

// reportVenue is a venue as a report sees it: its zone and the UTC stretch
// the range's dates cover there.
type reportVenue struct {
	id         int64
	slug, zone string
	loc        *time.Location
	start, end time.Time
}

// SalesReport sums the scheme's paid orders and refunds over the filter's
// dates as package report says (what counts, on which day, in which
// zone). An unknown venue_slug is 1404. The sums are read from the running
// sums of migration 0033 (report_sums.go: a row per venue, date, hour and
// order type), in one snapshot; a venue whose sums were dated in another
// zone than its own now is summed from its orders instead, by SQL over the
// indexes of migration 0027 (by venue and 15-minute buckets of UTC time
// for the day and hour groupings, which Go turns into the venue's local
// dates and hours).
func (db *DB) SalesReport(ctx context.Context, schemeID int64, f report.Filter) (*report.Sales, error) {
	var out *report.Sales
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = salesReport(ctx, c, schemeID, f, false)
		return err
	})
	return out, err
}

// salesReport is SalesReport in a transaction; fromOrders sums every venue
// from its orders, as before migration 0033 (tests compare the two).
func salesReport(ctx context.Context, c conn, schemeID int64, f report.Filter, fromOrders bool) (*report.Sales, error) {
	var currency string
	if err := c.queryRow(ctx, "SELECT currency FROM schemes WHERE id = ?", schemeID).Scan(&currency); err != nil {
		return nil, err
	}
	venues, err := reportVenues(ctx, c, schemeID, f)
	if err != nil {
		return nil, err
	}
	keys := f.Keys()
	if f.GroupBy == report.ByVenue {
		for _, v := range venues {
			keys = append(keys, v.slug)
		}
	}
	b := report.NewBuilder(f.GroupBy, keys)
	if len(venues) == 0 {
		return b.Sales(currency, nil), nil
	}
	r, err := splitVenues(ctx, c, venues)
	if err != nil {
		return nil, err
	}
	if fromOrders {
		r.summed, r.raw = nil, venues
	}
	if f.GroupBy == report.ByItem {
		tb := report.NewBuilder(report.ByVenue, nil)
		if err := r.sum(ctx, c, schemeID, f, report.ByVenue, tb); err != nil {
			return nil, err
		}
		totals := tb.Sales("", nil).Totals
		if err := summedItems(ctx, c, schemeID, f, r.summed, b); err != nil {
			return nil, err
		}
		if len(r.raw) > 0 {
			if err := itemRows(ctx, c, schemeID, r.raw, r.all(), b); err != nil {
				return nil, err
			}
		}
		return b.Sales(currency, &totals), nil
	}
	if err := r.sum(ctx, c, schemeID, f, f.GroupBy, b); err != nil {
		return nil, err
	}
	return b.Sales(currency, nil), nil
}

// reportVenues are the venues a report covers (the one named, or every
// venue of the scheme, removed ones too: their orders still count).
func reportVenues(ctx context.Context, c conn, schemeID int64, f report.Filter) ([]reportVenue, error) {
	q := "SELECT id, slug, time_zone FROM venues WHERE scheme_id = ?"
	args := []any{schemeID}
	if f.VenueSlug != "" {
		q += " AND slug = ?"
		args = append(args, f.VenueSlug)
	}
	venues, err := scanAll(ctx, c, func(r scanner, v *reportVenue) error {
		return r.Scan(&v.id, &v.slug, &v.zone)
	}, q+" ORDER BY slug", args...)
	if err != nil {
		return nil, mapErr(err)
	}
	if f.VenueSlug != "" && len(venues) == 0 {
		return nil, platter.NotFound()
	}
	for i := range venues {
		v := &venues[i]
		v.loc = (&catalog.Venue{TimeZone: v.zone}).Location()
		v.start, v.end = f.Window(v.loc)
	}
	return venues, nil
}

// windowWhere is the condition that a time column lies in its venue's
// window. Venues in one zone share a window, so a scheme whose venues keep
// one clock (nearly every one) ranges once over the index when all of them
// are summed; several zones (or some of the venues) each take their
// venues' ids and window. The venue terms are written +o.venue_id so
// SQLite keeps to the covering index of the range instead of turning the
// OR into lookups by venue.
func windowWhere(timeCol string, venues []reportVenue, all bool) (string, []any) {
	// all: venues are every venue the report covers (the scheme's, or the
	// one named); a single venue is also filtered by id.
	type window struct {
		start, end time.Time
		ids        []string
		args       []any
	}
	var order []string
	byZone := map[string]*window{}
	for _, v := range venues {
		w := byZone[v.zone]
		if w == nil {
			w = &window{start: v.start, end: v.end}
			byZone[v.zone] = w
			order = append(order, v.zone)
		}
		w.ids = append(w.ids, "?")
		w.args = append(w.args, v.id)
	}
	if len(order) == 1 && (all || len(venues) == 1) {
		w := byZone[order[0]]
		where := timeCol + " >= ? AND " + timeCol + " < ?"
		args := []any{w.start, w.end}
		if len(venues) == 1 {
			where += " AND +o.venue_id = ?"
			args = append(args, w.args[0])
		}
		return where, args
	}
	var parts []string
	var args []any
	for _, z := range order {
		w := byZone[z]
		parts = append(parts, "(+o.venue_id IN ("+strings.Join(w.ids, ", ")+") AND "+timeCol+" >= ? AND "+timeCol+" < ?)")
		args = append(append(args, w.args...), w.start, w.end)
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

// groupColumn is the SQL of the grouping's column beside the venue: the
// 15-minute bucket of timeCol for day and hour, the order type, or the
// venue again.
func groupColumn(d string, g report.GroupBy, timeCol string) string {
	switch g {
	case report.ByDay, report.ByHour:
		if d == Postgres {
			return "CAST(FLOOR(EXTRACT(EPOCH FROM " + timeCol + ") / 900) AS BIGINT) * 900"
		}
		return "(CAST(strftime('%s', " + timeCol + ") AS INTEGER) / 900) * 900"
	case report.ByOrderType:
		return "o.order_type"
	}
	return "o.venue_id" // by venue: nothing beside it
}

// rowKey is the key of a summed row of venue v and group value k.
func rowKey(g report.GroupBy, v *reportVenue, k int64) string {
	switch g {
	case report.ByDay, report.ByHour:
		return report.TimeKey(g, k, v.loc)
	case report.ByOrderType:
		return report.OrderTypeKey(int(k))
	}
	return v.slug
}

// sumOrders adds the paid orders of the venues' windows, by paid_at.
func sumOrders(ctx context.Context, c conn, schemeID int64, g report.GroupBy, venues []reportVenue, all bool,
	byID map[int64]*reportVenue, b *report.Builder) error {
	where, args := windowWhere("o.paid_at", venues, all)
	col := groupColumn(c.dialect, g, "o.paid_at")
	type sum struct {
		venue, k int64
		f        report.Figures
	}
	rows, err := scanAll(ctx, c, func(r scanner, s *sum) error {
		return r.Scan(&s.venue, &s.k, &s.f.Orders, &s.f.Gross, &s.f.Discounts, &s.f.Tips, &s.f.DeliveryFees, &s.f.Net)
	}, `SELECT o.venue_id, `+col+`, COUNT(*), SUM(o.subtotal + o.service_charge), SUM(o.discount), SUM(o.tip),
			SUM(o.delivery_fee), SUM(o.total)
		FROM orders o WHERE o.scheme_id = ? AND `+where+`
		GROUP BY o.venue_id, `+col, append([]any{schemeID}, args...)...)
	if err != nil {
		return mapErr(err)
	}
	for _, s := range rows {
		b.Add(rowKey(g, byID[s.venue], s.k), s.f)
	}
	return nil
}

// sumRefunds subtracts the refunds made in the venues' windows (by the
// refund's time) of orders that were paid; a refund being sent counts.
func sumRefunds(ctx context.Context, c conn, schemeID int64, g report.GroupBy, venues []reportVenue, all bool,
	byID map[int64]*reportVenue, b *report.Builder) error {
	where, args := windowWhere("r.created_at", venues, all)
	col := groupColumn(c.dialect, g, "r.created_at")
	type sum struct{ venue, k, amount int64 }
	rows, err := scanAll(ctx, c, func(r scanner, s *sum) error {
		return r.Scan(&s.venue, &s.k, &s.amount)
	}, `SELECT o.venue_id, `+col+`, SUM(r.amount)
		FROM refunds r JOIN orders o ON o.id = r.order_id
		WHERE r.scheme_id = ? AND o.scheme_id = ? AND o.paid_at IS NOT NULL AND r.status IN ('pending', 'done')
			AND `+where+`
		GROUP BY o.venue_id, `+col, append([]any{schemeID, schemeID}, args...)...)
	if err != nil {
		return mapErr(err)
	}
	for _, s := range rows {
		b.Add(rowKey(g, byID[s.venue], s.k), report.Figures{Refunds: s.amount, Net: -s.amount})
	}
	return nil
}

// itemRows adds a row per item title: the paid orders holding it and its
// lines' totals.
func itemRows(ctx context.Context, c conn, schemeID int64, venues []reportVenue, all bool, b *report.Builder) error {
	where, args := windowWhere("o.paid_at", venues, all)
	type sum struct {
		title         string
		orders, gross int64
	}
	rows, err := scanAll(ctx, c, func(r scanner, s *sum) error {
		return r.Scan(&s.title, &s.orders, &s.gross)
	}, `SELECT l.title, COUNT(DISTINCT o.id), SUM(l.total)
		FROM orders o JOIN order_lines l ON l.order_id = o.id
		WHERE o.scheme_id = ? AND `+where+`
		GROUP BY l.title`, append([]any{schemeID}, args...)...)
	if err != nil {
		return mapErr(err)
	}
	for _, s := range rows {
		b.Add(s.title, report.Figures{Orders: s.orders, Gross: s.gross, Net: s.gross})
	}
	return nil
}
