package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
	"platter/internal/pricing"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// mondayNoon is a Monday the demo's Soho venue is open (12:00 London).
var mondayNoon = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// checkoutOf is a pickup of two Cheesy Fries at Soho, ASAP, for a new
// guest of the demo scheme.
func checkoutOf(t *testing.T, db *store.DB, schemeID int64, guest, key, client string) ordering.CheckoutRequest {
	t.Helper()
	g, err := db.CreateGuest(context.Background(), schemeID, "h-"+guest, mondayNoon)
	if err != nil {
		t.Fatal(err)
	}
	var item int64
	for _, it := range mustMenu(t, db, "demo-burgers", "soho").Items {
		if it.Title == "Cheesy Fries" {
			item = it.ID
		}
	}
	return ordering.CheckoutRequest{Basket: ordering.Basket{SchemeSlug: "demo-burgers", SchemeID: schemeID,
		UserID: g.ID, EmailNorm: guest + "@example.com", VenueSlug: "soho", OrderType: catalog.OrderTypePickup,
		ASAP: true, Lines: []pricing.LineInput{{ItemID: item, Qty: 2}}},
		Email: guest + "@example.com", FirstName: "Ann", IdempotencyKey: key, RequestHash: "body-" + key,
		Lang: "en-US", Client: client}
}

// TestCheckoutConcurrentlyWithOneKey: twenty checkouts at once with one
// idempotency key and body make one order, and each answers it; the key
// with another body is 1409.
func TestCheckoutConcurrentlyWithOneKey(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		svc := ordering.NewService(db, payments.Sandbox{}, nil, func() time.Time { return mondayNoon })
		req := checkoutOf(t, db, schemeID, "ann", "key-one-order", "203.0.113.1")
		ids := make([]int64, 20)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, q, err := svc.Checkout(context.Background(), req)
				if err != nil {
					t.Errorf("checkout %d: %v", i, err)
					return
				}
				if q.Venue.Slug != "soho" || o.Pricing.Total != q.Pricing.Total {
					t.Errorf("checkout %d: venue %s, total %d, quoted %d", i, q.Venue.Slug, o.Pricing.Total, q.Pricing.Total)
				}
				ids[i] = o.ID
			}()
		}
		wg.Wait()
		for i := range ids {
			if ids[i] == 0 || ids[i] != ids[0] {
				t.Fatalf("checkouts answered orders %v, want one", ids)
			}
		}
		other := req
		other.RequestHash = "another body"
		_, _, err := svc.Checkout(context.Background(), other)
		wantCode(t, err, platter.CodeConflict, "the key with another body")
	})
}

// TestCheckoutCapsUnpaidOrdersPerClient: six guests behind one client
// address check out at once with PLATTER_UNPAID_ORDERS_MAX 2: two orders
// are made, the others are 1429; another client is not held back.
func TestCheckoutCapsUnpaidOrdersPerClient(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		svc := ordering.NewService(db, payments.Sandbox{}, nil, func() time.Time { return mondayNoon }).LimitUnpaid(2)
		reqs := make([]ordering.CheckoutRequest, 6)
		for i := range reqs {
			reqs[i] = checkoutOf(t, db, schemeID, fmt.Sprintf("g%d", i), fmt.Sprintf("key-cap-%d", i), "203.0.113.7")
		}
		codes := make([]int, len(reqs))
		var wg sync.WaitGroup
		for i := range reqs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := svc.Checkout(context.Background(), reqs[i]); err != nil {
					codes[i] = platter.ErrorCode(err)
				}
			}()
		}
		wg.Wait()
		made := 0
		for i, c := range codes {
			switch c {
			case 0:
				made++
			case platter.CodeRateLimited:
			default:
				t.Errorf("checkout %d: code %d", i, c)
			}
		}
		if made != 2 {
			t.Fatalf("%d orders made for one client, want 2 (codes %v)", made, codes)
		}
		if _, _, err := svc.Checkout(context.Background(), checkoutOf(t, db, schemeID, "h", "key-cap-other",
			"198.51.100.1")); err != nil {
			t.Fatalf("another client: %v", err)
		}
	})
}
