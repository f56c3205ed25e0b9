package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/report"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// sale is an order a report test makes: where, when it is paid (zero:
// never), what it costs.
type sale struct {
	venue           string
	paidAt          time.Time
	orderType       int
	lines           []int64 // line totals; the subtotal is their sum
	discount, tip   int64
	fee, service    int64
	rejectAt        time.Time // a paid order rejected (and refunded in full) then
	title           string
	schemeID, id    int64
	total, subtotal int64
}

// makeSale stores s as an order of a fresh guest, made five minutes before
// it is paid, and pays and rejects it as s says.
func makeSale(t *testing.T, db *store.DB, s *sale, key string) {
	t.Helper()
	ctx := context.Background()
	made := s.paidAt.Add(-5 * time.Minute)
	if s.paidAt.IsZero() {
		made = time.Date(2026, 10, 25, 12, 0, 0, 0, time.UTC)
	}
	g, err := db.CreateGuest(ctx, s.schemeID, "h-"+key, made)
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.VenueBySlug(ctx, s.schemeID, s.venue)
	if err != nil {
		t.Fatal(err)
	}
	var lines []ordering.Line
	for i, amount := range s.lines {
		title := s.title
		if i > 0 || title == "" {
			title = fmt.Sprintf("Item %d", i)
		}
		lines = append(lines, ordering.Line{ItemID: int64(i + 1), Title: title, Qty: 1, UnitPrice: amount, Total: amount})
		s.subtotal += amount
	}
	s.total = s.subtotal - s.discount + s.service + s.fee + s.tip
	n := &ordering.NewOrder{IdempotencyKey: key, RequestHash: "h", Order: ordering.Order{SchemeID: s.schemeID,
		VenueID: v.ID, UserID: g.ID, OrderType: s.orderType, IsASAP: true, Email: "g@example.com",
		Pricing: ordering.Pricing{Currency: "GBP", Subtotal: s.subtotal, Discount: s.discount, ServiceCharge: s.service,
			DeliveryFee: s.fee, Tip: s.tip, Total: s.total},
		Lines: lines, Payment: ordering.Payment{Provider: "sandbox"}}}
	o, _, err := db.CreateOrder(ctx, n, made)
	if err != nil {
		t.Fatal(err)
	}
	s.id = o.ID
	if s.paidAt.IsZero() {
		return
	}
	if _, claimed, err := db.StartPayment(ctx, s.schemeID, o.UserID, o.ID, false, s.paidAt); err != nil || !claimed {
		t.Fatal(claimed, err)
	}
	if _, err := db.FinishPayment(ctx, o.ID, ordering.PaymentOutcome{Status: payments.Succeeded}, s.paidAt); err != nil {
		t.Fatal(err)
	}
	if !s.rejectAt.IsZero() {
		ch := manager(s.schemeID, o.ID, ordering.StatusRejected)
		ch.Reason = "closed"
		if _, err := db.Transition(ctx, ch, s.rejectAt); err != nil {
			t.Fatal(err)
		}
	}
}

// importReportSchemes imports the burger scheme with its second venue
// (shoreditch) moved to Warsaw's zone, and the pierogi scheme (Warsaw).
func importReportSchemes(t *testing.T, db *store.DB) (burgers, pierogi int64) {
	t.Helper()
	doc := mustParse(t, 0)
	for i := range doc.Venues {
		if doc.Venues[i].VenueSlug == "shoreditch" {
			doc.Venues[i].TimeZone = "Europe/Warsaw"
		}
	}
	return mustImport(t, db, doc).SchemeID, mustImport(t, db, mustParse(t, 1)).SchemeID
}

func salesReport(t *testing.T, db *store.DB, schemeID int64, f report.Filter) *report.Sales {
	t.Helper()
	if bad := f.Check(); bad != nil {
		t.Fatalf("filter %+v: %v", f, bad)
	}
	s, err := db.SalesReport(context.Background(), schemeID, f)
	if err != nil {
		t.Fatalf("report %+v: %v", f, err)
	}
	return s
}

func rowOf(s *report.Sales, key string) report.Figures {
	for _, r := range s.Rows {
		if r.Key == key {
			return r.Figures
		}
	}
	return report.Figures{}
}

// TestSalesReportMatchesTheOrders: 150 orders at random times over the
// autumn clock change (paid, unpaid, rejected later) at a London venue and
// a Warsaw venue of one scheme, and orders of another scheme at the same
// times. Each day's row and the totals are what the orders themselves
// add up to in SQL, to the penny: each order on the date it was paid in
// its own venue's zone, each refund on the date it was made; unpaid
// orders and the other scheme's never count.
func TestSalesReportMatchesTheOrders(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		burgers, pierogi := importReportSchemes(t, db)
		rng := rand.New(rand.NewPCG(21, 21))
		start := time.Date(2026, 10, 22, 0, 0, 0, 0, time.UTC)
		for i := range 150 {
			s := &sale{schemeID: burgers, venue: "soho", orderType: rng.IntN(2), lines: []int64{100 + rng.Int64N(2000)},
				discount: rng.Int64N(3) * 50, tip: rng.Int64N(2) * 75, service: rng.Int64N(2) * 33,
				paidAt: start.Add(time.Duration(rng.Int64N(7*24*3600)) * time.Second)}
			if s.orderType == 0 {
				s.fee = 299
			}
			switch i % 5 {
			case 1:
				s.venue = "shoreditch"
				s.lines = append(s.lines, 450)
			case 2:
				s.schemeID, s.venue = pierogi, "rynek"
			case 3:
				s.paidAt = time.Time{} // never paid
			case 4:
				s.rejectAt = s.paidAt.Add(time.Duration(rng.Int64N(36*3600)) * time.Second)
			}
			makeSale(t, db, s, fmt.Sprintf("r%03d", i))
		}
		f := report.Filter{From: "2026-10-23", To: "2026-10-27", GroupBy: report.ByDay}
		got := salesReport(t, db, burgers, f)
		want := directSums(t, db, burgers, f)
		if len(got.Rows) != 5 {
			t.Fatalf("rows %+v, want the 5 days", got.Rows)
		}
		var sum report.Figures
		for _, r := range got.Rows {
			if r.Figures != want[r.Key] {
				t.Errorf("%s: report %+v, orders add up to %+v", r.Key, r.Figures, want[r.Key])
			}
			sum.Add(want[r.Key])
		}
		if got.Totals != sum || sum.Orders == 0 || sum.Refunds == 0 || got.Currency != "GBP" {
			t.Errorf("totals %+v (%s), orders add up to %+v", got.Totals, got.Currency, sum)
		}
		if sum.Gross-sum.Discounts+sum.Tips+sum.DeliveryFees-sum.Refunds != sum.Net {
			t.Errorf("net %d is not gross − discounts + tips + fees − refunds (%+v)", sum.Net, sum)
		}
		// Every grouping has the same totals; venue and order type rows add
		// up to them too.
		for _, g := range []report.GroupBy{report.ByHour, report.ByVenue, report.ByOrderType, report.ByItem} {
			f.GroupBy = g
			other := salesReport(t, db, burgers, f)
			if other.Totals != got.Totals {
				t.Errorf("by %s: totals %+v, by day %+v", g, other.Totals, got.Totals)
			}
			var rows report.Figures
			for _, r := range other.Rows {
				rows.Add(r.Figures)
			}
			if g != report.ByItem && rows != got.Totals {
				t.Errorf("by %s: rows add up to %+v, totals %+v", g, rows, got.Totals)
			}
		}
		// One venue: only its orders.
		f.GroupBy, f.VenueSlug = report.ByVenue, "shoreditch"
		one := salesReport(t, db, burgers, f)
		if len(one.Rows) != 1 || one.Rows[0].Key != "shoreditch" || one.Totals.Orders != want["shoreditch"].Orders {
			t.Errorf("shoreditch alone: %+v, want %d orders", one, want["shoreditch"].Orders)
		}
	})
}

// directSums adds up the scheme's orders and refunds row by row, as a
// person with the tables would: each paid order on the date it was paid
// at its venue, each refund of a paid order on the date it was made, and
// by venue (keyed by slug) over the whole range.
func directSums(t *testing.T, db *store.DB, schemeID int64, f report.Filter) map[string]report.Figures {
	t.Helper()
	out := map[string]report.Figures{}
	add := func(when time.Time, zone, venue string, x report.Figures) {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		day := when.In(loc).Format(time.DateOnly)
		if day < f.From || day > f.To {
			return
		}
		for _, k := range []string{day, venue} {
			y := out[k]
			y.Add(x)
			out[k] = y
		}
	}
	rows, err := db.SQL().Query(rebind(db, `SELECT o.paid_at, v.time_zone, v.slug, o.subtotal, o.service_charge,
			o.discount, o.tip, o.delivery_fee, o.total
		FROM orders o JOIN venues v ON v.id = o.venue_id WHERE o.scheme_id = ? AND o.paid_at IS NOT NULL`), schemeID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var at time.Time
		var zone, slug string
		var sub, svc, disc, tip, fee, total int64
		if err := rows.Scan(&at, &zone, &slug, &sub, &svc, &disc, &tip, &fee, &total); err != nil {
			t.Fatal(err)
		}
		add(at, zone, slug, report.Figures{Orders: 1, Gross: sub + svc, Discounts: disc, Tips: tip, DeliveryFees: fee, Net: total})
	}
	refunds, err := db.SQL().Query(rebind(db, `SELECT r.created_at, v.time_zone, v.slug, r.amount
		FROM refunds r JOIN orders o ON o.id = r.order_id JOIN venues v ON v.id = o.venue_id
		WHERE o.scheme_id = ? AND o.paid_at IS NOT NULL`), schemeID)
	if err != nil {
		t.Fatal(err)
	}
	defer refunds.Close()
	for refunds.Next() {
		var at time.Time
		var zone, slug string
		var amount int64
		if err := refunds.Scan(&at, &zone, &slug, &amount); err != nil {
			t.Fatal(err)
		}
		add(at, zone, slug, report.Figures{Refunds: amount, Net: -amount})
	}
	return out
}

// TestSalesReportClockChanges: dates and hours are the venue's, on the
// days the clocks change too. On 25 October 2026 London has 25 hours (two
// 01:00s, both in the "01:00" row), on 29 March 23 (no 01:00); a Warsaw
// venue of the same scheme keeps its own midnight; a refund counts on the
// day it was made, not on its order's; another scheme's orders at the
// same moments never count, nor does its venue name anything here.
func TestSalesReportClockChanges(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		burgers, pierogi := importReportSchemes(t, db)
		at := func(s string) time.Time {
			v, err := time.Parse(time.RFC3339, s)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		sales := []*sale{
			{venue: "soho", paidAt: at("2026-10-24T23:30:00Z")},                                       // 00:30 BST, the 25th
			{venue: "soho", paidAt: at("2026-10-25T00:30:00Z")},                                       // 01:30 BST
			{venue: "soho", paidAt: at("2026-10-25T01:30:00Z"), rejectAt: at("2026-10-26T00:30:00Z")}, // 01:30 GMT; refunded the 26th
			{venue: "soho", paidAt: at("2026-10-25T23:30:00Z")},                                       // 23:30 GMT, still the 25th
			{venue: "soho", paidAt: at("2026-10-26T00:10:00Z")},                                       // the 26th
			{venue: "shoreditch", paidAt: at("2026-10-24T22:30:00Z")},                                 // 00:30 CEST in Warsaw, the 25th
			{venue: "shoreditch", paidAt: at("2026-10-25T23:30:00Z")},                                 // 00:30 CET, the 26th
			{venue: "soho", paidAt: at("2026-03-29T00:59:00Z")},                                       // 00:59 GMT
			{venue: "soho", paidAt: at("2026-03-29T01:00:00Z")},                                       // 02:00 BST
			{venue: "soho", paidAt: at("2026-03-29T22:59:00Z")},                                       // 23:59 BST, the 29th
			{venue: "soho", paidAt: at("2026-03-29T23:00:00Z")},                                       // 00:00 BST, the 30th
		}
		for i, s := range sales {
			s.schemeID, s.lines, s.orderType = burgers, []int64{1000}, 1
			makeSale(t, db, s, fmt.Sprintf("b%d", i))
			other := &sale{schemeID: pierogi, venue: "rynek", paidAt: s.paidAt, lines: []int64{5000}, orderType: 1}
			makeSale(t, db, other, fmt.Sprintf("p%d", i))
		}
		autumn := salesReport(t, db, burgers, report.Filter{From: "2026-10-25", To: "2026-10-26", GroupBy: report.ByDay})
		if d := rowOf(autumn, "2026-10-25"); d.Orders != 5 || d.Gross != 5000 || d.Refunds != 0 || d.Net != 5000 {
			t.Errorf("25 October: %+v, want 5 orders of £10", d)
		}
		if d := rowOf(autumn, "2026-10-26"); d.Orders != 2 || d.Refunds != 1000 || d.Net != 1000 {
			t.Errorf("26 October: %+v, want 2 orders and the refund of the 25th's", d)
		}
		hours := salesReport(t, db, burgers, report.Filter{VenueSlug: "soho", From: "2026-10-25", To: "2026-10-25",
			GroupBy: report.ByHour})
		if len(hours.Rows) != 24 || rowOf(hours, "01:00").Orders != 2 || rowOf(hours, "00:00").Orders != 1 ||
			rowOf(hours, "23:00").Orders != 1 || hours.Totals.Orders != 4 {
			t.Errorf("soho's hours on 25 October: %+v", hours.Rows)
		}
		spring := salesReport(t, db, burgers, report.Filter{From: "2026-03-29", To: "2026-03-29", GroupBy: report.ByHour})
		if rowOf(spring, "00:00").Orders != 1 || rowOf(spring, "01:00").Orders != 0 || rowOf(spring, "02:00").Orders != 1 ||
			rowOf(spring, "23:00").Orders != 1 || spring.Totals.Orders != 3 {
			t.Errorf("29 March by hour: %+v", spring.Rows)
		}
		theirs := salesReport(t, db, pierogi, report.Filter{From: "2026-10-25", To: "2026-10-26", GroupBy: report.ByVenue})
		if len(theirs.Rows) != 1 || theirs.Rows[0].Key != "rynek" || theirs.Totals.Gross%5000 != 0 || theirs.Currency != "PLN" {
			t.Errorf("pierogi's report: %+v", theirs)
		}
		_, err := db.SalesReport(context.Background(), pierogi, report.Filter{VenueSlug: "soho", From: "2026-10-25",
			To: "2026-10-26", GroupBy: report.ByDay})
		wantCode(t, err, 1404, "another scheme's venue")
	})
}
