package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestExpiredOrderCancelsItsIntent: an order left unpaid past its 30
// minutes has its PaymentIntent cancelled at Stripe (stripe-mock, behind a
// proxy that records the calls) after the expiry job's commit: the call is
// made with no database transaction open (a write made during it goes
// through at once), exactly once, and a paid order's intent is never
// cancelled.
func TestExpiredOrderCancelsItsIntent(t *testing.T) {
	t.Parallel()
	api := startStripeMock(t)
	target, _ := url.Parse(api)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		var (
			mu      sync.Mutex
			cancels []string
			during  []error
		)
		proxy := httputil.NewSingleHostReverseProxy(target)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/cancel") {
				ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
				err := db.IntentCancelled(ctx, -1, time.Now()) // a write: blocked if a transaction were open
				cancel()
				mu.Lock()
				cancels, during = append(cancels, r.URL.Path), append(during, err)
				mu.Unlock()
			}
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)

		clk := &clock{t: monday}
		e := start(t, db, options{now: clk.Now, env: stripeEnv(srv.URL)})
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		intentOf := func(orderID int64) string {
			q := "SELECT provider_ref FROM payments WHERE order_id = ?"
			if db.Dialect() == store.Postgres {
				q = strings.Replace(q, "?", "$1", 1)
			}
			var ref string
			if err := db.SQL().QueryRow(q, orderID).Scan(&ref); err != nil || ref == "" {
				t.Fatalf("intent of %d: %q %v", orderID, ref, err)
			}
			return ref
		}
		prepare := func(key string) int64 {
			body := checkoutBody([]any{m.line(t, "Cheesy Fries", 4)}, "idempotency_key", key)
			return int64(num(e.call("orders/prepare", body, ann...).data(t)["order"].(map[string]any)["id"]))
		}
		unpaid, paid := prepare("key-cancel-1"), prepare("key-cancel-2")
		unpaidIntent, paidIntent := intentOf(unpaid), intentOf(paid)
		total := count(t, db, "SELECT amount FROM payments WHERE order_id = ?", paid)
		payload, sig := stripeEvent(t, "evt_paid_c", "payment_intent.succeeded", map[string]any{
			"id": paidIntent, "object": "payment_intent", "status": "succeeded", "amount": total,
			"amount_received": total, "currency": "gbp"})
		e.do(http.MethodPost, "payments/webhook/stripe", payload, "Stripe-Signature", sig).data(t)

		stripeP := payments.NewStripe("sk_test_123", srv.URL, whsec)
		orders := ordering.NewService(db, stripeP, slog.New(slog.NewTextHandler(io.Discard, nil)), clk.Now)
		ctx := context.Background()
		if n, err := orders.CancelIntents(ctx, 10); n != 0 || err != nil {
			t.Fatalf("before expiry cancelled %d, %v", n, err)
		}
		clk.Add(31 * time.Minute)
		if n, err := db.ExpireOrders(ctx, clk.Now(), 100); n != 1 || err != nil {
			t.Fatalf("expired %d, %v; want the unpaid one", n, err)
		}
		if n, err := orders.CancelIntents(ctx, 10); n != 1 || err != nil {
			t.Fatalf("cancelled %d, %v; want 1", n, err)
		}
		if n, err := orders.CancelIntents(ctx, 10); n != 0 || err != nil {
			t.Fatalf("cancelled again: %d, %v", n, err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(cancels) != 1 || cancels[0] != "/v1/payment_intents/"+unpaidIntent+"/cancel" {
			t.Fatalf("Stripe was asked to cancel %v; want only %s", cancels, unpaidIntent)
		}
		if during[0] != nil {
			t.Errorf("a write during the Stripe call failed (a transaction was open?): %v", during[0])
		}
		if n := count(t, db, "SELECT COUNT(*) FROM payments WHERE order_id = ? AND intent_cancel = 'done'", unpaid); n != 1 {
			t.Errorf("the expired order's payment is not marked cancelled")
		}
	})
}

// TestCSPOpensStripeOnlyForStripe: the pages' Content-Security-Policy lets
// Stripe.js, its API and its card frames in only when PLATTER_PAYMENTS is
// stripe; with the sandbox no Stripe host is allowed anywhere.
func TestCSPOpensStripeOnlyForStripe(t *testing.T) {
	t.Parallel()
	directive := func(csp, name string) string {
		for _, d := range strings.Split(csp, ";") {
			if d = strings.TrimSpace(d); strings.HasPrefix(d, name+" ") {
				return d
			}
		}
		return ""
	}
	sandbox := start(t, storetest.Open(t, "sqlite"), options{})
	res, _ := sandbox.get("/demo-burgers/soho/checkout")
	if csp := res.Header.Get("Content-Security-Policy"); csp == "" || strings.Contains(csp, "stripe") {
		t.Errorf("sandbox CSP %q", csp)
	}
	stripeSrv := start(t, storetest.Open(t, "sqlite"), options{env: map[string]string{
		"PLATTER_PAYMENTS": "stripe", "PLATTER_STRIPE_SECRET_KEY": "sk_test_123",
		"PLATTER_STRIPE_PUBLISHABLE_KEY": "pk_test_123", "PLATTER_STRIPE_WEBHOOK_SECRET": whsec}})
	res, _ = stripeSrv.get("/demo-burgers/soho/checkout")
	csp := res.Header.Get("Content-Security-Policy")
	for name, want := range map[string]string{
		"script-src":  "'self' https://js.stripe.com https://*.js.stripe.com",
		"connect-src": "'self' https://api.stripe.com",
		"frame-src":   "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
	} {
		if got := directive(csp, name); got != name+" "+want {
			t.Errorf("stripe CSP %s = %q, want %q", name, got, want)
		}
	}
	if directive(csp, "default-src") != "default-src 'self'" || directive(csp, "frame-ancestors") != "frame-ancestors 'none'" {
		t.Errorf("stripe CSP loosened more than Stripe's hosts: %q", csp)
	}
}
