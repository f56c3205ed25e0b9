package httpapi

import (
	"context"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
)

// cardInput is a card as the sandbox page sends it. It is read, checked
// and handed to the provider; no part of it but brand and last4 is kept.
type cardInput struct {
	Number   string `json:"number" text:"max=40"`
	ExpMonth int    `json:"exp_month"`
	ExpYear  int    `json:"exp_year"`
	CVC      string `json:"cvc" text:"max=8"`
	Name     string `json:"name" text:"max=200"`
}

// confirmInput is payments/confirm's data: a card, or the answer to the
// card's challenge ("completed" or "failed").
type confirmInput struct {
	BusinessSlug    string     `json:"business_slug"`
	OrderID         int64      `json:"order_id"`
	Card            *cardInput `json:"card"`
	ChallengeResult string     `json:"challenge_result" text:"max=20"`
}

// paymentConfirm answers payments/confirm (the sandbox provider only): it
// charges a card for one of the caller's orders, or ends the card's
// challenge, and returns the order. Paid, the order is pending ("waiting
// to be accepted"); a card that asks for authentication leaves it
// requires_action with payment.challenge set; a declined card is 3050 or
// 3051 and the order waits for another card. Paying a paid order again
// charges nothing and returns it.
func (s *Server) paymentConfirm(r *request, c *Caller) (*reply, error) {
	orders := s.orders
	charger, ok := s.payments.(payments.CardCharger)
	if !ok {
		return nil, &platter.Error{Code: platter.CodeForbidden, Message: "payment.sandbox_only"}
	}
	var in confirmInput
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	now := s.now()
	challenge, err := in.validate(now)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	o, claimed, err := orders.StartPayment(ctx, c.SchemeID, c.UserID, in.OrderID, challenge, now)
	if err != nil {
		return nil, err
	}
	if !claimed { // paid already: a second confirm changes nothing
		return &reply{Data: toOrderJSON(o, "")}, nil
	}
	res, err := s.charge(ctx, charger, o, &in)
	if err != nil {
		// The provider did not answer: let the order be paid again.
		res = payments.Result{Status: payments.Declined}
		s.log.Error("payment provider failed", "order_id", o.ID, "err", err)
	}
	o, err = orders.FinishPayment(ctx, o.ID, ordering.PaymentOutcome{Status: res.Status,
		ChallengeID: res.ChallengeID, Brand: res.Brand, Last4: res.Last4}, s.now())
	if err != nil {
		return nil, err
	}
	if refusal := paymentRefusal(res.Status); refusal != nil && o.PaymentStatus != ordering.PayPaid {
		return nil, refusal
	}
	if o.Status == ordering.StatusCancelled {
		// Its loyalty reward was spent by another order paid at the same
		// moment: the store cancelled this one and queued its refund.
		return nil, &platter.Error{Code: platter.CodeRewardUnavailable, Message: "reward.spent_refunded"}
	}
	return &reply{Data: toOrderJSON(o, "")}, nil
}

// charge calls the provider, outside any transaction, with a deadline of
// its own so a slow provider cannot hold the order past its lease.
func (s *Server) charge(ctx context.Context, p payments.CardCharger, o *ordering.Order, in *confirmInput) (payments.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, ordering.PaymentLease/2)
	defer cancel()
	if in.Card == nil {
		return p.Authenticate(ctx, o.Payment.ChallengeID, in.ChallengeResult == "completed")
	}
	return p.Charge(ctx, payments.Charge{Ref: o.Payment.Ref, Amount: o.Pricing.Total, Currency: o.Pricing.Currency,
		Card: payments.Card{Number: in.Card.Number, ExpMonth: in.Card.ExpMonth, ExpYear: in.Card.ExpYear,
			CVC: in.Card.CVC, Name: in.Card.Name}})
}

// validate checks the body; challenge reports a challenge answer (no card).
func (in *confirmInput) validate(now time.Time) (challenge bool, err error) {
	bad := map[string]string{}
	if in.OrderID <= 0 {
		bad["order_id"] = "validation.required"
	}
	switch {
	case in.Card != nil && in.ChallengeResult != "":
		bad["challenge_result"] = "payment.card_or_challenge"
	case in.Card == nil && in.ChallengeResult == "":
		bad["card"] = "validation.required"
	case in.Card == nil && in.ChallengeResult != "completed" && in.ChallengeResult != "failed":
		bad["challenge_result"] = "payment.challenge_result"
	case in.Card != nil:
		for f, key := range payments.CheckCard(payments.Card{Number: in.Card.Number, ExpMonth: in.Card.ExpMonth,
			ExpYear: in.Card.ExpYear, CVC: in.Card.CVC}, now) {
			bad[f] = key
		}
	}
	if len(bad) > 0 {
		return false, platter.Invalid(bad)
	}
	return in.Card == nil, nil
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
