package httpapi

import (
	"context"
	"errors"
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
// and changes nothing. payment_intent.succeeded pays the order,
// payment_intent.payment_failed records why, charge.refunded marks it
// refunded; each applies once, so a replayed event changes nothing. Money
// that arrives for an order that expired first is refunded.
func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	p, ok := s.payments.(payments.IntentProvider)
	orders, err := s.orderStore()
	if !ok || err != nil {
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
		res, err := orders.ApplyPaymentEvent(r.Context(), ev.Kind, ev.IntentID, ev.OrderID, ev.Brand, ev.Last4,
			ev.Reason, s.now())
		if err != nil {
			s.writeError(w, r, lang, err)
			return
		}
		if res.Refund != "" {
			if err := p.Refund(r.Context(), res.Refund, "expired-"+res.Refund); err != nil {
				// Stripe retries the webhook on a failure; the order is
				// already marked, so log loudly for an operator.
				s.log.Error("refund of a payment for an expired order failed", "order_id", res.OrderID,
					"err", errors.Unwrap(err))
			}
		}
	}
	writeReply(w, &reply{Data: struct{}{}})
}
