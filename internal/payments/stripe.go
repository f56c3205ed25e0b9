package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	stripe "github.com/stripe/stripe-go/v83"
	"github.com/stripe/stripe-go/v83/webhook"

	"platter/internal/tracing"
)

// Intent asks a provider that takes cards in the browser to expect a
// payment of an order. Ref is our payment's reference, sent as the
// idempotency key, so a retried prepare finds the same intent.
type Intent struct {
	OrderID  int64
	Ref      string
	Amount   int64
	Currency string
}

// IntentResult is the provider's payment and the secret the browser pays
// it with.
type IntentResult struct {
	ID           string
	ClientSecret string
}

// IntentProvider is a provider whose card form is in the browser (Stripe's
// Payment Element); results come back through signed webhooks.
type IntentProvider interface {
	Provider
	CreateIntent(ctx context.Context, in Intent) (IntentResult, error)
	// Refund gives back amount (minor units) of a payment, all of it for
	// 0; key makes a retried refund one.
	Refund(ctx context.Context, intentID, key string, amount int64) error
	// ParseWebhook verifies a webhook's signature and reads it.
	ParseWebhook(payload []byte, signature string) (Event, error)
}

// Event kinds a webhook may carry.
const (
	EventSucceeded = "succeeded" // payment_intent.succeeded
	EventFailed    = "failed"    // payment_intent.payment_failed
	EventRefunded  = "refunded"  // charge.refunded
)

// Event is a verified webhook: Kind (one of the Event constants, or ""
// for an event we do not act on) about the provider's payment IntentID.
type Event struct {
	ID       string
	Kind     string
	IntentID string
	OrderID  int64  // from the intent's metadata, when present
	Reason   string // for EventFailed
	Brand    string
	Last4    string
	Amount   int64  // for EventSucceeded: what arrived, minor units
	Currency string // for EventSucceeded: ISO 4217, lower case as Stripe writes it
}

// Stripe is the Stripe provider (stripe-go against api.stripe.com or,
// in tests, stripe-mock).
type Stripe struct {
	client        *stripe.Client
	webhookSecret string
}

// NewStripe returns the Stripe provider; apiBase "" is Stripe's.
func NewStripe(secretKey, apiBase, webhookSecret string) *Stripe {
	cfg := &stripe.BackendConfig{HTTPClient: &http.Client{Timeout: 30 * time.Second},
		MaxNetworkRetries: stripe.Int64(2), LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError}}
	if apiBase != "" {
		cfg.URL = stripe.String(strings.TrimRight(apiBase, "/"))
	}
	b := stripe.GetBackendWithConfig(stripe.APIBackend, cfg)
	return &Stripe{webhookSecret: webhookSecret,
		client: stripe.NewClient(secretKey, stripe.WithBackends(&stripe.Backends{API: b, Connect: b, Uploads: b}))}
}

// Name is "stripe".
func (*Stripe) Name() string { return "stripe" }

// CreateIntent creates a PaymentIntent with the order id in its metadata.
func (s *Stripe) CreateIntent(ctx context.Context, in Intent) (_ IntentResult, err error) {
	ctx, span := tracing.StartCall(ctx, "stripe", "PaymentIntents.Create")
	defer func() { tracing.End(span, err) }()
	p := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(in.Amount),
		Currency: stripe.String(strings.ToLower(in.Currency)),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true)},
	}
	p.AddMetadata("order_id", strconv.FormatInt(in.OrderID, 10))
	p.AddMetadata("payment_ref", in.Ref)
	p.SetIdempotencyKey("intent-" + in.Ref)
	pi, err := s.client.V1PaymentIntents.Create(ctx, p)
	if err != nil {
		return IntentResult{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return IntentResult{ID: pi.ID, ClientSecret: pi.ClientSecret}, nil
}

// Refund refunds amount of a PaymentIntent (all of it for 0).
func (s *Stripe) Refund(ctx context.Context, intentID, key string, amount int64) (err error) {
	ctx, span := tracing.StartCall(ctx, "stripe", "Refunds.Create")
	defer func() { tracing.End(span, err) }()
	p := &stripe.RefundCreateParams{PaymentIntent: stripe.String(intentID)}
	if amount > 0 {
		p.Amount = stripe.Int64(amount)
	}
	p.SetIdempotencyKey("refund-" + key)
	if _, err := s.client.V1Refunds.Create(ctx, p); err != nil {
		return fmt.Errorf("stripe: refund: %w", err)
	}
	return nil
}

// ParseWebhook verifies the Stripe-Signature header (and its timestamp,
// within Stripe's 5-minute tolerance) and reads the events we act on.
func (s *Stripe) ParseWebhook(payload []byte, signature string) (Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return Event{}, err
	}
	out := Event{ID: ev.ID}
	switch ev.Type {
	case "payment_intent.succeeded", "payment_intent.payment_failed":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return Event{}, err
		}
		out.IntentID, out.Kind = pi.ID, EventSucceeded
		out.Amount, out.Currency = pi.AmountReceived, string(pi.Currency)
		if out.Amount == 0 {
			out.Amount = pi.Amount
		}
		out.OrderID, _ = strconv.ParseInt(pi.Metadata["order_id"], 10, 64)
		if ev.Type == "payment_intent.payment_failed" {
			out.Kind = EventFailed
			if pi.LastPaymentError != nil {
				out.Reason = string(pi.LastPaymentError.Code)
			}
		}
		if pm := pi.PaymentMethod; pm != nil && pm.Card != nil {
			out.Brand, out.Last4 = string(pm.Card.Brand), pm.Card.Last4
		}
	case "charge.refunded":
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
			return Event{}, err
		}
		if ch.PaymentIntent != nil && ch.Refunded {
			out.IntentID, out.Kind = ch.PaymentIntent.ID, EventRefunded
		}
	}
	return out, nil
}

// IntentCanceller is a provider whose payments of orders that ended
// unpaid are cancelled (Stripe's PaymentIntents).
type IntentCanceller interface {
	Provider
	// CancelIntent cancels a payment; ErrPastCancelling when it no longer
	// can be (then nothing is left to do).
	CancelIntent(ctx context.Context, intentID, key string) error
}

// ErrPastCancelling is CancelIntent's answer for an intent that can no
// longer be cancelled (it succeeded, or was cancelled before): nothing is
// left to do.
var ErrPastCancelling = errors.New("payments: the payment can no longer be cancelled")

// CancelIntent cancels a PaymentIntent of an order that ended unpaid, so
// the Payment Element of a page left open cannot take money for it.
func (s *Stripe) CancelIntent(ctx context.Context, intentID, key string) (err error) {
	ctx, span := tracing.StartCall(ctx, "stripe", "PaymentIntents.Cancel")
	defer func() { tracing.End(span, err) }()
	p := &stripe.PaymentIntentCancelParams{CancellationReason: stripe.String("abandoned")}
	p.SetIdempotencyKey("cancel-" + key)
	if _, err := s.client.V1PaymentIntents.Cancel(ctx, intentID, p); err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodePaymentIntentUnexpectedState {
			return ErrPastCancelling
		}
		return fmt.Errorf("stripe: cancel payment intent: %w", err)
	}
	return nil
}
