package payments_test

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"platter/internal/payments"
)

// stripeMock runs stripe-mock (a tool dependency in go.mod) on a free port
// and returns its base URL.
func stripeMock(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stripe-mock")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/stripe/stripe-mock").CombinedOutput(); err != nil {
		t.Fatalf("build stripe-mock: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	// -http-addr alone leaves HTTPS on its fixed default port (12112), which
	// a second stripe-mock (another test, package or worktree) then fails
	// to bind: give HTTPS a free port too.
	cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", "127.0.0.1:0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	// stripe-mock reads Stripe's whole OpenAPI document before it listens:
	// 10 s was not enough beside other builds (a CI run at load 50), so wait
	// as generously as internal/httpapi's stripe tests do.
	base := "http://" + addr
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get(base + "/v1/charges")
		if err == nil {
			res.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock did not start in 2 minutes: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestIntentRefundsThroughStripe: the refund worker's Stripe adapter
// refunds the payment's PaymentIntent through Stripe's API (stripe-mock),
// and refuses a payment that never reached Stripe.
func TestIntentRefundsThroughStripe(t *testing.T) {
	t.Parallel()
	r := payments.IntentRefunds{P: payments.NewStripe("sk_test_123", stripeMock(t), "whsec_x")}
	if r.Name() != "stripe" {
		t.Fatalf("name %q", r.Name())
	}
	ctx := context.Background()
	id, err := r.Refund(ctx, payments.RefundRequest{Ref: "re_0001", IntentRef: "pi_123", Amount: 1800, Currency: "GBP"})
	if err != nil || id != "re_0001" {
		t.Fatalf("refund: %q %v", id, err)
	}
	if _, err := r.Refund(ctx, payments.RefundRequest{Ref: "re_0002", Amount: 1800, Currency: "GBP"}); err == nil {
		t.Fatal("a payment without its intent was refunded")
	}
}
