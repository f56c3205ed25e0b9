package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// dumpDB is every row of every table as text.
func dumpDB(t *testing.T, db *store.DB) string {
	t.Helper()
	q := "SELECT name FROM sqlite_master WHERE type = 'table'"
	if db.Dialect() == store.Postgres {
		q = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
	}
	rows, err := db.SQL().Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		_ = rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var b strings.Builder
	for _, tb := range tables {
		rows, err := db.SQL().Query("SELECT * FROM " + tb)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				if bs, ok := v.([]byte); ok {
					v = string(bs)
				}
				fmt.Fprint(&b, v, "\t")
			}
			b.WriteString("\n")
		}
		rows.Close()
	}
	return b.String()
}

// TestPrepareRetriedConcurrently: 100 concurrent retries of one prepare
// make one order, and every one of them answers it, even with a promo code
// the first one spent.
func TestPrepareRetriedConcurrently(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		body := checkoutBody([]any{m.line(t, "Cheesy Fries", 4)}, "idempotency_key", "key-retried-100",
			"promocode", "WELCOME10") // once per customer: a retry must not count as a second use
		ids := make([]any, 100)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.call("orders/prepare", body, ann...)
				if res.Status != 200 {
					t.Errorf("retry %d: %s", i, res.Raw)
					return
				}
				ids[i] = res.data(t)["order"].(map[string]any)["id"]
			}()
		}
		wg.Wait()
		for i := range ids {
			if ids[i] != ids[0] {
				t.Fatalf("retry %d answered order %v, retry 0 order %v", i, ids[i], ids[0])
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM orders"); n != 1 {
			t.Errorf("%d orders", n)
		}
	})
}

func count(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	if db.Dialect() == store.Postgres {
		for i := 1; strings.Contains(q, "?"); i++ {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	var n int
	if err := db.SQL().QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func execSQL(t *testing.T, db *store.DB, q string, args ...any) {
	t.Helper()
	if db.Dialect() == store.Postgres {
		for i := 1; strings.Contains(q, "?"); i++ {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	if _, err := db.SQL().Exec(q, args...); err != nil {
		t.Fatal(err)
	}
}

// TestPromoCodeUsesAreAtomic: 20 customers prepare at once with a code
// that has 5 uses left: exactly 5 get it, the rest are told it is used up.
// Expiry gives back the uses of orders never paid, not of paid ones.
func TestPromoCodeUsesAreAtomic(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		execSQL(t, db, `INSERT INTO promo_codes (scheme_id, code, kind, percent_bp, max_uses)
			SELECT id, 'FIVE', 'percent', 1000, 5 FROM schemes WHERE slug = 'demo-burgers'`)
		body := func(i int) map[string]any {
			return checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", fmt.Sprintf("key-five-%03d", i),
				"promocode", "five", "user_email", fmt.Sprintf("c%d@example.com", i))
		}
		guests := make([][]string, 20)
		for i := range guests {
			guests[i] = signIn(t, e, "demo-burgers", "")
		}
		var (
			wg     sync.WaitGroup
			mu     sync.Mutex
			won    []any
			usedUp int
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
					won = append(won, res.data(t)["order"].(map[string]any)["id"])
				case int(num(res.Body["code"])) == 3043:
					usedUp++
				default:
					t.Errorf("prepare %d: %s", i, res.Raw)
				}
			}()
		}
		wg.Wait()
		if len(won) != 5 || usedUp != 15 {
			t.Fatalf("%d got the code, %d were told it is used up; want 5 and 15", len(won), usedUp)
		}
		uses := func() int { return count(t, db, "SELECT uses FROM promo_codes WHERE code = 'FIVE'") }
		if uses() != 5 {
			t.Errorf("uses %d", uses())
		}

		// Two of the five pay; the other three expire unpaid after 30 minutes.
		payers := 0
		for i := range guests {
			if payers == 2 {
				break
			}
			for _, id := range won {
				if res := confirm(e, guests[i], id, card("4242424242424242")); res.Status == 200 {
					payers++
				}
			}
		}
		clk.Add(30 * time.Minute)
		n, err := db.ExpireOrders(context.Background(), clk.Now(), 100)
		if err != nil || n != 3 {
			t.Fatalf("expired %d, %v; want 3", n, err)
		}
		if uses() != 2 {
			t.Errorf("after expiry the code counts %d uses, want the 2 paid", uses())
		}
		if n, _ := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 0 {
			t.Errorf("expired again: %d", n)
		}
		// The uses given back can be taken again.
		late := signIn(t, e, "demo-burgers", "")
		if res := e.call("orders/prepare", body(99), client(99, late)...); res.Status != 200 {
			t.Errorf("after expiry: %s", res.Raw)
		}
	})
}

// TestUnpaidOrderExpires: after 30 minutes an unpaid order is cancelled;
// paying it then is refused, and WELCOME10, once per customer, is the
// customer's to use again.
func TestUnpaidOrderExpires(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		items := []any{m.line(t, "Cheesy Fries", 4)}
		order := e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-1", "promocode", "WELCOME10"),
			ann...).data(t)["order"].(map[string]any)
		if pricingOf(t, order)["discount"] != 200 {
			t.Errorf("WELCOME10: %v", order["pricing"])
		}
		e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-2", "promocode", "WELCOME10"), ann...).
			wantError(t, 422, 3044)

		clk.Add(29 * time.Minute)
		if n, _ := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 0 {
			t.Fatalf("expired %d orders at 29 minutes", n)
		}
		clk.Add(time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 1 || err != nil {
			t.Fatalf("expired %d orders at 30 minutes: %v", n, err)
		}
		confirm(e, ann, order["id"], card("4242424242424242")).wantError(t, 422, 3053)
		again := e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-3", "promocode", "WELCOME10"), ann...)
		if again.Status != 200 {
			t.Fatalf("WELCOME10 after expiry: %s", again.Raw)
		}
		id := again.data(t)["order"].(map[string]any)["id"]
		confirm(e, ann, id, card("4242424242424242")).data(t)
		clk.Add(time.Hour)
		if n, _ := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 0 {
			t.Errorf("a paid order expired")
		}
		e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-4", "promocode", "WELCOME10"), ann...).
			wantError(t, 422, 3044)
	})
}
