package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// Promised times and auto-reject (docs/architecture.md §6): the walk of issue 18 found
// a paid pickup for 18:00 rejected and refunded at 16:48, and a 19:15
// pre-order accepted with "ready in 20 min" promised for 18:04.

// placeOrder prepares and pays an order of the owner at soho, at the
// fixture's clock: ASAP when slot is "", else for that slot (UTC, London
// is on GMT in March); delivery or pickup.
func placeOrder(f *permFixture, slot string, delivery bool) int64 {
	f.t.Helper()
	f.keys++
	body := f.checkout(fmt.Sprintf("promise-%04d", f.keys))
	d := body["data"].(map[string]any)
	if slot == "" {
		d["is_asap"], d["preorder_for"] = true, nil
	} else {
		d["preorder_for"] = slot
	}
	if delivery {
		d["order_type"] = 0
		d["items"] = []any{map[string]any{"item_id": f.fries, "qty": 3}}
		d["delivery_address"] = deliveryAddress(map[string]any{"latitude": 51.5145, "longitude": -0.1310})
	}
	res := f.e.call("orders/prepare", body, f.auth(owner)...)
	if res.Status != 200 {
		f.t.Fatalf("prepare: %s", res.Raw)
	}
	id := int64(num(res.data(f.t)["order"].(map[string]any)["id"]))
	confirm(f.e, f.auth(owner), id, card("4242424242424242")).data(f.t)
	return id
}

func orderStatus(f *permFixture, id int64) map[string]any {
	f.t.Helper()
	return f.e.call("orders/get", data("id", id), f.auth(owner)...).data(f.t)
}

// TestPreorderAutoReject: with PLATTER_AUTO_REJECT_MINUTES 13, an ASAP
// order paid at 16:35 is rejected at 16:48; a pickup for 18:00 paid at
// 16:35 waits until 13 minutes after its kitchen start (18:00 − 15 prep =
// 17:45), so 17:58; a delivery for 18:00 until 13 minutes after 17:20 (−15
// prep −25 delivery), so 17:33.
func TestPreorderAutoReject(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		f.clk.Add(4*time.Hour + 35*time.Minute) // Monday 16:35 London
		asap := placeOrder(f, "", false)
		pickup := placeOrder(f, "2026-03-02T18:00:00Z", false)
		delivery := placeOrder(f, "2026-03-02T18:00:00Z", true)
		for id, want := range map[int64]any{asap: nil, pickup: "2026-03-02T17:45:00Z", delivery: "2026-03-02T17:20:00Z"} {
			if got := orderStatus(f, id)["kitchen_at"]; got != want {
				t.Errorf("order %d: kitchen_at %v, want %v", id, got, want)
			}
		}
		const wait = 13 * time.Minute
		reject := func(at string) int {
			t.Helper()
			now, _ := time.Parse(time.RFC3339, at)
			svc := ordering.NewService(db, payments.Sandbox{}, nil, func() time.Time { return now })
			n, err := svc.AutoReject(context.Background(), wait, 100)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		want := func(id int64, status string) {
			t.Helper()
			if got := orderStatus(f, id)["status"]; got != status {
				t.Errorf("order %d: %v, want %s", id, got, status)
			}
		}
		if n := reject("2026-03-02T16:47:59Z"); n != 0 {
			t.Errorf("rejected %d at 16:47:59", n)
		}
		if n := reject("2026-03-02T16:48:00Z"); n != 1 {
			t.Errorf("rejected %d at 16:48, want the ASAP order", n)
		}
		want(asap, "rejected")
		want(pickup, "pending")
		want(delivery, "pending")
		if n := reject("2026-03-02T17:32:59Z"); n != 0 {
			t.Errorf("rejected %d at 17:32:59", n)
		}
		if n := reject("2026-03-02T17:33:00Z"); n != 1 {
			t.Errorf("rejected %d at 17:33, want the delivery", n)
		}
		want(delivery, "rejected")
		if n := reject("2026-03-02T17:57:59Z"); n != 0 {
			t.Errorf("rejected %d at 17:57:59", n)
		}
		if n := reject("2026-03-02T17:58:00Z"); n != 1 {
			t.Errorf("rejected %d at 17:58, want the pickup", n)
		}
		want(pickup, "rejected")
	})
}

// TestPromisedTimes: accepting a 19:15 pre-order confirms 19:15 whatever
// "ready in" the board sent; an ASAP delivery accepted "ready in 20" at
// 16:35 is expected 20 + 25 delivery minutes later; accepted with no
// eta_minutes, the venue's prep (+ busy minutes) counts. The eta event the
// streams carry says the same.
func TestPromisedTimes(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		f.clk.Add(4*time.Hour + 35*time.Minute) // Monday 16:35 London
		accept := func(id int64, kv ...any) string {
			t.Helper()
			res := f.e.call("admin/orders/transition", data(append([]any{"order_id", id, "status", "accepted"}, kv...)...),
				f.auth(manager)...)
			if res.Status != 200 {
				t.Fatalf("accept: %s", res.Raw)
			}
			got, _ := res.data(t)["expected_at"].(string)
			// The kitchen's "Ready by": the promise less the road for delivery.
			ready, _ := res.data(t)["ready_at"].(string)
			exp, _ := time.Parse(time.RFC3339, got)
			wantReady := exp
			if res.data(t)["order_type"] == 0.0 {
				wantReady = exp.Add(-25 * time.Minute)
			}
			if ready != wantReady.UTC().Format(time.RFC3339) {
				t.Errorf("ready_at %s with expected_at %s (order type %v)", ready, got, res.data(t)["order_type"])
			}
			if o := orderStatus(f, id); o["expected_at"] != got {
				t.Errorf("orders/get expected_at %v, the accept answered %v", o["expected_at"], got)
			}
			events, err := db.OrderEvents(context.Background(), f.schemes[owner], id, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			if last := events[len(events)-1]; last.Kind != "eta" || !strings.Contains(string(last.Payload), `"expected_at":"`+got+`"`) {
				t.Errorf("last event %s %s, want an eta event at %s", last.Kind, last.Payload, got)
			}
			return got
		}
		for _, c := range []struct {
			name     string
			slot     string
			delivery bool
			kv       []any
			want     string
		}{
			{"pickup for 19:15, ready in 20", "2026-03-02T19:15:00Z", false, []any{"eta_minutes", 20}, "2026-03-02T19:15:00Z"},
			{"delivery for 19:15, no eta", "2026-03-02T19:15:00Z", true, nil, "2026-03-02T19:15:00Z"},
			{"ASAP delivery, ready in 20", "", true, []any{"eta_minutes", 20}, "2026-03-02T17:20:00Z"},
			{"ASAP pickup, ready in 20", "", false, []any{"eta_minutes", 20}, "2026-03-02T16:55:00Z"},
			{"ASAP pickup, no eta: 15 prep", "", false, nil, "2026-03-02T16:50:00Z"},
			{"ASAP delivery, no eta: 15 prep + 25", "", true, nil, "2026-03-02T17:15:00Z"},
		} {
			if got := accept(placeOrder(f, c.slot, c.delivery), c.kv...); got != c.want {
				t.Errorf("%s: expected_at %s, want %s", c.name, got, c.want)
			}
		}
		// Busy: 20 minutes more where the board chose nothing.
		if _, err := db.SQL().Exec("UPDATE venues SET busy_minutes = 20 WHERE slug = 'soho'"); err != nil {
			t.Fatal(err)
		}
		if got := accept(placeOrder(f, "", true)); got != "2026-03-02T17:35:00Z" {
			t.Errorf("busy ASAP delivery, no eta: expected_at %s, want 17:35 (15 + 20 busy + 25)", got)
		}
	})
}
