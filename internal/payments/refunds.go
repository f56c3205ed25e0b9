package payments

import (
	"context"
	"errors"
)

// RefundRequest gives back an amount of a payment. Ref is the refund's
// own reference and the provider's idempotency key: every retry of one
// refund sends the same Ref, and the provider makes it once.
type RefundRequest struct {
	Ref        string
	PaymentRef string
	IntentRef  string // the provider's payment (Stripe's PaymentIntent)
	Amount     int64
	Currency   string
}

// Refunder is a provider that refunds payments.
type Refunder interface {
	Provider
	// Refund returns the provider's id of the refund.
	Refund(ctx context.Context, r RefundRequest) (string, error)
}

// Refund of the sandbox always succeeds, and answers the same id for the
// same Ref (as a real provider does for an idempotency key).
func (Sandbox) Refund(_ context.Context, r RefundRequest) (string, error) {
	return "sbx_" + r.Ref, nil
}

// IntentRefunds refunds through an IntentProvider (Stripe): the refund's
// amount of the payment's intent, with the refund's ref as the idempotency
// key.
type IntentRefunds struct{ P IntentProvider }

// Name is the provider's.
func (r IntentRefunds) Name() string { return r.P.Name() }

// Refund refunds the intent; the refund's id is its ref.
func (r IntentRefunds) Refund(ctx context.Context, q RefundRequest) (string, error) {
	if q.IntentRef == "" {
		return "", errors.New("payments: the payment has no provider reference to refund")
	}
	return q.Ref, r.P.Refund(ctx, q.IntentRef, q.Ref, q.Amount)
}
