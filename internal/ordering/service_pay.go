package ordering

import (
	"context"
	"time"

	"platter/internal/payments"
	"platter/internal/platter"
)

// Card is a card as the sandbox's page sends it; it lives for one call and
// only its brand and last four digits are kept.
type Card = payments.Card

// CheckCard checks a card before any provider sees it (field → message
// key; empty when fine).
func CheckCard(c Card, now time.Time) map[string]string { return payments.CheckCard(c, now) }

// Confirmation is payments/confirm: a card for one of the customer's
// orders, or (Card nil) the answer to the card's challenge.
type Confirmation struct {
	SchemeID, UserID, OrderID int64
	Card                      *Card
	ChallengeCompleted        bool
}

// Confirm charges a card (the sandbox provider only: a real provider takes
// cards in the browser) for one of the customer's orders, or ends the
// card's challenge, and returns the order. The order is claimed first
// (StartPayment: one charge at a time), the provider called outside any
// transaction, and its answer recorded (FinishPayment). Paid, the order
// waits to be accepted; a challenge leaves it requires_action; a refused
// card is 3050, 3051 or 3052 and the order waits for another card. Paying
// a paid order again charges nothing and returns it.
func (s *Service) Confirm(ctx context.Context, in Confirmation) (*Order, error) {
	charger, ok := s.pay.(payments.CardCharger)
	if !ok {
		return nil, &platter.Error{Code: platter.CodeForbidden, Message: "payment.sandbox_only"}
	}
	o, claimed, err := s.store.StartPayment(ctx, in.SchemeID, in.UserID, in.OrderID, in.Card == nil, s.now())
	if err != nil {
		return nil, err
	}
	if !claimed { // paid already: a second confirm changes nothing
		return o, nil
	}
	res, err := charge(ctx, charger, o, &in)
	if err != nil {
		// The provider did not answer: let the order be paid again.
		res = payments.Result{Status: payments.Declined}
		s.log.Error("payment provider failed", "order_id", o.ID, "err", err)
	}
	o, err = s.store.FinishPayment(ctx, o.ID, PaymentOutcome{Status: res.Status, ChallengeID: res.ChallengeID,
		Brand: res.Brand, Last4: res.Last4}, s.now())
	if err != nil {
		return nil, err
	}
	if refusal := paymentRefusal(res.Status); refusal != nil && o.PaymentStatus != PayPaid {
		return nil, refusal
	}
	if o.Status == StatusCancelled {
		// Its loyalty reward was spent by another order paid at the same
		// moment: the store cancelled this one and queued its refund.
		return nil, &platter.Error{Code: platter.CodeRewardUnavailable, Message: "reward.spent_refunded"}
	}
	return o, nil
}

// charge calls the provider with a deadline of its own, so a slow provider
// cannot hold the order past its lease.
func charge(ctx context.Context, p payments.CardCharger, o *Order, in *Confirmation) (payments.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, PaymentLease/2)
	defer cancel()
	if in.Card == nil {
		return p.Authenticate(ctx, o.Payment.ChallengeID, in.ChallengeCompleted)
	}
	return p.Charge(ctx, payments.Charge{Ref: o.Payment.Ref, Amount: o.Pricing.Total, Currency: o.Pricing.Currency,
		Card: *in.Card})
}

// paymentRefusal is the error for an unsuccessful charge, nil otherwise.
func paymentRefusal(status string) error {
	switch status {
	case payments.Declined:
		return &platter.Error{Code: platter.CodePaymentDeclined, Message: "payment.declined"}
	case payments.InsufficientFunds:
		return &platter.Error{Code: platter.CodeInsufficientFunds, Message: "payment.insufficient_funds"}
	case payments.AuthFailed:
		return &platter.Error{Code: platter.CodeAuthenticationFailed, Message: "payment.authentication_failed"}
	}
	return nil
}
