package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/report"
	"platter/internal/store"
)

// placeOrder stores an unpaid order of a fresh guest at a venue.
func placeOrder(t *testing.T, db *store.DB, schemeID int64, venue, key string, orderType int, lines []ordering.Line,
	p ordering.Pricing, made time.Time) *ordering.Order {
	t.Helper()
	ctx := context.Background()
	g, err := db.CreateGuest(ctx, schemeID, "h-"+key, made)
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.VenueBySlug(ctx, schemeID, venue)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		p.Subtotal += l.Total
	}
	p.Currency = "GBP"
	p.Total = p.Subtotal - p.Discount + p.ServiceCharge + p.DeliveryFee + p.Tip
	o, _, err := db.CreateOrder(ctx, &ordering.NewOrder{IdempotencyKey: key, RequestHash: "h", Order: ordering.Order{
		SchemeID: schemeID, VenueID: v.ID, UserID: g.ID, OrderType: orderType, IsASAP: true, Email: "g@example.com",
		Pricing: p, Lines: lines, Payment: ordering.Payment{Provider: "sandbox"}}}, made)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// payInBrowser pays an order as the browser's confirmation does.
func payInBrowser(t *testing.T, db *store.DB, o *ordering.Order, at time.Time) {
	t.Helper()
	ctx := context.Background()
	if _, claimed, err := db.StartPayment(ctx, o.SchemeID, o.UserID, o.ID, false, at); err != nil || !claimed {
		t.Errorf("claim order %d: %v %v", o.ID, claimed, err)
		return
	}
	if _, err := db.FinishPayment(ctx, o.ID, ordering.PaymentOutcome{Status: payments.Succeeded}, at); err != nil {
		t.Errorf("pay order %d: %v", o.ID, err)
	}
}

// payByWebhook pays an order as the provider's webhook does, with amount
// arriving (not the total: the order stays unpaid and the money goes back).
func payByWebhook(t *testing.T, db *store.DB, o *ordering.Order, amount int64, at time.Time) {
	t.Helper()
	if _, err := db.ApplyPaymentEvent(context.Background(), ordering.ProviderEvent{Kind: payments.EventSucceeded,
		IntentID: fmt.Sprintf("pi_%d", o.ID), OrderID: o.ID, Brand: "visa", Last4: "4242", Amount: amount,
		Currency: "gbp"}, at); err != nil {
		t.Errorf("webhook for order %d: %v", o.ID, err)
	}
}

// staffRefund refunds part of an accepted order as a manager does.
func staffRefund(db *store.DB, o *ordering.Order, amount int64, key string, at time.Time) error {
	_, _, err := db.RefundOrder(context.Background(), ordering.StaffRefund{Reach: ordering.Reach{SchemeWide: true},
		SchemeID: o.SchemeID, OrderID: o.ID, Amount: amount, Reason: "Cold chips", Key: key,
		ActorEmail: "boss@example.com", Actor: "manager:1"}, at)
	return err
}

// sameReports checks that every grouping of every range, for the whole
// scheme and each venue, reads the same from the sums as from the orders:
// the same JSON and the same CSV file, byte for byte.
func sameReports(t *testing.T, db *store.DB, schemeID int64, venues []string, ranges [][2]string) {
	t.Helper()
	ctx := context.Background()
	for _, r := range ranges {
		for _, venue := range append([]string{""}, venues...) {
			for _, g := range []report.GroupBy{report.ByDay, report.ByHour, report.ByItem, report.ByVenue,
				report.ByOrderType} {
				f := report.Filter{VenueSlug: venue, From: r[0], To: r[1], GroupBy: g}
				got, err := db.SalesReport(ctx, schemeID, f)
				if err != nil {
					t.Fatalf("%+v: %v", f, err)
				}
				want, err := db.SalesReportFromOrders(ctx, schemeID, f)
				if err != nil {
					t.Fatalf("%+v from the orders: %v", f, err)
				}
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(want)
				var gc, wc bytes.Buffer
				if err := report.WriteCSV(&gc, g, got); err != nil {
					t.Fatal(err)
				}
				if err := report.WriteCSV(&wc, g, want); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(gj, wj) || !bytes.Equal(gc.Bytes(), wc.Bytes()) {
					t.Errorf("%+v:\n sums   %s\n orders %s", f, gj, wj)
				}
			}
		}
	}
}

// sumTables is the running sums' rows, in order.
func sumTables(t *testing.T, db *store.DB) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT scheme_id, day, venue_id, hour, order_type, orders, gross, discounts, tips, delivery_fees, paid, refunds
			FROM report_sums ORDER BY scheme_id, day, venue_id, hour, order_type`,
		"SELECT scheme_id, day, venue_id, title, orders, gross, 0, 0, 0, 0, 0, 0 FROM report_item_sums ORDER BY 1, 2, 3, 4",
		"SELECT venue_id, zone, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM report_zones ORDER BY 1, 2",
	} {
		rows, err := db.SQL().Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			v := make([]string, 12)
			ptrs := make([]any, 12)
			for i := range v {
				ptrs[i] = &v[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			b.WriteString(strings.Join(v, " ") + "\n")
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// payInBrowserRace pays an order in the browser while the webhook may pay
// it first: the claim may find it paid already.
func payInBrowserRace(t *testing.T, db *store.DB, o *ordering.Order, at time.Time) {
	ctx := context.Background()
	_, claimed, err := db.StartPayment(ctx, o.SchemeID, o.UserID, o.ID, false, at)
	if err != nil || !claimed {
		return // the webhook paid it first
	}
	if _, err := db.FinishPayment(ctx, o.ID, ordering.PaymentOutcome{Status: payments.Succeeded}, at); err != nil {
		t.Errorf("pay order %d: %v", o.ID, err)
	}
}
