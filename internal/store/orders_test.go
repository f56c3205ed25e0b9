package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// newOrder stores an unpaid order of a fresh guest at soho, at now.
func newOrder(t *testing.T, db *store.DB, schemeID int64, now time.Time, key string) *ordering.Order {
	t.Helper()
	ctx := context.Background()
	g, err := db.CreateGuest(ctx, schemeID, "h-"+key, now)
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.VenueBySlug(ctx, schemeID, "soho")
	if err != nil {
		t.Fatal(err)
	}
	n := &ordering.NewOrder{IdempotencyKey: key, RequestHash: "h", Order: ordering.Order{SchemeID: schemeID,
		VenueID: v.ID, UserID: g.ID, OrderType: 1, IsASAP: true, Email: "g@example.com",
		Pricing: ordering.Pricing{Currency: "GBP", Subtotal: 499, Total: 499},
		Lines:   []ordering.Line{{ItemID: 1, Title: "Cheesy Fries", Qty: 1, UnitPrice: 499, Total: 499}},
		Payment: ordering.Payment{Provider: "sandbox"}}}
	o, _, err := db.CreateOrder(ctx, n, now)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestExpiryRunsOnceAcrossInstances: several expiry jobs (as on several
// instances) running at once cancel each unpaid order exactly once, leave
// paid ones and ones not yet due alone.
func TestExpiryRunsOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		for i := range 25 {
			newOrder(t, db, schemeID, now, fmt.Sprintf("due-%02d", i))
		}
		paid := newOrder(t, db, schemeID, now, "paid")
		if _, claimed, err := db.StartPayment(ctx, schemeID, paid.UserID, paid.ID, false, now); err != nil || !claimed {
			t.Fatal(claimed, err)
		}
		if _, err := db.FinishPayment(ctx, paid.ID, ordering.PaymentOutcome{Status: "succeeded"}, now); err != nil {
			t.Fatal(err)
		}
		later := newOrder(t, db, schemeID, now.Add(10*time.Minute), "later")

		at := now.Add(ordering.UnpaidTTL)
		var (
			wg    sync.WaitGroup
			mu    sync.Mutex
			total int
		)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					n, err := db.ExpireOrders(ctx, at, 3)
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					total += n
					mu.Unlock()
					if n == 0 {
						return
					}
				}
			}()
		}
		wg.Wait()
		if total != 25 {
			t.Errorf("expired %d orders, want 25", total)
		}
		for _, o := range []*ordering.Order{paid, later} {
			got, err := db.Order(ctx, schemeID, o.UserID, o.ID)
			if err != nil || got.Status != ordering.StatusPending {
				t.Errorf("order %d: %+v %v", o.ID, got, err)
			}
		}
	})
}

// TestOrderNumbersConcurrent: prepares of one scheme at once each get their
// own number, 1…N with none skipped or repeated.
func TestOrderNumbersConcurrent(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		v, err := db.VenueBySlug(ctx, schemeID, "soho")
		if err != nil {
			t.Fatal(err)
		}
		const n = 12
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			seen = map[int64]bool{}
		)
		for i := range n {
			g, err := db.CreateGuest(ctx, schemeID, fmt.Sprintf("num-%d", i), now)
			if err != nil {
				t.Fatal(err)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, _, err := db.CreateOrder(ctx, &ordering.NewOrder{IdempotencyKey: fmt.Sprintf("num-%d", i), RequestHash: "h",
					Order: ordering.Order{SchemeID: schemeID, VenueID: v.ID, UserID: g.ID, OrderType: 1, IsASAP: true,
						Pricing: ordering.Pricing{Currency: "GBP", Subtotal: 499, Total: 499},
						Lines:   []ordering.Line{{ItemID: 1, Title: "Cheesy Fries", Qty: 1, UnitPrice: 499, Total: 499}},
						Payment: ordering.Payment{Provider: "sandbox"}}}, now)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if seen[o.Number] {
					t.Errorf("order number %d given twice", o.Number)
				}
				seen[o.Number] = true
			}()
		}
		wg.Wait()
		for k := int64(1); k <= n; k++ {
			if !seen[k] {
				t.Errorf("order number %d not given (numbers %v)", k, seen)
			}
		}
	})
}

// TestCreateOrderOtherUniqueViolation: a unique violation in CreateOrder
// that is not the idempotency key's (here an order number handed out
// twice, after the counter was set back) is a fault of ours (1500), not
// read as a retry that lost a race (which would look for an order under
// the new key and answer 1404).
func TestCreateOrderOtherUniqueViolation(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		first := newOrder(t, db, schemeID, now, "first")
		if _, err := db.SQL().Exec(rebind(db, "UPDATE order_numbers SET last_number = 0 WHERE scheme_id = ?"), schemeID); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		n := &ordering.NewOrder{IdempotencyKey: "second", RequestHash: "h", Order: ordering.Order{SchemeID: schemeID,
			VenueID: first.VenueID, UserID: first.UserID, OrderType: 1, IsASAP: true, Email: "g@example.com",
			Pricing: ordering.Pricing{Currency: "GBP", Subtotal: 499, Total: 499},
			Lines:   []ordering.Line{{ItemID: 1, Title: "Cheesy Fries", Qty: 1, UnitPrice: 499, Total: 499}},
			Payment: ordering.Payment{Provider: "sandbox"}}}
		_, _, err := db.CreateOrder(ctx, n, now)
		if code := platter.ErrorCode(err); code != platter.CodeInternal {
			t.Fatalf("order number taken twice: code %d (%v), want 1500", code, err)
		}
		// The same key again is a retry like any other.
		again, replay, err := db.CreateOrder(ctx, &ordering.NewOrder{IdempotencyKey: "first", RequestHash: "h",
			Order: n.Order}, now)
		if err != nil || !replay || again.ID != first.ID {
			t.Fatalf("retry of the first: %v %v %v", again, replay, err)
		}
	})
}
