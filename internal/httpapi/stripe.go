package httpapi

import (
	"context"
	"io"
	"net/http"

	"platter/internal/i18n"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
)

// maxWebhookBody bounds a provider's webhook body (Stripe's are a few KB).
const maxWebhookBody = 256 << 10

// ensureIntent gives a prepared order its provider payment when the
// provider takes cards in the browser (Stripe): after the order's
// transaction, never inside it. A retried prepare of an order whose intent
// could not be made tries again; the provider's idempotency key (our
// payment ref) makes it the same intent.
func (s *Server) ensureIntent(ctx context.Context, o *ordering.Order) (*ordering.Order, error) {
	p, ok := s.payments.(payments.IntentProvider)
	if !ok || o.Payment.ProviderRef != "" {
		return o, nil
	}
	res, err := p.CreateIntent(ctx, payments.Intent{OrderID: o.ID, Ref: o.Payment.Ref, Amount: o.Pricing.Total,
		Currency: o.Pricing.Currency})
	if err != nil {
		s.log.Error("payment provider failed", "order_id", o.ID, "err", err)
		return nil, &platter.Error{Code: platter.CodeUnavailable, Message: "payment.provider_unavailable",
			Params: map[string]string{"retry_after": "2"}, Err: err}
	}
	return s.orders.SetPaymentIntent(ctx, o.ID, res.ID, res.ClientSecret, s.now())
}

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
	p, ok := s.payments.(payments.IntentProvider)
	if !ok {
		s.writeError(w, r, lang, &platter.Error{Code: platter.CodeNotFound, Message: "error.unknown_path"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		s.writeError(w, r, lang, bodyError(err))
		return
	}
	ev, err := p.ParseWebhook(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		s.writeError(w, r, lang, &platter.Error{Code: platter.CodeValidation, Message: "payment.bad_signature",
			Fields: map[string]string{"Stripe-Signature": "payment.bad_signature"}, Err: err})
		return
	}
	if ev.Kind != "" && ev.IntentID != "" {
		res, err := s.orders.ApplyPaymentEvent(r.Context(), ev, s.now())
		if err != nil {
			s.writeError(w, r, lang, err)
			return
		}
		if res.Mismatch {
			s.log.Error("a payment did not match its order's total; it is refunded", "order_id", res.OrderID,
				"intent", ev.IntentID, "amount", ev.Amount, "currency", ev.Currency)
		}
	}
	writeReply(w, &reply{Data: struct{}{}})
}
