package ordering_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
)

// refundQueue is a store holding one queued refund.
type refundQueue struct {
	ordering.Store // only the refund methods are called
	due            *ordering.Refund
	finished       string // the provider's ref recorded
	retried        string // the error recorded for a retry
}

func (q *refundQueue) ClaimRefund(context.Context, time.Time, time.Duration) (*ordering.Refund, error) {
	r := q.due
	q.due = nil
	return r, nil
}

func (q *refundQueue) FinishRefund(_ context.Context, _ int64, _ int, ref string, _ time.Time) (bool, error) {
	q.finished = ref
	return true, nil
}

func (q *refundQueue) RetryRefund(_ context.Context, _ int64, _ int, _ time.Time, lastErr string) error {
	q.retried = lastErr
	return nil
}

// TestRefundGoesToThePaymentsProvider: a refund is made by the provider its
// payment was made with — the sandbox's own orders by the sandbox even on
// an instance that now runs Stripe; a provider this instance does not have
// leaves the refund queued for a retry, never dropped.
func TestRefundGoesToThePaymentsProvider(t *testing.T) {
	stripe := payments.NewStripe("sk_test_123", "http://127.0.0.1:1", "whsec") // never reached here
	cases := []struct {
		name     string
		pay      payments.Provider
		provider string
		finished string
		retried  bool
	}{
		{"sandbox order, sandbox instance", payments.Sandbox{}, "sandbox", "sbx_re_1", false},
		{"sandbox order, Stripe instance", stripe, "sandbox", "sbx_re_1", false},
		{"unknown provider", payments.Sandbox{}, "adyen", "", true},
	}
	for _, c := range cases {
		q := &refundQueue{due: &ordering.Refund{ID: 1, OrderID: 7, Ref: "re_1", Provider: c.provider, Amount: 499,
			Currency: "GBP", Attempt: 1}}
		svc := ordering.NewService(q, c.pay, nil, nil)
		worked, err := svc.Refund(context.Background())
		if err != nil || !worked {
			t.Fatalf("%s: worked %v, %v", c.name, worked, err)
		}
		if q.finished != c.finished || (q.retried != "") != c.retried {
			t.Errorf("%s: finished %q, retried %q", c.name, q.finished, q.retried)
		}
		if worked, err := svc.Refund(context.Background()); worked || err != nil {
			t.Errorf("%s: a second run found work: %v %v", c.name, worked, err)
		}
	}
}

// TestConfirmIsForCardsOnTheServer: with a provider that takes cards in the
// browser (Stripe) payments/confirm is refused before the order is read.
func TestConfirmIsForCardsOnTheServer(t *testing.T) {
	svc := ordering.NewService(&refundQueue{}, payments.NewStripe("sk", "http://127.0.0.1:1", "whsec"), nil, nil)
	if svc.ChargesCards() {
		t.Fatal("Stripe charges cards on the server")
	}
	_, err := svc.Confirm(context.Background(), ordering.Confirmation{OrderID: 1, Card: &ordering.Card{}})
	if platter.ErrorCode(err) != platter.CodeForbidden {
		t.Fatalf("confirm with Stripe: %v, want 1403", err)
	}
}
