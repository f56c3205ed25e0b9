package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// unlockReward gives a customer one available loyalty reward.
func unlockReward(t *testing.T, db *store.DB, schemeID, userID int64) int64 {
	t.Helper()
	var id int64
	err := db.WriteForTest(context.Background(), func(tx store.Querier) error {
		q := `INSERT INTO loyalty_rewards (scheme_id, user_id, title, status, created_at)
			VALUES (?, ?, 'Free burger', 'available', ?) RETURNING id`
		if db.Dialect() == store.Postgres {
			q = `INSERT INTO loyalty_rewards (scheme_id, user_id, title, status, created_at)
			VALUES ($1, $2, 'Free burger', 'available', $3) RETURNING id`
		}
		return tx.QueryRowContext(context.Background(), q, schemeID, userID, t0).Scan(&id)
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// rewardOrder stores an unpaid order of userID priced with the reward.
func rewardOrder(t *testing.T, db *store.DB, schemeID, userID, rewardID int64, key string) *ordering.Order {
	t.Helper()
	ctx := context.Background()
	v, err := db.VenueBySlug(ctx, schemeID, "soho")
	if err != nil {
		t.Fatal(err)
	}
	n := &ordering.NewOrder{IdempotencyKey: key, RequestHash: "h", Order: ordering.Order{SchemeID: schemeID,
		VenueID: v.ID, UserID: userID, OrderType: 1, IsASAP: true, Email: "ann@example.com", LoyaltyRewardID: rewardID,
		Pricing: ordering.Pricing{Currency: "GBP", Subtotal: 998, Discount: 499, DiscountSource: "reward", Total: 499},
		Lines:   []ordering.Line{{ItemID: 1, Title: "Cheesy Fries", Qty: 2, UnitPrice: 499, Total: 998}},
		Payment: ordering.Payment{Provider: "stripe"}}}
	o, _, err := db.CreateOrder(ctx, n, t0)
	if err != nil {
		t.Fatal(err)
	}
	if o.LoyaltyRewardID != rewardID {
		t.Fatalf("the order keeps reward %d, want %d", o.LoyaltyRewardID, rewardID)
	}
	if _, err := db.SetPaymentIntent(ctx, o.ID, "pi_"+key, "pi_"+key+"_secret", t0); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestLoyaltyRewardSpentOnce: one reward, N orders priced with it (none
// reserves it) and paid at once by webhooks: the reward is spent exactly
// once, by one order that stays pending; every other order is cancelled
// with a refund queued; replayed webhooks change nothing. The sandbox's
// StartPayment then refuses (3045) to charge an order whose reward is
// gone. Rejecting the winner gives the reward back.
func TestLoyaltyRewardSpentOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		ann, err := db.CreateGuest(ctx, schemeID, "h-ann", t0)
		if err != nil {
			t.Fatal(err)
		}
		reward := unlockReward(t, db, schemeID, ann.ID)
		if r, err := db.LoyaltyReward(ctx, schemeID, ann.ID, reward); err != nil || r.Title != "Free burger" {
			t.Fatalf("reward: %+v %v", r, err)
		}
		bob, err := db.CreateGuest(ctx, schemeID, "h-bob", t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.LoyaltyReward(ctx, schemeID, bob.ID, reward); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Fatalf("another customer's reward: %v", err)
		}

		const n = 8
		orders := make([]*ordering.Order, n)
		for i := range orders {
			orders[i] = rewardOrder(t, db, schemeID, ann.ID, reward, fmt.Sprintf("reward-%d", i))
		}
		pay := func() {
			var wg sync.WaitGroup
			for i, o := range orders {
				wg.Go(func() {
					intent := fmt.Sprintf("pi_reward-%d", i)
					if _, err := db.ApplyPaymentEvent(ctx, ordering.ProviderEvent{Kind: payments.EventSucceeded, IntentID: intent,
						OrderID: o.ID, Brand: "visa", Last4: "4242", Amount: 499, Currency: "gbp"}, t0); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		state := func() (winner int64, cancelled int) {
			for _, o := range orders {
				got, err := db.Order(ctx, schemeID, ann.ID, o.ID)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case got.Status == ordering.StatusPending && got.PaymentStatus == ordering.PayPaid:
					if winner != 0 {
						t.Errorf("orders %d and %d both kept the reward", winner, o.ID)
					}
					winner = o.ID
				case got.Status == ordering.StatusCancelled:
					cancelled++
				default:
					t.Errorf("order %d: %s / %s", o.ID, got.Status, got.PaymentStatus)
				}
			}
			return winner, cancelled
		}
		spentBy := func() (status string, order int64) {
			err := db.ReadForTest(ctx, func(tx store.Querier) error {
				q := "SELECT status, COALESCE(order_id, 0) FROM loyalty_rewards WHERE id = ?"
				if db.Dialect() == store.Postgres {
					q = "SELECT status, COALESCE(order_id, 0) FROM loyalty_rewards WHERE id = $1"
				}
				return tx.QueryRowContext(ctx, q, reward).Scan(&status, &order)
			})
			if err != nil {
				t.Fatal(err)
			}
			return status, order
		}
		refunds := func() int {
			var c int
			if err := db.ReadForTest(ctx, func(tx store.Querier) error {
				return tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM refunds").Scan(&c)
			}); err != nil {
				t.Fatal(err)
			}
			return c
		}

		pay()
		winner, cancelled := state()
		if winner == 0 || cancelled != n-1 {
			t.Fatalf("winner %d, %d cancelled; want one winner and %d cancelled", winner, cancelled, n-1)
		}
		if status, by := spentBy(); status != "spent" || by != winner {
			t.Fatalf("reward %s by %d, want spent by %d", status, by, winner)
		}
		if got := refunds(); got != n-1 {
			t.Errorf("%d refunds queued, want %d (every order that lost the reward)", got, n-1)
		}
		pay() // replayed webhooks
		if w, c := state(); w != winner || c != n-1 || refunds() != n-1 {
			t.Errorf("replayed webhooks changed the outcome: winner %d, %d cancelled, %d refunds", w, c, refunds())
		}

		// The sandbox path refuses before charging an order whose reward is gone.
		late := rewardOrder(t, db, schemeID, ann.ID, reward, "reward-late")
		_, _, err = db.StartPayment(ctx, schemeID, ann.ID, late.ID, false, t0)
		wantCode(t, err, platter.CodeRewardUnavailable, "paying with a spent reward")

		// A rejected (refunded) winner gives the reward back.
		if _, err := db.Transition(ctx, manager(schemeID, winner, ordering.StatusRejected), t0); err != nil {
			t.Fatal(err)
		}
		if status, by := spentBy(); status != "available" || by != 0 {
			t.Fatalf("after the winner was rejected the reward is %s (order %d)", status, by)
		}
		if _, claimed, err := db.StartPayment(ctx, schemeID, ann.ID, late.ID, false, t0); err != nil || !claimed {
			t.Fatalf("the reward given back cannot be paid with: %v %v", claimed, err)
		}
	})
}

// TestLostRewardCancelsThroughTheLifecycle: the order that loses its
// reward to another is cancelled like any step (before, it skipped the
// lifecycle): a status event with the reason, the customer's cancellation
// mail, its slot and use given back, one refund queued, and the refund
// worker poked at once by the commit (before, it waited for its 5 s poll).
func TestLostRewardCancelsThroughTheLifecycle(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		var pokes atomic.Int32
		db.SetRefundQueued(func() { pokes.Add(1) })
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		ann, err := db.CreateGuest(ctx, schemeID, "h-ann", t0)
		if err != nil {
			t.Fatal(err)
		}
		reward := unlockReward(t, db, schemeID, ann.ID)
		winner := rewardOrder(t, db, schemeID, ann.ID, reward, "lost-1")
		loser := rewardOrder(t, db, schemeID, ann.ID, reward, "lost-2")
		for i, o := range []*ordering.Order{winner, loser} {
			ev := ordering.ProviderEvent{Kind: payments.EventSucceeded, IntentID: fmt.Sprintf("pi_lost-%d", i+1), OrderID: o.ID,
				Amount: 499, Currency: "GBP"}
			if _, err := db.ApplyPaymentEvent(ctx, ev, t0); err != nil {
				t.Fatal(err)
			}
		}
		if got := pokes.Load(); got != 1 {
			t.Errorf("the refund worker was poked %d times, want 1 (by the loser's commit)", got)
		}
		d, err := db.OrderDetail(ctx, schemeID, loser.ID, ordering.Reach{SchemeWide: true})
		if err != nil {
			t.Fatal(err)
		}
		last := d.History[len(d.History)-1]
		if d.Status != ordering.StatusCancelled || last.Status != ordering.StatusCancelled || last.Reason != "reward already used" {
			t.Fatalf("loser: %s, last event %+v", d.Status, last)
		}
		kinds := map[string]int{}
		err = db.ReadForTest(ctx, func(tx store.Querier) error {
			rows, err := tx.QueryContext(ctx, "SELECT kind FROM mail_outbox ORDER BY id")
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var k string
				if err := rows.Scan(&k); err != nil {
					return err
				}
				kinds[k]++
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		if kinds[store.MailOrderCanceled] != 1 || kinds[store.MailOrderReceived] != 1 {
			t.Errorf("mail queued %v: want the winner's receipt and the loser's cancellation", kinds)
		}
		var refunds int
		if err := db.ReadForTest(ctx, func(tx store.Querier) error {
			return tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM refunds WHERE order_id = "+itoa(loser.ID)).Scan(&refunds)
		}); err != nil || refunds != 1 {
			t.Fatalf("refunds of the loser: %d, %v", refunds, err)
		}
	})
}

func itoa(n int64) string { return fmt.Sprint(n) }
