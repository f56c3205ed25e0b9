package httpapi

import (
	"io"
	"net/http"

	"platter/internal/i18n"
)

// maxWebhookBody bounds a provider's webhook body (Stripe's are a few KB).
const maxWebhookBody = 256 << 10

// stripeWebhook serves POST /api/v3/payments/webhook/stripe: a Stripe
// event with its Stripe-Signature. A bad signature (or a stale one) is 400
// and changes nothing. payment_intent.succeeded pays the order (only by
// its total, in its currency), payment_intent.payment_failed records why,
// charge.refunded cancels an order still waiting to be accepted (or marks
// it refunded); each applies once, so a replayed event changes nothing.
// Money that cannot be kept (an order that expired first, a different
// amount) is queued for the refund worker, never refunded here.
func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		s.writeError(w, r, lang, bodyError(err))
		return
	}
	if err := s.ordering.ApplyProviderEvent(r.Context(), body, r.Header.Get("Stripe-Signature")); err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	writeReply(w, &reply{Data: struct{}{}})
}
