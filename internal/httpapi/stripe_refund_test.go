package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// stripeRig is a server with PLATTER_PAYMENTS=stripe against stripe-mock,
// behind a proxy that records the refunds asked of Stripe and can fail
// the first ones.
type stripeRig struct {
	t   *testing.T
	e   *env
	db  *store.DB
	clk *clock
	ann []string
	m   menuIDs
	api string // the proxy's base URL

	mu       sync.Mutex
	refunds  []refundCall
	failNext int // refund calls still to fail
}

// refundCall is one POST /v1/refunds Stripe was asked for.
type refundCall struct {
	key    string // Idempotency-Key
	amount string // the amount asked for ("" for all)
	passed bool   // reached stripe-mock (false: the proxy failed it)
}

func newStripeRig(t *testing.T, db *store.DB, mock string) *stripeRig {
	r := &stripeRig{t: t, db: db, clk: &clock{t: monday}}
	target, _ := url.Parse(mock)
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method == http.MethodPost && req.URL.Path == "/v1/refunds" {
			body, _ := io.ReadAll(req.Body)
			req.Body = io.NopCloser(bytes.NewReader(body))
			form, _ := url.ParseQuery(string(body))
			r.mu.Lock()
			fail := r.failNext > 0
			r.failNext--
			r.refunds = append(r.refunds, refundCall{key: req.Header.Get("Idempotency-Key"), amount: form.Get("amount"),
				passed: !fail})
			r.mu.Unlock()
			if fail {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				_, _ = io.WriteString(w, `{"error":{"type":"api_error","message":"try again"}}`)
				return
			}
		}
		proxy.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	r.api = srv.URL
	db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
	r.e = start(t, db, options{now: r.clk.Now, env: stripeEnv(srv.URL)})
	r.m = sohoMenu(t, r.e)
	r.ann = signIn(t, r.e, "demo-burgers", "ann@example.com")
	return r
}

// prepare makes an order with its PaymentIntent; it returns the order's
// id, its intent and its total.
func (r *stripeRig) prepare(key string) (id int64, intent string, total int64) {
	r.t.Helper()
	body := checkoutBody([]any{r.m.line(r.t, "Cheesy Fries", 4)}, "idempotency_key", key)
	id = int64(num(r.e.call("orders/prepare", body, r.ann...).data(r.t)["order"].(map[string]any)["id"]))
	q := "SELECT provider_ref, amount FROM payments WHERE order_id = ?"
	if r.db.Dialect() == store.Postgres {
		q = strings.Replace(q, "?", "$1", 1)
	}
	if err := r.db.SQL().QueryRow(q, id).Scan(&intent, &total); err != nil || intent == "" {
		r.t.Fatalf("intent of %d: %q %v", id, intent, err)
	}
	return id, intent, total
}

// succeeded is a signed payment_intent.succeeded of amount in currency.
func (r *stripeRig) succeeded(evID string, orderID int64, intent string, amount int64, currency string) *response {
	r.t.Helper()
	payload, sig := stripeEvent(r.t, evID, "payment_intent.succeeded", map[string]any{
		"id": intent, "object": "payment_intent", "status": "succeeded", "amount": amount, "amount_received": amount,
		"currency": currency, "metadata": map[string]any{"order_id": strconv.FormatInt(orderID, 10)}})
	return r.e.do(http.MethodPost, "payments/webhook/stripe", payload, "Stripe-Signature", sig)
}

func (r *stripeRig) refunded(evID, intent string) *response {
	r.t.Helper()
	payload, sig := stripeEvent(r.t, evID, "charge.refunded", map[string]any{
		"id": "ch_" + evID, "object": "charge", "refunded": true, "payment_intent": intent})
	return r.e.do(http.MethodPost, "payments/webhook/stripe", payload, "Stripe-Signature", sig)
}

// work runs the refund worker until it finds nothing due, moving the
// clock past each retry's wait.
func (r *stripeRig) work() {
	r.t.Helper()
	w := ordering.NewService(r.db, payments.NewStripe("sk_test_123", r.api, whsec),
		slog.New(slog.NewTextHandler(io.Discard, nil)), r.clk.Now)
	for range 10 {
		worked, err := w.Refund(context.Background())
		if err != nil {
			r.t.Fatal(err)
		}
		if !worked {
			return
		}
		r.clk.Add(time.Hour)
	}
	r.t.Fatal("the refund worker never ran out of work")
}

func (r *stripeRig) state(orderID int64) (status, payment string) {
	r.t.Helper()
	q := "SELECT status, payment_status FROM orders WHERE id = ?"
	if r.db.Dialect() == store.Postgres {
		q = strings.Replace(q, "?", "$1", 1)
	}
	if err := r.db.SQL().QueryRow(q, orderID).Scan(&status, &payment); err != nil {
		r.t.Fatal(err)
	}
	return status, payment
}

// calls returns the refunds asked of Stripe.
func (r *stripeRig) calls() []refundCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]refundCall(nil), r.refunds...)
}

// TestLatePaymentRefundedOnceThroughTheQueue: money that arrives for an
// order that expired first is queued for a refund (never refunded inline
// in the webhook, whose failure was only logged and answered 200: the
// customer's money was kept). Stripe's first refund call fails; the
// worker retries with the same idempotency key; replayed webhooks queue
// nothing more: exactly one refund is made at Stripe.
func TestLatePaymentRefundedOnceThroughTheQueue(t *testing.T) {
	t.Parallel()
	mock := startStripeMock(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		r := newStripeRig(t, db, mock)
		id, intent, total := r.prepare("key-late-1")
		r.clk.Add(31 * time.Minute)
		if n, err := db.ExpireOrders(context.Background(), r.clk.Now(), 10); n != 1 || err != nil {
			t.Fatalf("expired %d, %v", n, err)
		}
		r.mu.Lock()
		r.failNext = 1
		r.mu.Unlock()
		r.succeeded("evt_late", id, intent, total, "gbp").data(t)
		if len(r.calls()) != 0 {
			t.Fatalf("the webhook called Stripe itself: %+v", r.calls())
		}
		r.succeeded("evt_late", id, intent, total, "gbp").data(t) // replayed
		if n := count(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ? AND status = 'pending'", id); n != 1 {
			t.Fatalf("%d refunds queued, want 1", n)
		}
		r.work()
		r.succeeded("evt_late", id, intent, total, "gbp").data(t) // replayed after the refund
		r.work()
		calls := r.calls()
		passed := 0
		for _, c := range calls {
			if c.key != calls[0].key || c.key == "" {
				t.Errorf("refund calls with different idempotency keys: %+v", calls)
			}
			if c.passed {
				passed++
			}
		}
		if len(calls) != 2 || passed != 1 {
			t.Fatalf("Stripe was asked %d times (%d reached it), want a failed call and one refund: %+v", len(calls), passed, calls)
		}
		if s, p := r.state(id); s != "cancelled" || p != "refunded" {
			t.Errorf("after the refund: %s / %s", s, p)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ? AND status = 'done'", id); n != 1 {
			t.Errorf("%d refunds done, want 1", n)
		}
	})
}

// TestWebhookPaysOnlyTheOrdersTotal: a payment_intent.succeeded whose
// amount or currency is not the order's does not pay it; what arrived is
// queued for a refund (its amount and currency), the event is recorded
// and logged; a replay changes nothing. The right amount still pays.
func TestWebhookPaysOnlyTheOrdersTotal(t *testing.T) {
	t.Parallel()
	mock := startStripeMock(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		r := newStripeRig(t, db, mock)
		short, shortIntent, total := r.prepare("key-mismatch-1")
		euro, euroIntent, _ := r.prepare("key-mismatch-2")
		good, goodIntent, _ := r.prepare("key-mismatch-3")
		r.succeeded("evt_short", short, shortIntent, total-100, "gbp").data(t)
		r.succeeded("evt_short", short, shortIntent, total-100, "gbp").data(t) // replayed
		r.succeeded("evt_euro", euro, euroIntent, total, "eur").data(t)
		r.succeeded("evt_good", good, goodIntent, total, "gbp").data(t)
		for _, id := range []int64{short, euro} {
			if s, p := r.state(id); s != "pending" || p != "requires_payment" {
				t.Errorf("order %d paid with the wrong money: %s / %s", id, s, p)
			}
			if n := count(t, db, "SELECT COUNT(*) FROM order_events WHERE order_id = ? AND actor = 'provider'", id); n != 1 {
				t.Errorf("order %d: %d provider events, want 1", id, n)
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ? AND amount = ? AND currency = 'GBP'",
			short, total-100); n != 1 {
			t.Errorf("the short payment's refund: %d rows of its amount", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ? AND currency = 'EUR'", euro); n != 1 {
			t.Errorf("the euro payment's refund: %d rows in EUR", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM refunds"); n != 2 {
			t.Errorf("%d refunds queued, want 2", n)
		}
		if s, p := r.state(good); s != "pending" || p != "paid" {
			t.Errorf("the right amount did not pay: %s / %s", s, p)
		}
		if !strings.Contains(r.e.logText(), "did not match its order's total") {
			t.Error("a mismatched payment was not logged")
		}
		r.work()
		if calls := r.calls(); len(calls) != 2 || calls[0].key == calls[1].key {
			t.Errorf("refunds at Stripe: %+v, want one per mismatched payment", calls)
		}
	})
}

// TestRefundFromStripesDashboardCancelsAPendingOrder: charge.refunded of a
// paid order still waiting to be accepted (before, it stayed pending for
// ever, and staff could neither accept nor reject it) cancels it through
// the lifecycle: cancelled, payment refunded, the reason, the customer's
// mail, no second refund; a replay changes nothing.
func TestRefundFromStripesDashboardCancelsAPendingOrder(t *testing.T) {
	t.Parallel()
	mock := startStripeMock(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		r := newStripeRig(t, db, mock)
		id, intent, total := r.prepare("key-dashboard-1")
		r.succeeded("evt_paid_d", id, intent, total, "gbp").data(t)
		r.refunded("evt_refund_d", intent).data(t)
		r.refunded("evt_refund_d", intent).data(t) // replayed
		if s, p := r.state(id); s != "cancelled" || p != "refunded" {
			t.Fatalf("after charge.refunded: %s / %s", s, p)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM order_events WHERE order_id = ? AND status = 'cancelled'
			AND payment_status = 'refunded' AND reason = 'refunded by the provider'`, id); n != 1 {
			t.Errorf("%d cancellation events, want 1", n)
		}
		cancelled := 0
		for _, m := range outbox(t, db, "ann@example.com") {
			if m.Kind == store.MailOrderCanceled {
				cancelled++
			}
		}
		if cancelled != 1 {
			t.Errorf("%d cancellation mails, want 1", cancelled)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM refunds"); n != 0 {
			t.Errorf("%d refunds queued for money Stripe gave back already", n)
		}
	})
}
