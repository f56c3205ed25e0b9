package httpapi_test

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestWebhookDeliveredConcurrently: Stripe delivers one event more than
// once, and several instances may receive the copies at the same moment.
// Eight concurrent copies of payment_intent.succeeded pay the order once
// (one paid event, one receipt, the promo use spent once); eight of a
// payment that arrived after its order expired queue one refund and record
// it once. Both databases: on PostgreSQL the copies really run side by side.
func TestWebhookDeliveredConcurrently(t *testing.T) {
	t.Parallel()
	api := startStripeMock(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		e := start(t, db, options{now: clk.Now, env: stripeEnv(api)})
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		prepare := func(key string, kv ...any) (orderID int64, intent string, total int64) {
			t.Helper()
			kv = append([]any{"idempotency_key", key}, kv...)
			o := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 4)}, kv...), ann...).
				data(t)["order"].(map[string]any)
			orderID = int64(num(o["id"]))
			q := "SELECT provider_ref, amount FROM payments WHERE order_id = ?"
			if db.Dialect() == store.Postgres {
				q = "SELECT provider_ref, amount FROM payments WHERE order_id = $1"
			}
			if err := db.SQL().QueryRow(q, orderID).Scan(&intent, &total); err != nil || intent == "" {
				t.Fatalf("intent of %d: %q %v", orderID, intent, err)
			}
			return orderID, intent, total
		}
		deliver := func(evtID string, orderID int64, intent string, total int64) {
			t.Helper()
			payload, sig := stripeEvent(t, evtID, "payment_intent.succeeded", map[string]any{
				"id": intent, "object": "payment_intent", "status": "succeeded",
				"amount": total, "amount_received": total, "currency": "gbp",
				"metadata": map[string]any{"order_id": strconv.FormatInt(orderID, 10)}})
			const copies = 8
			var wg sync.WaitGroup
			statuses := make([]int, copies)
			for i := range copies {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses[i] = e.do(http.MethodPost, "payments/webhook/stripe", payload, "Stripe-Signature", sig).Status
				}()
			}
			wg.Wait()
			for i, s := range statuses {
				if s != 200 {
					t.Errorf("copy %d of %s answered %d", i, evtID, s)
				}
			}
		}

		paid, intent, total := prepare("key-race-paid", "promocode", "WELCOME10")
		deliver("evt_race_paid", paid, intent, total)
		if o, err := db.Order(context.Background(), schemeOf(t, db), webhookUserID(t, e, ann), paid); err != nil ||
			o.Status != "pending" || o.PaymentStatus != "paid" {
			t.Fatalf("after the copies: %+v %v", o, err)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM order_events WHERE order_id = ? AND payment_status = 'paid'", paid); n != 1 {
			t.Errorf("%d paid events, want 1", n)
		}
		receipts := 0
		for _, ml := range outbox(t, db, "ann@example.com") {
			if ml.Kind == store.MailOrderReceived {
				receipts++
			}
		}
		if receipts != 1 {
			t.Errorf("%d receipts queued, want 1", receipts)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM redemptions WHERE order_id = ? AND status = 'spent'", paid); n != 1 {
			t.Errorf("%d spent promo uses, want 1", n)
		}

		late, intent, total := prepare("key-race-late")
		clk.Add(31 * time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 1 || err != nil {
			t.Fatalf("expired %d, %v; want the unpaid one", n, err)
		}
		deliver("evt_race_late", late, intent, total)
		if n := count(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ?", late); n != 1 {
			t.Errorf("%d refunds queued for the late payment, want 1", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM order_events WHERE order_id = ? AND actor = 'provider'", late); n != 1 {
			t.Errorf("%d provider events for the late payment, want 1", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM orders WHERE id = ? AND status = 'cancelled'", late); n != 1 {
			t.Errorf("the late-paid order is no longer cancelled")
		}
	})
}

func webhookUserID(t *testing.T, e *env, auth []string) int64 {
	t.Helper()
	return int64(num(e.call("user/info", nil, auth...).data(t)["id"]))
}
