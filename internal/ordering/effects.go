package ordering

// Effects is what a step causes besides the new status and its event,
// all of it written by the store in the step's transaction: the refund is
// a queued row the refund worker makes after the commit, the mail a row of
// the outbox.
type Effects struct {
	// Mail: the customer hears of the new status (when it has a mail). A
	// customer who paid hears of every step; an order never paid was never
	// announced either.
	Mail bool
	// Stamps: the order's loyalty stamps are credited (once).
	Stamps bool
	// Release: the order will never be made: its slot place, its promo or
	// reward use and its reward are given back.
	Release bool
	// Refund: the money the order holds goes back (a refund is queued).
	Refund bool
	// Expire: the order was never paid and now never will be: its payment
	// is closed (and its provider payment due to be cancelled).
	Expire bool
}

// EffectsOf computes the effects of an allowed step. It is the one place
// that decides them, for every writer of a step (staff, customer, expiry,
// auto-reject, a lost reward, the provider's refund).
func EffectsOf(s Step) Effects {
	ended := s.To == StatusRejected || s.To == StatusCancelled
	return Effects{
		Mail:    s.Paid || s.Refunded,
		Stamps:  s.Paid && (s.To == StatusDelivered || s.To == StatusCollected),
		Release: ended,
		Refund:  ended && s.Paid,
		Expire:  ended && !s.Paid && !s.Refunded,
	}
}
