package httpapi_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The unpaid-order cap (issue 18): one guest could prepare unlimited
// unpaid orders, and 3 filled a slot of capacity 3, 5 a 5-use promo code,
// for 30 minutes, again and again.

// prepareAll sends every body at once, each with its caller's headers, and
// returns the answers in order.
func prepareAll(e *env, bodies []map[string]any, callers [][]string) []*response {
	out := make([]*response, len(bodies))
	var wg sync.WaitGroup
	for i := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = e.call("orders/prepare", bodies[i], callers[i]...)
		}()
	}
	wg.Wait()
	return out
}

// TestUnpaidOrderCapPerSession: one guest preparing 8 orders at once gets
// 3; the rest hear 1429, in their language, with Retry-After until the
// first of them lapses (30 minutes: they hold nothing scarce).
func TestUnpaidOrderCapPerSession(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := client(1, signIn(t, e, "demo-burgers", ""))
		bodies, callers := []map[string]any{}, [][]string{}
		for i := range 8 {
			bodies = append(bodies, checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", fmt.Sprintf("cap-key-%d", i)))
			callers = append(callers, client(i, ann[:2])) // one session, from 8 addresses
		}
		ok, limited := 0, 0
		for i, res := range prepareAll(e, bodies, callers) {
			switch {
			case res.Status == 200:
				ok++
			case res.Status == 429 && int(num(res.Body["code"])) == 1429:
				limited++
				if res.Header.Get("Retry-After") != "1800" {
					t.Errorf("Retry-After %q, want 1800", res.Header.Get("Retry-After"))
				}
			default:
				t.Errorf("prepare %d: %s", i, res.Raw)
			}
		}
		if ok != 3 || limited != 5 {
			t.Fatalf("%d prepared, %d refused; want 3 and 5", ok, limited)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM orders"); n != 3 {
			t.Errorf("%d orders stored", n)
		}
		more := checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", "cap-key-more")
		res := e.call("orders/prepare", more, ann...)
		res.wantError(t, 429, 1429)
		if res.Body["message"] != "You already have several unpaid orders. Pay for one of them, or wait a few minutes for them to lapse, then try again." {
			t.Errorf("en-US: %s", res.Raw)
		}
		res = e.call("orders/prepare", more, append(ann, "Accept-Language", "pl-PL")...)
		if res.Body["message"] != "Masz już kilka nieopłaconych zamówień. Opłać jedno z nich lub odczekaj kilka minut, aż wygasną, i spróbuj ponownie." {
			t.Errorf("pl-PL: %s", res.Raw)
		}
		// A retry of an order it holds is still answered.
		if res := e.call("orders/prepare", bodies[0], ann...); res.Status != 200 && res.Status != 429 {
			t.Errorf("retry: %s", res.Raw)
		}
		// Paying one makes room for one more.
		var id any
		for i := range bodies {
			if res := e.call("orders/prepare", bodies[i], ann...); res.Status == 200 {
				id = res.data(t)["order"].(map[string]any)["id"]
				break
			}
		}
		confirm(e, ann, id, card("4242424242424242")).data(t)
		if res := e.call("orders/prepare", more, ann...); res.Status != 200 {
			t.Errorf("after paying one: %s", res.Raw)
		}
		e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", "cap-key-last"), ann...).
			wantError(t, 429, 1429)
		clk.Add(30 * time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 3 || err != nil {
			t.Fatalf("expired %d: %v", n, err)
		}
		if res := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", "cap-key-last"),
			ann...); res.Status != 200 {
			t.Errorf("after expiry: %s", res.Raw)
		}
	})
}

// TestUnpaidOrderCapPerClientAndPromo: 24 prepares at once with a promo
// code of 5 uses, from 4 addresses (3 guests each, each guest twice): no
// address holds more than 3 open unpaid orders, no guest more than 3, and
// exactly 5 get the code. Orders holding a limited promo use (or a place
// of a limited slot) lapse after 10 minutes, giving the uses back.
func TestUnpaidOrderCapPerClientAndPromo(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		execSQL(t, db, `INSERT INTO promo_codes (scheme_id, code, kind, percent_bp, max_uses)
			SELECT id, 'FIVE', 'percent', 1000, 5 FROM schemes WHERE slug = 'demo-burgers'`)
		bodies, callers, addr := []map[string]any{}, [][]string{}, []int{}
		for a := range 4 {
			for g := range 3 {
				guest := signIn(t, e, "demo-burgers", "")
				for k := range 2 {
					bodies = append(bodies, checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "promocode", "FIVE",
						"idempotency_key", fmt.Sprintf("five-%d-%d-%d", a, g, k), "user_email", fmt.Sprintf("c%d%d@example.com", a, g)))
					callers = append(callers, client(a, guest))
					addr = append(addr, a)
				}
			}
		}
		won, perAddr := 0, map[int]int{}
		for i, res := range prepareAll(e, bodies, callers) {
			switch code := int(num(res.Body["code"])); {
			case res.Status == 200:
				won++
				perAddr[addr[i]]++
			case code == 1429 || code == 3043:
			default:
				t.Errorf("prepare %d: %s", i, res.Raw)
			}
		}
		if won != 5 {
			t.Errorf("%d orders got the code, want 5", won)
		}
		for a, n := range perAddr {
			if n > 3 {
				t.Errorf("address %d holds %d unpaid orders", a, n)
			}
		}
		uses := func() int { return count(t, db, "SELECT uses FROM promo_codes WHERE code = 'FIVE'") }
		if uses() != 5 {
			t.Errorf("uses %d", uses())
		}
		// Six guests at once from one more address: three get an order.
		bodies, callers = nil, nil
		for g := range 6 {
			bodies = append(bodies, checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", fmt.Sprintf("one-addr-%d", g)))
			callers = append(callers, client(200, signIn(t, e, "demo-burgers", "")))
		}
		ok := 0
		for i, res := range prepareAll(e, bodies, callers) {
			switch {
			case res.Status == 200:
				ok++
			case int(num(res.Body["code"])) == 1429:
				if res.Body["message"] != "Too many unpaid orders have been started from your network. Pay for one, or try again in a few minutes." {
					t.Errorf("per address: %s", res.Raw)
				}
			default:
				t.Errorf("prepare %d from one address: %s", i, res.Raw)
			}
		}
		if ok != 3 {
			t.Errorf("%d of 6 guests from one address got an order, want 3", ok)
		}

		clk.Add(10 * time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 5 || err != nil {
			t.Fatalf("expired %d after 10 minutes: %v; want the 5 holding the code (not the 3 holding nothing)", n, err)
		}
		if uses() != 0 {
			t.Errorf("uses %d after the holds lapsed", uses())
		}
		res := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "promocode", "FIVE",
			"idempotency_key", "key-honest"), client(9, signIn(t, e, "demo-burgers", ""))...)
		if res.Status != 200 {
			t.Fatalf("the honest customer: %s", res.Raw)
		}
	})
}
