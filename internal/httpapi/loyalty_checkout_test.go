package httpapi_test

import (
	"context"
	"testing"

	"platter/internal/ordering"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestLoyaltyRewardAtCheckout: a customer's unlocked reward (user/info)
// prices an order at checkout: one unit of the cheapest line free, and no
// AUTO_APPLY offer beside it; another customer cannot use it; an offer's
// reward_id with it is refused. Two orders may be prepared with it (nothing
// is reserved); the first paid spends it, the second is refused before any
// charge (3045); an order that expires unpaid never touches it, and a paid
// one that is rejected gives it back.
func TestLoyaltyRewardAtCheckout(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		bob := signIn(t, e, "demo-burgers", "bob@example.com")
		annID := int64(num(e.call("user/info", nil, ann...).data(t)["id"]))
		schemeID := schemeOf(t, db)
		execSQL(t, db, `INSERT INTO loyalty_rewards (scheme_id, user_id, title, status, created_at)
			VALUES (?, ?, 'Free burger', 'available', ?)`, schemeID, annID, monday)
		rewards := func() []any {
			return e.call("user/info", nil, ann...).data(t)["rewards"].([]any)
		}
		rs := rewards()
		if len(rs) != 1 || rs[0].(map[string]any)["kind"] != "loyalty" {
			t.Fatalf("user/info rewards: %v", rs)
		}
		reward := num(rs[0].(map[string]any)["id"])

		// £59.88 of fries and a £2.49 cola: the big-order offer (AUTO_APPLY
		// from £40) would apply by itself; the reward replaces it.
		items := []any{m.line(t, "Cheesy Fries", 12), m.line(t, "Cola (330ml)", 1)}
		q := e.call("orders/quote", checkoutBody(items, "loyalty_reward_id", reward), ann...).data(t)
		p := pricingOf(t, q)
		if p["discount"] != 249 || p["total"] != p["subtotal"]-249 || num(q["loyalty_reward_id"]) != reward ||
			num(q["reward_id"]) != -1 || q["can_order"] != true {
			t.Fatalf("quote with the reward: %v", q)
		}
		if q := e.call("orders/quote", checkoutBody(items), ann...).data(t); pricingOf(t, q)["discount"] != 500 {
			t.Fatalf("without the reward the AUTO_APPLY offer applies: %v", q["pricing"])
		}
		e.call("orders/quote", checkoutBody(items, "loyalty_reward_id", reward, "reward_id", 1), ann...).
			wantError(t, 400, 1000)
		bq := e.call("orders/quote", checkoutBody(items, "loyalty_reward_id", reward), bob...).data(t)
		if bq["can_order"] != false || pricingOf(t, bq)["discount"] != 0 {
			t.Fatalf("another customer used the reward: %v", bq)
		}
		e.call("orders/prepare", checkoutBody(items, "loyalty_reward_id", reward, "idempotency_key", "key-bob-reward-1"), bob...).
			wantError(t, 422, 3045)

		prep := func(key string) any {
			d := e.call("orders/prepare", checkoutBody(items, "loyalty_reward_id", reward, "idempotency_key", key), ann...).data(t)
			o := d["order"].(map[string]any)
			if num(o["loyalty_reward_id"]) != reward || pricingOf(t, o)["discount"] != 249 {
				t.Fatalf("prepared order: %v", o)
			}
			return o["id"]
		}
		first, second, unpaid := prep("key-ann-reward-1"), prep("key-ann-reward-2"), prep("key-ann-reward-3")
		if len(rewards()) != 1 {
			t.Fatal("preparing reserved the reward")
		}
		confirm(e, ann, first, card("4242424242424242")).data(t)
		if len(rewards()) != 0 {
			t.Fatal("the paid order did not spend the reward")
		}
		confirm(e, ann, second, card("4242424242424242")).wantError(t, 422, 3045)
		if n := count(t, db, "SELECT COUNT(*) FROM payments WHERE order_id = ? AND attempts = 0", int64(num(second))); n != 1 {
			t.Error("an order whose reward was spent was charged")
		}

		clk.Add(ordering.UnpaidTTL)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); err != nil || n != 2 {
			t.Fatalf("expired %d, %v", n, err)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM loyalty_rewards WHERE status = 'spent' AND order_id = ?", int64(num(first))); n != 1 {
			t.Fatal("expiring other orders touched the spent reward")
		}
		_ = unpaid
		if _, err := db.Transition(context.Background(), ordering.Change{SchemeID: schemeID, OrderID: int64(num(first)),
			To: ordering.StatusRejected, Actor: ordering.ActorSystem, ActorRef: "system", Reason: "test",
			Reach: ordering.Reach{SchemeWide: true}}, clk.Now()); err != nil {
			t.Fatal(err)
		}
		if len(rewards()) != 1 {
			t.Fatal("a rejected order did not give its reward back")
		}
	})
}
