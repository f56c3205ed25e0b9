package payments

import (
	"context"
	"strings"
)

// Sandbox test cards, as Stripe's test mode has them.
const (
	CardSucceeds          = "4242424242424242"
	CardDeclined          = "4000000000000002"
	CardInsufficientFunds = "4000000000009995"
	CardRequiresAuth      = "4000002500003155"
)

// challengePrefix marks the sandbox's challenge ids.
const challengePrefix = "sbx_chal_"

// Sandbox is the in-process provider: no network, no money. Every
// well-formed card succeeds except the test cards above, which decline,
// fail for insufficient funds, or ask for a challenge the page completes
// or fails. It is stateless: the challenge id carries what it needs, and
// the store checks that it is the one issued for the payment.
type Sandbox struct{}

// Name is "sandbox".
func (Sandbox) Name() string { return "sandbox" }

// Charge answers for a card already checked with CheckCard.
func (Sandbox) Charge(_ context.Context, c Charge) (Result, error) {
	num := Digits(c.Card.Number)
	r := Result{Brand: Brand(num), Last4: Last4(num), Status: Succeeded}
	switch num {
	case CardDeclined:
		r.Status = Declined
	case CardInsufficientFunds:
		r.Status = InsufficientFunds
	case CardRequiresAuth:
		r.Status, r.ChallengeID = RequiresAction, challengePrefix+c.Ref
	}
	return r, nil
}

// Authenticate ends a sandbox challenge.
func (Sandbox) Authenticate(_ context.Context, challengeID string, complete bool) (Result, error) {
	if !strings.HasPrefix(challengeID, challengePrefix) || !complete {
		return Result{Status: AuthFailed}, nil
	}
	return Result{Status: Succeeded}, nil
}
