package httpapi

import (
	"time"

	"platter/internal/ordering"
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

// paymentConfirm answers payments/confirm (the sandbox provider only):
// decode, ordering.Service.Confirm, encode.
func (s *Server) paymentConfirm(r *request, c *Caller) (*reply, error) {
	if !s.ordering.ChargesCards() {
		return nil, &platter.Error{Code: platter.CodeForbidden, Message: "payment.sandbox_only"}
	}
	var in confirmInput
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	challenge, err := in.validate(s.now())
	if err != nil {
		return nil, err
	}
	conf := ordering.Confirmation{SchemeID: c.SchemeID, UserID: c.UserID, OrderID: in.OrderID,
		ChallengeCompleted: in.ChallengeResult == "completed"}
	if !challenge {
		conf.Card = &ordering.Card{Number: in.Card.Number, ExpMonth: in.Card.ExpMonth, ExpYear: in.Card.ExpYear,
			CVC: in.Card.CVC, Name: in.Card.Name}
	}
	o, err := s.ordering.Confirm(r.Context(), conf)
	if err != nil {
		return nil, err
	}
	return &reply{Data: toOrderJSON(o, "")}, nil
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
		for f, key := range ordering.CheckCard(ordering.Card{Number: in.Card.Number, ExpMonth: in.Card.ExpMonth,
			ExpYear: in.Card.ExpYear, CVC: in.Card.CVC}, now) {
			bad[f] = key
		}
	}
	if len(bad) > 0 {
		return false, platter.Invalid(bad)
	}
	return in.Card == nil, nil
}
