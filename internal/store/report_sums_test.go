package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/report"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// Zones whose clocks change on other dates and by other steps than
// London's: St John's is 3½ hours behind UTC (2½ in summer), Lord Howe
// 10½ ahead in winter and 11 in summer (a half-hour change), Kathmandu
// 5¾ ahead all year.
const (
	stJohns   = "America/St_Johns"
	lordHowe  = "Australia/Lord_Howe"
	kathmandu = "Asia/Kathmandu"
)

// clockChanges are moments in 2026 when one of the venues' clocks change.
var clockChanges = []time.Time{
	time.Date(2026, 3, 8, 5, 30, 0, 0, time.UTC),   // St John's, forward
	time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC),   // London, forward
	time.Date(2026, 4, 4, 15, 0, 0, 0, time.UTC),   // Lord Howe, back
	time.Date(2026, 10, 3, 15, 30, 0, 0, time.UTC), // Lord Howe, forward
	time.Date(2026, 10, 25, 1, 0, 0, 0, time.UTC),  // London, back
	time.Date(2026, 11, 1, 4, 30, 0, 0, time.UTC),  // St John's, back
}

// importSumSchemes imports the burger scheme with soho in London and
// shoreditch in St John's, and the pierogi scheme with rynek on Lord Howe.
func importSumSchemes(t *testing.T, db *store.DB) (burgers, pierogi int64) {
	t.Helper()
	doc := mustParse(t, 0)
	for i := range doc.Venues {
		if doc.Venues[i].VenueSlug == "shoreditch" {
			doc.Venues[i].TimeZone = stJohns
		}
	}
	p := mustParse(t, 1)
	for i := range p.Venues {
		p.Venues[i].TimeZone = lordHowe
	}
	return mustImport(t, db, doc).SchemeID, mustImport(t, db, p).SchemeID
}

// TestReportSumsEqualTheOrders: 140 orders at random moments around six
// clock changes in three zones (London, St John's −3:30, Lord Howe's
// half-hour change), paid in the browser or by the webhook, some never
// paid or paid the wrong amount (refunded, never a sale), some rejected
// later (refunded in full) and some refunded in parts by staff over the
// following days. Every report — each grouping, the whole scheme and each
// venue, days around each change and the whole year — is the same from
// the running sums as summed from the orders, byte for byte; the sums are
// exactly what rebuilding them from the orders gives, and what migration
// 0033 sums on a database of these orders; a venue moved to Kathmandu
// (+5:45) by an import reads right at once (its sums dated afresh), and
// one moved some other way reads right from its orders until its sums are
// rebuilt.
func TestReportSumsEqualTheOrders(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers, pierogi := importSumSchemes(t, db)
		rng := rand.New(rand.NewPCG(33, 21))
		titles := []string{"Classic", "Cheesy Fries", "=Formula", "Zupa", "Classic "}
		for i := range 140 {
			schemeID, venue := burgers, []string{"soho", "shoreditch"}[rng.IntN(2)]
			if i%4 == 3 {
				schemeID, venue = pierogi, "rynek"
			}
			at := clockChanges[rng.IntN(len(clockChanges))].Add(time.Duration(rng.Int64N(80*3600)-40*3600) * time.Second)
			var lines []ordering.Line
			for p := range 1 + rng.IntN(3) {
				price := 100 + rng.Int64N(1500)
				lines = append(lines, ordering.Line{ItemID: int64(p + 1), Title: titles[rng.IntN(len(titles))], Qty: 1,
					UnitPrice: price, Total: price})
			}
			p := ordering.Pricing{Discount: rng.Int64N(3) * 40, Tip: rng.Int64N(3) * 50, ServiceCharge: rng.Int64N(2) * 33}
			orderType := rng.IntN(2)
			if orderType == 0 {
				p.DeliveryFee = 299
			}
			o := placeOrder(t, db, schemeID, venue, fmt.Sprintf("s%03d", i), orderType, lines, p,
				at.Add(-5*time.Minute))
			if _, err := db.SetPaymentIntent(ctx, o.ID, fmt.Sprintf("pi_%d", o.ID), "secret", at.Add(-4*time.Minute)); err != nil {
				t.Fatal(err)
			}
			switch rng.IntN(10) {
			case 0: // never paid
				continue
			case 1: // the wrong amount arrives: refunded, never a sale
				payByWebhook(t, db, o, o.Pricing.Total+1, at)
				continue
			case 2, 3, 4, 5:
				payInBrowser(t, db, o, at)
			default:
				payByWebhook(t, db, o, o.Pricing.Total, at)
			}
			later := func() time.Time { return at.Add(time.Duration(1+rng.Int64N(60*3600)) * time.Second) }
			switch rng.IntN(3) {
			case 0:
				ch := manager(schemeID, o.ID, ordering.StatusRejected)
				ch.Reason = "closed"
				if _, err := db.Transition(ctx, ch, later()); err != nil {
					t.Fatal(err)
				}
			case 1:
				if _, err := db.Transition(ctx, manager(schemeID, o.ID, ordering.StatusAccepted), at); err != nil {
					t.Fatal(err)
				}
				first := later()
				for k := range 1 + rng.IntN(3) {
					_ = staffRefund(db, o, 1+rng.Int64N(o.Pricing.Total/2), fmt.Sprintf("k%d", k),
						first.Add(time.Duration(k)*7*time.Hour))
				}
			}
		}
		var ranges [][2]string
		for _, c := range clockChanges {
			ranges = append(ranges, [2]string{c.AddDate(0, 0, -2).Format(time.DateOnly), c.AddDate(0, 0, 2).Format(time.DateOnly)},
				[2]string{c.Format(time.DateOnly), c.Format(time.DateOnly)})
		}
		ranges = append(ranges, [2]string{"2026-01-01", "2026-12-31"})
		sameReports(t, db, burgers, []string{"soho", "shoreditch"}, ranges)
		sameReports(t, db, pierogi, []string{"rynek"}, ranges)
		year, err := db.SalesReport(ctx, burgers, report.Filter{From: "2026-01-01", To: "2026-12-31", GroupBy: report.ByDay})
		if err != nil || year.Totals.Orders == 0 || year.Totals.Refunds == 0 {
			t.Fatalf("the year: %+v %v", year, err)
		}

		kept := sumTables(t, db)
		if err := db.RebuildReportSums(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if rebuilt := sumTables(t, db); rebuilt != kept {
			t.Errorf("sums kept by the writes:\n%s\nrebuilt from the orders:\n%s", kept, rebuilt)
		}

		// A database from before migration 0033: the migration sums its
		// orders as the writes would have.
		for _, q := range []string{"DROP TABLE report_sums", "DROP TABLE report_item_sums", "DROP TABLE report_zones",
			"DELETE FROM schema_migrations WHERE version = 33"} {
			if _, err := db.SQL().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if migrated := sumTables(t, db); migrated != kept {
			t.Errorf("sums kept by the writes:\n%s\nsummed by migration 0033:\n%s", kept, migrated)
		}

		// An import moves shoreditch to Kathmandu: its sums are dated
		// afresh in the import's transaction.
		doc := mustParse(t, 0)
		for i := range doc.Venues {
			if doc.Venues[i].VenueSlug == "shoreditch" {
				doc.Venues[i].TimeZone = kathmandu
			}
		}
		mustImport(t, db, doc)
		if n := sqlInt(t, db, "SELECT COUNT(*) FROM report_zones WHERE zone = ?", stJohns); n != 0 {
			t.Errorf("%d venues still dated in St John's after the import", n)
		}
		sameReports(t, db, burgers, []string{"soho", "shoreditch"}, ranges)
		moved, err := db.SalesReport(ctx, burgers, report.Filter{From: "2026-01-01", To: "2026-12-31", GroupBy: report.ByDay})
		if err != nil || moved.Totals != year.Totals {
			t.Errorf("after the move the year is %+v (%v), was %+v", moved.Totals, err, year.Totals)
		}
		// Moved back behind the store's back: its sums, dated in Kathmandu,
		// are passed over for its orders until they are rebuilt.
		if _, err := db.SQL().ExecContext(ctx, rebind(db, "UPDATE venues SET time_zone = ? WHERE slug = ?"), stJohns,
			"shoreditch"); err != nil {
			t.Fatal(err)
		}
		sameReports(t, db, burgers, []string{"soho", "shoreditch"}, ranges)
		if err := db.RebuildReportSums(ctx, burgers); err != nil {
			t.Fatal(err)
		}
		if n := sqlInt(t, db, "SELECT COUNT(*) FROM report_zones WHERE zone = ?", kathmandu); n != 0 {
			t.Errorf("%d venues still dated in Kathmandu after the rebuild", n)
		}
		sameReports(t, db, burgers, []string{"soho", "shoreditch"}, ranges)
	})
}

// TestReportSumsUnderConcurrentPaymentsAndRefunds: eight orders of the
// same venue and hour, each paid by the browser and the webhook at once
// (one of the two pays it), then three staff refunds of 40 % of each at
// once, all sixteen payments and twenty-four refunds racing: the report
// counts each order once and exactly the refunds made, to the penny, and
// the sums are what rebuilding them from the orders gives.
func TestReportSumsUnderConcurrentPaymentsAndRefunds(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers, _ := importSumSchemes(t, db)
		at := time.Date(2026, 10, 24, 23, 30, 0, 0, time.UTC) // 00:30 on the 25th in London, the night the clocks go back
		const n = 8
		orders := make([]*ordering.Order, n)
		for i := range orders {
			orders[i] = placeOrder(t, db, burgers, "soho", fmt.Sprintf("c%d", i), i%2,
				[]ordering.Line{{ItemID: 1, Title: "Classic", Qty: 1, UnitPrice: 1000, Total: 1000}},
				ordering.Pricing{Tip: int64(i) * 10}, at.Add(-5*time.Minute))
			if _, err := db.SetPaymentIntent(ctx, orders[i].ID, fmt.Sprintf("pi_%d", orders[i].ID), "s", at); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for _, o := range orders {
			wg.Go(func() { payInBrowserRace(t, db, o, at) })
			wg.Go(func() { payByWebhook(t, db, o, o.Pricing.Total, at) })
		}
		wg.Wait()
		for _, o := range orders {
			if _, err := db.Transition(ctx, manager(burgers, o.ID, ordering.StatusAccepted), at); err != nil {
				t.Fatal(err)
			}
		}
		for i, o := range orders {
			for k := range 3 {
				wg.Go(func() {
					// An hour apart, across the repeated 01:00 and into the next day.
					when := at.Add(time.Duration(1+k+i%2) * time.Hour)
					_ = staffRefund(db, o, o.Pricing.Total*4/10, fmt.Sprintf("c%d", k), when)
				})
			}
		}
		wg.Wait()
		f := report.Filter{From: "2026-10-24", To: "2026-10-26", GroupBy: report.ByVenue}
		got, err := db.SalesReport(ctx, burgers, f)
		if err != nil {
			t.Fatal(err)
		}
		var paid int64
		for _, o := range orders {
			paid += o.Pricing.Total
		}
		refunded := sqlInt(t, db, "SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE scheme_id = ?", burgers)
		made := sqlInt(t, db, "SELECT COUNT(*) FROM refunds WHERE scheme_id = ?", burgers)
		if got.Totals.Orders != n || got.Totals.Net != paid-refunded || got.Totals.Refunds != refunded || made != 2*n {
			t.Errorf("report %+v; %d orders paid %d, %d refunds of %d", got.Totals, n, paid, made, refunded)
		}
		sameReports(t, db, burgers, []string{"soho"}, [][2]string{{f.From, f.To}})
		kept := sumTables(t, db)
		if err := db.RebuildReportSums(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if rebuilt := sumTables(t, db); rebuilt != kept {
			t.Errorf("sums kept by the writes:\n%s\nrebuilt from the orders:\n%s", kept, rebuilt)
		}
	})
}
