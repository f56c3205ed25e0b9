package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestRefundOnRejectExactlyOnce: rejecting a paid order queues one
// refund; two workers at once make one provider call; a call whose answer
// is lost is retried with the same idempotency key; the refund is
// recorded (order refunded, one event) exactly once.
func TestRefundOnRejectExactlyOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		for _, failFirst := range []int{0, 1} {
			o := paidOrder(t, db, schemeID, fmt.Sprintf("refund-%d", failFirst))
			if _, err := db.Transition(ctx, manager(schemeID, o.ID, ordering.StatusRejected), t0); err != nil {
				t.Fatalf("reject: %v", err)
			}
			if refund, err := db.RefundQueuedForTest(ctx, o.ID); err != nil || !refund {
				t.Fatalf("reject: refund queued %v, %v", refund, err)
			}
			p := &flaky{failFirst: failFirst}
			now := t0
			clock := func() time.Time { return now }
			workers := []*ordering.Service{ordering.NewService(db, p, nil, clock), ordering.NewService(db, p, nil, clock)}
			for round := 0; round <= failFirst; round++ {
				var wg sync.WaitGroup
				for _, w := range workers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if _, err := w.Refund(ctx); err != nil {
							t.Error(err)
						}
					}()
				}
				wg.Wait()
				now = now.Add(time.Hour) // past any retry wait
			}
			for _, w := range workers { // nothing left to do
				if worked, err := w.Refund(ctx); worked || err != nil {
					t.Fatalf("a worker found more work: %v %v", worked, err)
				}
			}
			if len(p.keys) != failFirst+1 {
				t.Fatalf("failFirst %d: provider called %d times, want %d", failFirst, len(p.keys), failFirst+1)
			}
			for _, k := range p.keys {
				if k != p.keys[0] {
					t.Fatalf("retries used different idempotency keys: %v", p.keys)
				}
			}
			d, err := db.OrderDetail(ctx, schemeID, o.ID, ordering.Reach{UserID: o.UserID})
			if err != nil {
				t.Fatal(err)
			}
			refunded := 0
			for _, e := range d.History {
				if e.PaymentStatus == ordering.PayRefunded {
					refunded++
				}
			}
			if d.Status != ordering.StatusRejected || d.PaymentStatus != ordering.PayRefunded || refunded != 1 {
				t.Fatalf("after refund: %s/%s with %d refund events", d.Status, d.PaymentStatus, refunded)
			}
		}
	})
}

// TestCustomerCancelsWhilePending: the customer cancels a pending unpaid
// order (nothing to refund) and a paid one (refund queued), but not one
// the venue accepted; a driver posts positions only on an order assigned
// to them and on its way.
func TestCustomerCancelsWhilePending(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		cancel := func(o *ordering.Order) (bool, error) {
			_, err := db.Transition(ctx, ordering.Change{SchemeID: schemeID, OrderID: o.ID,
				To: ordering.StatusCancelled, Actor: ordering.ActorCustomer, ActorRef: "customer",
				Reach: ordering.Reach{UserID: o.UserID}}, t0)
			if err != nil {
				return false, err
			}
			return db.RefundQueuedForTest(ctx, o.ID)
		}
		if refund, err := cancel(newOrder(t, db, schemeID, t0, "c-unpaid")); err != nil || refund {
			t.Fatalf("unpaid: %v %v", refund, err)
		}
		if refund, err := cancel(paidOrder(t, db, schemeID, "c-paid")); err != nil || !refund {
			t.Fatalf("paid: %v %v", refund, err)
		}
		accepted := paidOrder(t, db, schemeID, "c-accepted")
		if _, err := db.Transition(ctx, manager(schemeID, accepted.ID, ordering.StatusAccepted), t0); err != nil {
			t.Fatal(err)
		}
		_, err := cancel(accepted)
		wantCode(t, err, platter.CodeTransitionRefused, "cancel accepted")
		err = db.DriverLocation(ctx, schemeID, 77, accepted.ID, 51.5, -0.13, t0)
		wantCode(t, err, platter.CodeNotFound, "unassigned driver")
	})
}

// TestAutoRejectOnce: a paid order nobody accepted is rejected (and its
// refund queued) once its wait is over, exactly once with several
// instances running the job at once; an accepted order and one still
// within its wait are left alone.
func TestAutoRejectOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		var due []*ordering.Order
		for i := range 6 {
			due = append(due, paidOrder(t, db, schemeID, fmt.Sprintf("late-%d", i)))
		}
		accepted := paidOrder(t, db, schemeID, "accepted")
		if _, err := db.Transition(ctx, manager(schemeID, accepted.ID, ordering.StatusAccepted), t0); err != nil {
			t.Fatal(err)
		}
		const wait = 13 * time.Minute
		at := func(now time.Time) *ordering.Service {
			return ordering.NewService(db, payments.Sandbox{}, nil, func() time.Time { return now })
		}
		if n, err := at(t0.Add(wait-time.Second)).AutoReject(ctx, wait, 100); err != nil || n != 0 {
			t.Fatalf("before the wait is over: %d %v", n, err)
		}
		var (
			wg    sync.WaitGroup
			total atomic.Int32
		)
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := at(t0.Add(wait)).AutoReject(ctx, wait, 100)
				if err != nil {
					t.Error(err)
				}
				total.Add(int32(n))
			}()
		}
		wg.Wait()
		if total.Load() != 6 {
			t.Fatalf("rejected %d, want 6", total.Load())
		}
		for _, o := range append(due, accepted) {
			d, err := db.OrderDetail(ctx, schemeID, o.ID, ordering.Reach{UserID: o.UserID})
			if err != nil {
				t.Fatal(err)
			}
			want := ordering.StatusRejected
			if o == accepted {
				want = ordering.StatusAccepted
			}
			if d.Status != want {
				t.Errorf("order %d is %s, want %s", o.ID, d.Status, want)
			}
		}
		w := ordering.NewService(db, payments.Sandbox{}, nil, func() time.Time { return t0.Add(wait) })
		refunds := 0
		for {
			worked, err := w.Refund(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !worked {
				break
			}
			refunds++
		}
		if refunds != 6 {
			t.Fatalf("%d refunds made, want 6", refunds)
		}
	})
}

// TestEndedOrderGivesBackItsPromoUse: a rejected paid order and a
// cancelled unpaid one give back their promo code use (the customer may
// use a once-per-customer code again; the code's count goes down), and
// the unpaid one can no longer be paid. An order whose charge is under way
// cannot be cancelled until the charge answers (3054).
func TestEndedOrderGivesBackItsPromoUse(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		promo, err := db.PromoByCode(ctx, schemeID, "WELCOME10")
		if err != nil {
			t.Fatal(err)
		}
		withPromo := func(key string) *ordering.Order {
			g, err := db.CreateGuest(ctx, schemeID, "h-"+key, t0)
			if err != nil {
				t.Fatal(err)
			}
			v, err := db.VenueBySlug(ctx, schemeID, "soho")
			if err != nil {
				t.Fatal(err)
			}
			o, _, err := db.CreateOrder(ctx, &ordering.NewOrder{IdempotencyKey: key, RequestHash: "h",
				Use: &ordering.Use{PromoCodeID: promo.ID, EmailNorm: key + "@example.com"},
				Order: ordering.Order{SchemeID: schemeID, VenueID: v.ID, UserID: g.ID, OrderType: 1, IsASAP: true,
					Email: key + "@example.com", PromoCodeID: promo.ID, PromoCode: "WELCOME10",
					Pricing: ordering.Pricing{Currency: "GBP", Subtotal: 2000, Discount: 200, Total: 1800},
					Lines:   []ordering.Line{{ItemID: 1, Title: "Burger", Qty: 1, UnitPrice: 2000, Total: 2000}},
					Payment: ordering.Payment{Provider: "sandbox"}}}, t0)
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		uses := func() int {
			p, err := db.PromoByCode(ctx, schemeID, "WELCOME10")
			if err != nil {
				t.Fatal(err)
			}
			return p.Uses
		}
		unpaid, paid, charging := withPromo("unpaid"), withPromo("paid"), withPromo("charging")
		if _, claimed, err := db.StartPayment(ctx, schemeID, paid.UserID, paid.ID, false, t0); err != nil || !claimed {
			t.Fatal(claimed, err)
		}
		if _, err := db.FinishPayment(ctx, paid.ID, ordering.PaymentOutcome{Status: payments.Succeeded}, t0); err != nil {
			t.Fatal(err)
		}
		if _, claimed, err := db.StartPayment(ctx, schemeID, charging.UserID, charging.ID, false, t0); err != nil || !claimed {
			t.Fatal(claimed, err)
		}
		if got := uses(); got != 3 {
			t.Fatalf("uses before: %d", got)
		}
		cancel := func(o *ordering.Order) error {
			_, err := db.Transition(ctx, ordering.Change{SchemeID: schemeID, OrderID: o.ID, To: ordering.StatusCancelled,
				Actor: ordering.ActorCustomer, ActorRef: "customer", Reach: ordering.Reach{UserID: o.UserID}}, t0)
			return err
		}
		wantCode(t, cancel(charging), platter.CodePaymentInProgress, "cancel while charging")
		if err := cancel(unpaid); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.StartPayment(ctx, schemeID, unpaid.UserID, unpaid.ID, false, t0); platter.ErrorCode(err) != platter.CodeOrderNotPayable {
			t.Fatalf("paying a cancelled order: %v", err)
		}
		if _, err := db.Transition(ctx, manager(schemeID, paid.ID, ordering.StatusRejected), t0); err != nil {
			t.Fatal(err)
		}
		if got := uses(); got != 1 {
			t.Fatalf("uses after a cancel and a reject: %d, want 1 (the charging order's)", got)
		}
		if n, err := db.CustomerUses(ctx, promo.ID, 0, paid.UserID, "paid@example.com"); err != nil || n != 0 {
			t.Fatalf("the rejected order's customer still has %d uses (%v)", n, err)
		}
	})
}
