package httpapi_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestOffers: the AUTO_APPLY offer applies itself where the basket
// qualifies and not with reward_id -1; the CLAIM offer applies when its
// reward_id is sent, once per customer: paid, it leaves user/offers.
func TestOffers(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		res := e.call("user/offers", filter("business_slug", "demo-burgers"), ann...)
		offers := res.Body["data"].([]any)
		if len(offers) != 2 {
			t.Fatalf("offers: %s", res.Raw)
		}
		auto, claim := offers[0].(map[string]any), offers[1].(map[string]any)
		if auto["button_kind"] != 0.0 || claim["button_kind"] != 1.0 {
			t.Fatalf("kinds: %v %v", auto, claim)
		}
		big := []any{m.line(t, "Cheesy Fries", 9)} // £44.91
		d := e.call("orders/quote", checkoutBody(big), ann...).data(t)
		if p := pricingOf(t, d); p["discount"] != 500 || d["reward_id"] != auto["reward_id"] {
			t.Errorf("AUTO_APPLY: %v reward %v", p, d["reward_id"])
		}
		d = e.call("orders/quote", checkoutBody(big, "reward_id", -1), ann...).data(t)
		if p := pricingOf(t, d); p["discount"] != 0 || d["reward_id"] != -1.0 {
			t.Errorf("reward -1: %v", p)
		}
		small := []any{m.line(t, "Cheesy Fries", 3)} // £14.97: under £40, AUTO_APPLY stays out
		if p := pricingOf(t, e.call("orders/quote", checkoutBody(small), ann...).data(t)); p["discount"] != 0 {
			t.Errorf("AUTO_APPLY under its minimum: %v", p)
		}
		body := checkoutBody(small, "reward_id", claim["reward_id"], "idempotency_key", "key-claim-1")
		order := e.call("orders/prepare", body, ann...).data(t)["order"].(map[string]any)
		if p := pricingOf(t, order); p["discount"] != 325 || order["reward_id"] != claim["reward_id"] ||
			order["pricing"].(map[string]any)["discount_source"] != "reward" {
			t.Errorf("CLAIM: %v", order)
		}
		confirm(e, ann, order["id"], card("4242424242424242")).data(t)
		if left := e.call("user/offers", filter(), ann...).Body["data"].([]any); len(left) != 1 {
			t.Errorf("after the CLAIM reward was spent: %v", left)
		}
		e.call("orders/prepare", checkoutBody(small, "reward_id", claim["reward_id"], "idempotency_key", "key-claim-2"),
			ann...).wantError(t, 422, 3045)

		// A re-import without offers withdraws them from checkout at once.
		doc, problems := catalog.ParseSchemeDoc(demo.Documents()[0].Data)
		if len(problems) > 0 || doc.BusinessSlug != "demo-burgers" {
			t.Fatalf("demo document: %v", problems)
		}
		doc.Offers = nil
		if _, err := db.ImportScheme(context.Background(), doc); err != nil {
			t.Fatal(err)
		}
		if p := pricingOf(t, e.call("orders/quote", checkoutBody(big), ann...).data(t)); p["discount"] != 0 {
			t.Errorf("a withdrawn AUTO_APPLY offer still applies: %v", p)
		}
	})
}

func TestTippingGet(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		d := e.call("tipping/get", filter("business_slug", "demo-burgers", "venue_slug", "soho")).data(t)
		if d["enabled"] != true || fmt.Sprint(d["percents"]) != "[0 10 15 20]" || d["default_percent"] != 10.0 ||
			d["allow_custom"] != true || d["max_percent"] != 50.0 {
			t.Errorf("tipping: %v", d)
		}
		e.call("tipping/get", filter("business_slug", "demo-burgers", "venue_slug", "nowhere")).wantError(t, 404, 1404)
	})
}

// TestSlotPlaces: 20 customers prepare at once for a pickup slot with 3
// places: exactly 3 get it, the rest hear the slot is full. An order that
// expires unpaid gives its place back.
func TestSlotPlaces(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		execSQL(t, db, "UPDATE venues SET pickup_slot_capacity = 3 WHERE slug = 'soho'")
		slot := "2026-03-03T13:00:00Z" // tomorrow 13:00 in London
		body := func(i int) map[string]any {
			return checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", fmt.Sprintf("key-slot-%03d", i),
				"is_asap", false, "preorder_for", slot)
		}
		guests := make([][]string, 20)
		for i := range guests {
			guests[i] = signIn(t, e, "demo-burgers", "")
		}
		var (
			wg         sync.WaitGroup
			mu         sync.Mutex
			got, full  int
			firstOwner []string
			firstID    any
		)
		for i := range guests {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.call("orders/prepare", body(i), client(i, guests[i])...)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case res.Status == 200:
					got++
					firstOwner, firstID = guests[i], res.data(t)["order"].(map[string]any)["id"]
				case int(num(res.Body["code"])) == 3105:
					full++
				default:
					t.Errorf("prepare %d: %s", i, res.Raw)
				}
			}()
		}
		wg.Wait()
		if got != 3 || full != 17 {
			t.Fatalf("%d got a place, %d heard the slot is full; want 3 and 17", got, full)
		}
		// One pays; the other two expire and give their places back.
		confirm(e, firstOwner, firstID, card("4242424242424242")).data(t)
		clk.Add(30 * time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 2 || err != nil {
			t.Fatalf("expired %d: %v", n, err)
		}
		for i := 100; i < 102; i++ {
			if res := e.call("orders/prepare", body(i), client(i, signIn(t, e, "demo-burgers", ""))...); res.Status != 200 {
				t.Errorf("after expiry: %s", res.Raw)
			}
		}
		e.call("orders/prepare", body(102), client(102, signIn(t, e, "demo-burgers", ""))...).wantError(t, 422, 3105)
	})
}
