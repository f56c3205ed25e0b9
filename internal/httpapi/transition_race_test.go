package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestTransitionsRaceOverHTTP: the manager accepts, the venue's staff
// reject and the customer cancels one paid order at the same moment, four
// times each. Exactly one of the twelve calls wins; every other is told 409
// (never a 500, nor a 503 from a database conflict left unretried); the
// order's history has one step out of pending, and a refund is queued
// exactly when the winner ended the order. Three orders, on both databases.
func TestTransitionsRaceOverHTTP(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		for range 3 {
			id := f.paidOrder(1)
			type attempt struct {
				who  kind
				path string
				body map[string]any
			}
			var attempts []attempt
			for range 4 {
				attempts = append(attempts,
					attempt{manager, "admin/orders/transition", data("order_id", id, "status", "accepted", "eta_minutes", 15)},
					attempt{venueStaf, "admin/orders/transition", data("order_id", id, "status", "rejected", "reason", "Out of buns")},
					attempt{owner, "orders/cancel", data("id", id)})
			}
			results := make([]*response, len(attempts))
			var wg sync.WaitGroup
			for i, a := range attempts {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[i] = f.e.call(a.path, a.body, f.auth(a.who)...)
				}()
			}
			wg.Wait()
			var won []attempt
			for i, r := range results {
				switch r.Status {
				case 200:
					won = append(won, attempts[i])
				case 409:
				default:
					t.Errorf("order %d: %s as %s answered %d: %s", id, attempts[i].path, attempts[i].who, r.Status, r.Raw)
				}
			}
			if len(won) != 1 {
				t.Fatalf("order %d: %d calls won, want 1: %v", id, len(won), won)
			}
			if steps := statusSteps(t, db, id); steps != 1 {
				t.Errorf("order %d: %d changes of status in its history, want 1:\n%s", id, steps, historyText(t, db, id))
			}
			refunds := count(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ?", id)
			accepted := count(t, db, "SELECT COUNT(*) FROM orders WHERE id = ? AND status = 'accepted'", id) == 1
			if want := map[bool]int{true: 0, false: 1}[accepted]; refunds != want {
				t.Errorf("order %d (won by %s, accepted %v): %d refunds queued, want %d", id, won[0].who, accepted, refunds, want)
			}
		}
	})
}

// statusSteps counts the changes of status along an order's history.
func statusSteps(t *testing.T, db *store.DB, id int64) int {
	t.Helper()
	steps, last := 0, ""
	for _, ev := range historyOf(t, db, id) {
		if ev[0] == "status" && last != "" && ev[1] != last {
			steps++
		}
		if ev[0] == "status" {
			last = ev[1]
		}
	}
	return steps
}

// historyText is an order's history as text, for failure messages.
func historyText(t *testing.T, db *store.DB, id int64) string {
	t.Helper()
	var b strings.Builder
	for _, ev := range historyOf(t, db, id) {
		fmt.Fprintf(&b, "  %s %s/%s by %s %q\n", ev[0], ev[1], ev[2], ev[3], ev[4])
	}
	return b.String()
}

// historyOf is an order's history: kind, status, payment status, actor, reason.
func historyOf(t *testing.T, db *store.DB, id int64) [][5]string {
	t.Helper()
	q := "SELECT kind, status, payment_status, actor, reason FROM order_events WHERE order_id = ? ORDER BY id"
	if db.Dialect() == store.Postgres {
		q = strings.Replace(q, "?", "$1", 1)
	}
	rows, err := db.SQL().Query(q, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][5]string
	for rows.Next() {
		var ev [5]string
		if err := rows.Scan(&ev[0], &ev[1], &ev[2], &ev[3], &ev[4]); err != nil {
			t.Fatal(err)
		}
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
