package httpapi_test

import (
	"fmt"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestErasureTakesGuestOrders: Łukasz orders as a guest with his address
// in capitals, then signs up; Łucja Żak, another person, orders as a guest
// too. Staff find them in any case and alphabet on both databases
// ("łukasz" finds Łukasz: SQLite's lower() is ASCII only). His export holds
// his guest order and its support request, not hers; his erasure blanks
// both of his, keeps their money, and leaves hers alone.
func TestErasureTakesGuestOrders(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		m := startTeam(t, db, (&clock{t: monday}).Now)
		e := m.env
		items := []any{sohoMenu(t, e).line(t, "Cheesy Fries", 3)}
		guestOrder := func(key, email, first, last string) int64 {
			g := signIn(t, e, "demo-burgers", "")
			prep := e.call("orders/prepare", checkoutBody(items, "idempotency_key", key, "user_email", email,
				"first_name", first, "last_name", last, "order_note", "Leave it by the door"), g...).data(t)
			id := prep["order"].(map[string]any)["id"]
			confirm(e, g, id, card("4242424242424242")).data(t)
			e.call("supports/insert", data("order_id", id, "kind", "quality_concern", "description", "Cold fries "+key),
				g...).data(t)
			return int64(num(id))
		}
		his := guestOrder("key-guest-0001", "LUKASZ@Example.com", "Łukasz", "Żak")
		hers := guestOrder("key-guest-0002", "lucja@example.com", "Łucja", "Żak")
		e.call("auth/signup", data("business_slug", "demo-burgers", "email", "lukasz@example.com", "password",
			"Sesame-open-1", "first_name", "Łukasz", "last_name", "Żak", "contact_number", "+447911123456")).data(t)
		acct := bearerOf(e.call("auth/verify", data("business_slug", "demo-burgers", "email", "lukasz@example.com",
			"code", lastCode(t, db, "lukasz@example.com"))), t)
		userID := num(e.call("user/info", nil, acct...).data(t)["id"])

		orders := func(q string) []int64 {
			res := e.call("admin/orders/search", filter("business_slug", "demo-burgers", "query", q), m.boss...)
			var ids []int64
			for _, o := range res.dataList(t) {
				ids = append(ids, int64(num(o.(map[string]any)["id"])))
			}
			return ids
		}
		for q, want := range map[string][]int64{"łukasz": {his}, "ŁUKASZ Ż": {his}, "żak": {hers, his},
			"Lukasz@EXAMPLE": {his}, "łucja żak": {hers}} {
			if got := orders(q); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("orders of %q: %v, want %v", q, got, want)
			}
		}
		customers := func(q string) string {
			res := e.call("admin/customers/list", filter("business_slug", "demo-burgers", "query", q), m.boss...)
			return fmt.Sprint(num(res.Body["total"]), customerRow(res, "lukasz@example.com") != nil)
		}
		for _, q := range []string{"łukasz", "ŁUKASZ ŻAK", "kasz ża"} {
			if got := customers(q); got != "1 true" {
				t.Errorf("customers of %q: %s, want Łukasz alone", q, got)
			}
		}

		ex := e.call("admin/customers/export", data("business_slug", "demo-burgers", "user_id", userID), m.boss...).data(t)
		exported := ex["orders"].([]any)
		sup := ex["support_requests"].([]any)
		if len(exported) != 1 || int64(num(exported[0].(map[string]any)["id"])) != his ||
			len(sup) != 1 || sup[0].(map[string]any)["description"] != "Cold fries key-guest-0001" {
			t.Fatalf("the export leaves out his guest order or holds hers: %v", ex)
		}
		total := count(t, db, "SELECT total FROM orders WHERE id = ?", his)

		e.call("admin/customers/erase", data("business_slug", "demo-burgers", "user_id", userID), m.boss...).data(t)
		for q, want := range map[string]int{
			`SELECT COUNT(*) FROM orders WHERE id = ? AND email = '' AND first_name = '' AND last_name = ''
				AND contact_number = '' AND note = '' AND search_email = '' AND search_name = ''`: 1,
			"SELECT COUNT(*) FROM support_requests WHERE order_id = ? AND description = ''": 1,
		} {
			if n := count(t, db, q, his); n != want {
				t.Errorf("his guest order after the erasure: %s: %d", q, n)
			}
			if n := count(t, db, q, hers); n != 0 {
				t.Errorf("her guest order was erased with his: %s", q)
			}
		}
		if n := count(t, db, "SELECT total FROM orders WHERE id = ?", his); n != total {
			t.Errorf("his guest order's total: %d, was %d", n, total)
		}
		if got := orders("łukasz"); len(got) != 0 {
			t.Errorf("his erased orders are still found by his name: %v", got)
		}
		if got := orders("żak"); fmt.Sprint(got) != fmt.Sprint([]int64{hers}) {
			t.Errorf("after the erasure, orders of żak: %v", got)
		}
	})
}
