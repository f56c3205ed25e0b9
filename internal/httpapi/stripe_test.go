package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v83"
	"github.com/stripe/stripe-go/v83/webhook"

	"platter/internal/notify/mail"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// stripeMockBin builds stripe-mock (a tool dependency in go.mod) once per
// test binary.
var stripeMockBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "stripe-mock")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "stripe-mock")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/stripe/stripe-mock").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build stripe-mock: %v\n%s", err, out)
	}
	return bin, nil
})

// stripeMock is one stripe-mock for the whole test binary, started by the
// first test that needs it and stopped by TestMain: it keeps no state
// between calls, and each instance read Stripe's whole OpenAPI document at
// its start, about half a minute of CPU per test on the loaded machine.
var stripeMock struct {
	once sync.Once
	base string
	err  error
	stop func()
}

// stripeEnv is the configuration of a server that takes cards through
// Stripe at apiBase (stripe-mock, or a proxy before it), with the tests'
// webhook secret.
func stripeEnv(apiBase string) map[string]string {
	return map[string]string{
		"PLATTER_PAYMENTS": "stripe", "PLATTER_STRIPE_SECRET_KEY": "sk_test_123",
		"PLATTER_STRIPE_PUBLISHABLE_KEY": "pk_test_123", "PLATTER_STRIPE_WEBHOOK_SECRET": whsec,
		"PLATTER_STRIPE_API_BASE": apiBase}
}

// startStripeMock returns the base URL of the test binary's stripe-mock.
func startStripeMock(t *testing.T) string {
	t.Helper()
	stripeMock.once.Do(func() { stripeMock.base, stripeMock.stop, stripeMock.err = runStripeMock() })
	if stripeMock.err != nil {
		t.Fatal(stripeMock.err)
	}
	return stripeMock.base
}

// stopStripeMock ends stripe-mock if a test started it.
func stopStripeMock() {
	if stripeMock.stop != nil {
		stripeMock.stop()
	}
}

// runStripeMock runs stripe-mock on a free port and waits until it answers.
func runStripeMock() (base string, stop func(), err error) {
	bin, err := stripeMockBin()
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	// -http-addr alone leaves HTTPS on its fixed default port (12112), which
	// a second stripe-mock (another package or worktree) then fails to
	// bind: give HTTPS a free port too.
	cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", "127.0.0.1:0")
	var out lockedWriter
	out.w = &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	stop = func() { _ = cmd.Process.Kill(); <-exited }
	// stripe-mock reads Stripe's whole OpenAPI document before it listens:
	// seconds on a busy machine, so wait for it generously.
	base = "http://" + addr
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get(base + "/v1/charges")
		if err == nil {
			res.Body.Close()
			return base, stop, nil
		}
		select {
		case <-exited:
			return "", nil, fmt.Errorf("stripe-mock exited: %s", out.text())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			stop()
			return "", nil, fmt.Errorf("stripe-mock did not start: %v\n%s", err, out.text())
		}
	}
}

const whsec = "whsec_platter_test"

// stripeEvent is a signed webhook body and its Stripe-Signature header.
func stripeEvent(t *testing.T, id, typ string, object map[string]any) ([]byte, string) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"id": id, "object": "event", "api_version": stripe.APIVersion,
		"type": typ, "created": time.Now().Unix(), "data": map[string]any{"object": object}})
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: whsec})
	return signed.Payload, signed.Header
}

// TestStripeFlow: with PLATTER_PAYMENTS=stripe (against stripe-mock),
// prepare makes a PaymentIntent (the same one on a retry) and hands its
// client_secret to the page; a signed payment_intent.succeeded pays the
// order; a tampered one is refused and changes nothing; a replayed one
// changes nothing; charge.refunded marks it refunded.
func TestStripeFlow(t *testing.T) {
	t.Parallel()
	api := startStripeMock(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		e := start(t, db, options{now: clk.Now, env: stripeEnv(api)})
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		userID := int64(num(e.call("user/info", nil, ann...).data(t)["id"]))
		body := checkoutBody([]any{m.line(t, "Cheesy Fries", 4)}, "idempotency_key", "key-stripe-1", "promocode", "WELCOME10")
		prep := e.call("orders/prepare", body, ann...).data(t)
		pay := prep["payment"].(map[string]any)
		order := prep["order"].(map[string]any)
		if pay["provider"] != "stripe" || !strings.HasPrefix(pay["client_secret"].(string), "pi_") {
			t.Fatalf("payment: %v", pay)
		}
		if again := e.call("orders/prepare", body, ann...).data(t)["payment"].(map[string]any); again["client_secret"] != pay["client_secret"] {
			t.Errorf("a retried prepare made another intent: %v", again)
		}
		confirm(e, ann, order["id"], card("4242424242424242")).wantError(t, 403, 1403)

		orderID := int64(num(order["id"]))
		intent := ""
		q := "SELECT provider_ref FROM payments WHERE order_id = ?"
		if db.Dialect() == store.Postgres {
			q = strings.Replace(q, "?", "$1", 1)
		}
		if err := db.SQL().QueryRow(q, orderID).Scan(&intent); err != nil || intent == "" {
			t.Fatalf("intent: %q %v", intent, err)
		}
		state := func() (string, string) {
			o, err := db.Order(context.Background(), schemeOf(t, db), userID, orderID)
			if err != nil {
				t.Fatal(err)
			}
			return string(o.Status), o.PaymentStatus
		}
		events := func() int { return count(t, db, "SELECT COUNT(*) FROM order_events WHERE order_id = ?", orderID) }
		hook := func(payload []byte, sig string) *response {
			return e.do(http.MethodPost, "payments/webhook/stripe", payload, "Stripe-Signature", sig)
		}
		var total int64
		if err := db.SQL().QueryRow(strings.Replace(q, "provider_ref", "amount", 1), orderID).Scan(&total); err != nil {
			t.Fatal(err)
		}
		succeeded := map[string]any{"id": intent, "object": "payment_intent", "status": "succeeded",
			"amount": total, "amount_received": total, "currency": "gbp",
			"metadata": map[string]any{"order_id": strconv.FormatInt(orderID, 10)},
			"payment_method": map[string]any{"id": "pm_1", "object": "payment_method",
				"card": map[string]any{"brand": "visa", "last4": "4242"}}}
		payload, sig := stripeEvent(t, "evt_paid", "payment_intent.succeeded", succeeded)

		tampered := []byte(strings.Replace(string(payload), `"succeeded"`, `"succeeded" `, 1))
		hook(tampered, sig).wantError(t, 400, 1000)
		hook(payload, "t=1,v1=deadbeef").wantError(t, 400, 1000)
		if _, p := state(); p != "requires_payment" {
			t.Fatalf("a refused webhook changed the payment to %s", p)
		}

		hook(payload, sig).data(t)
		if s, p := state(); s != "pending" || p != "paid" {
			t.Fatalf("after payment_intent.succeeded: %s / %s", s, p)
		}
		before := events()
		hook(payload, sig).data(t) // replayed
		if s, p := state(); s != "pending" || p != "paid" || events() != before {
			t.Errorf("a replayed webhook changed the order: %s / %s, %d events (was %d)", s, p, events(), before)
		}
		receipts := 0
		for _, m := range outbox(t, db, "ann@example.com") {
			if m.Kind == store.MailOrderReceived {
				receipts++
			}
		}
		if receipts != 1 {
			t.Errorf("an order paid through the webhook (and the replay) queued %d receipts, want 1", receipts)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM redemptions WHERE order_id = ? AND status = 'spent'", orderID); n != 1 {
			t.Errorf("WELCOME10 use not spent: %d", n)
		}

		refunded := map[string]any{"id": "ch_1", "object": "charge", "refunded": true, "payment_intent": intent}
		payload, sig = stripeEvent(t, "evt_refund", "charge.refunded", refunded)
		hook(payload, sig).data(t)
		if s, p := state(); s != "cancelled" || p != "refunded" {
			t.Errorf("after charge.refunded: %s / %s", s, p)
		}
	})
}

func schemeOf(t *testing.T, db *store.DB) int64 {
	t.Helper()
	sc, err := db.SchemeBySlug(context.Background(), "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	return sc.ID
}

func (l *lockedWriter) text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}
