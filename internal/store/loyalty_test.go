package store_test

import (
	"context"
	"sync"
	"testing"

	"platter/internal/loyalty"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// stampOrder stores and pays a pickup order at soho of user that earns
// stamps.
func stampOrder(t *testing.T, db *store.DB, schemeID, userID int64, key string, stamps int64) int64 {
	t.Helper()
	ctx := context.Background()
	v, err := db.VenueBySlug(ctx, schemeID, "soho")
	if err != nil {
		t.Fatal(err)
	}
	n := &ordering.NewOrder{IdempotencyKey: key, RequestHash: "h", Order: ordering.Order{SchemeID: schemeID,
		VenueID: v.ID, UserID: userID, OrderType: 1, IsASAP: true, Email: "g@example.com",
		Pricing: ordering.Pricing{Currency: "GBP", Subtotal: stamps*1000 + 999, Total: stamps*1000 + 999, StampsEarned: stamps},
		Lines:   []ordering.Line{{ItemID: 1, Title: "Cheesy Fries", Qty: 1, UnitPrice: 499, Total: 499}},
		Payment: ordering.Payment{Provider: "sandbox"}}}
	o, _, err := db.CreateOrder(ctx, n, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, claimed, err := db.StartPayment(ctx, schemeID, userID, o.ID, false, t0); err != nil || !claimed {
		t.Fatal(claimed, err)
	}
	if _, err := db.FinishPayment(ctx, o.ID, ordering.PaymentOutcome{Status: payments.Succeeded}, t0); err != nil {
		t.Fatal(err)
	}
	return o.ID
}

func collect(t *testing.T, db *store.DB, schemeID, orderID int64) {
	t.Helper()
	for _, to := range []ordering.Status{ordering.StatusAccepted, ordering.StatusReadyToCollect, ordering.StatusCollected} {
		if _, err := db.Transition(context.Background(), manager(schemeID, orderID, to), t0); err != nil {
			t.Fatalf("%s: %v", to, err)
		}
	}
}

// TestStampsCreditedOnce: collecting an order credits its stamps with the
// transition, once however often (and concurrently) crediting is tried
// again; every 8 stamps (demo-burgers) become a reward; a rejected order
// earns nothing; another customer's card is untouched.
func TestStampsCreditedOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		ann, err := db.CreateGuest(ctx, schemeID, "h-ann", t0)
		if err != nil {
			t.Fatal(err)
		}
		bob, err := db.CreateGuest(ctx, schemeID, "h-bob", t0)
		if err != nil {
			t.Fatal(err)
		}
		card := func(userID int64) *loyalty.Card {
			t.Helper()
			l, err := db.LoyaltyOf(ctx, schemeID, userID)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}

		first := stampOrder(t, db, schemeID, ann.ID, "stamps-1", 5)
		if l := card(ann.ID); l.Balance != 0 || l.PerReward != 8 {
			t.Fatalf("before collection: %+v", l)
		}
		collect(t, db, schemeID, first)
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				if err := db.CreditStamps(ctx, first, t0); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if l := card(ann.ID); l.Balance != 5 || len(l.Rewards) != 0 {
			t.Fatalf("after the first order: %+v", l)
		}

		rejected := stampOrder(t, db, schemeID, ann.ID, "stamps-2", 30)
		if _, err := db.Transition(ctx, manager(schemeID, rejected, ordering.StatusRejected), t0); err != nil {
			t.Fatal(err)
		}
		second := stampOrder(t, db, schemeID, ann.ID, "stamps-3", 12)
		collect(t, db, schemeID, second)
		// 5 + 12 = 17: two rewards of 8, one stamp left.
		l := card(ann.ID)
		if l.Balance != 1 || len(l.Rewards) != 2 || l.Rewards[0].Title == "" {
			t.Fatalf("after the second order: %+v", l)
		}
		if l := card(bob.ID); l.Balance != 0 || len(l.Rewards) != 0 {
			t.Errorf("another customer's card: %+v", l)
		}
	})
}
