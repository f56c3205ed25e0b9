package ordering

import (
	"context"
	"log/slog"
	"time"

	"platter/internal/payments"
	"platter/internal/platter"
)

// Store is what the order path needs of the store (store.DB implements
// it): transaction-shaped methods, each of which writes a step and its
// effects in one transaction.
type Store interface {
	StartPayment(ctx context.Context, schemeID, userID, orderID int64, challenge bool, now time.Time) (*Order, bool, error)
	FinishPayment(ctx context.Context, orderID int64, r PaymentOutcome, now time.Time) (*Order, error)
	SetPaymentIntent(ctx context.Context, orderID int64, providerRef, clientSecret string, now time.Time) (*Order, error)
	ApplyPaymentEvent(ctx context.Context, ev ProviderEvent, now time.Time) (*EventResult, error)
	Transition(ctx context.Context, ch Change, now time.Time) (*Detail, error)
	JobStore
	TrackingStore
	CheckoutStore
	Reprinter
}

// TrackingStore is what the calls after checkout read and write of the
// store: order details, lists and events within a caller's reach, driver
// positions and assignments, and stream tickets.
type TrackingStore interface {
	OrderDetail(ctx context.Context, schemeID, orderID int64, r Reach) (*Detail, error)
	Orders(ctx context.Context, f OrderFilter) ([]Detail, int, error)
	OrderEvents(ctx context.Context, schemeID, orderID, after int64, limit int) ([]Event, error)
	DriverLocation(ctx context.Context, schemeID, driverID, orderID int64, lat, lng float64, now time.Time) error
	SchemeDriver(ctx context.Context, schemeID, userID int64) (int64, error)
	SchemeDrivers(ctx context.Context, schemeID int64) ([]Driver, error)
	AssignDriver(ctx context.Context, schemeID, orderID, driverID int64, r Reach, now time.Time) (*Detail, error)
	CreateStreamTicket(ctx context.Context, hash string, t Ticket, expires, now time.Time) error
	StreamTicket(ctx context.Context, hash string, now time.Time) (*Ticket, error)
}

// Service is the order path: what the API, the webhooks and the jobs ask
// of an order goes through it. It applies the rules, calls the store's
// transaction-shaped methods and the payment provider, never inside a
// transaction. Quote and Checkout (checkout.go) price a basket with
// internal/pricing's rules and place the order; the state machine and a
// step's effects are this package's pure functions (machine.go,
// effects.go).
type Service struct {
	store     Store
	pay       payments.Provider
	log       *slog.Logger
	now       func() time.Time
	maxUnpaid int         // LimitUnpaid
	menus     liveMenus   // parsed menus for pricing, by version
	offers    offersCache // each scheme's offers, by its updated_at
}

// NewService returns the order path over st with the payment provider pay
// (built once, by the caller); now nil is time.Now.
func NewService(st Store, pay payments.Provider, log *slog.Logger, now func() time.Time) *Service {
	if log == nil {
		log = slog.Default()
	}
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, pay: pay, log: log, now: now, maxUnpaid: MaxUnpaid}
}

// Tracking is the store the calls after checkout read (order details,
// lists, events, drivers, stream tickets): the service's own, so a server
// with an order path always has it.
func (s *Service) Tracking() TrackingStore { return s.store }

// ChargesCards reports whether cards are charged on the server
// (payments/confirm: the sandbox) rather than in the browser (Stripe).
func (s *Service) ChargesCards() bool {
	_, ok := s.pay.(payments.CardCharger)
	return ok
}

// Provider is the name of the payment provider new orders are paid with.
func (s *Service) Provider() string { return s.pay.Name() }

// Transition makes a status change (accept, reject, ready, on the way,
// collected, delivered, cancel) under the state machine's rules; its
// effects, a refund included, are written with it and the commit wakes the
// streams and the refund job.
func (s *Service) Transition(ctx context.Context, ch Change) (*Detail, error) {
	return s.store.Transition(ctx, ch, s.now())
}

// EnsureIntent gives a prepared order its provider payment when the
// provider takes cards in the browser (Stripe): after the order's
// transaction, never inside it. A retried prepare of an order whose intent
// could not be made tries again; the provider's idempotency key (our
// payment ref) makes it the same intent.
func (s *Service) EnsureIntent(ctx context.Context, o *Order) (*Order, error) {
	p, ok := s.pay.(payments.IntentProvider)
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
	return s.store.SetPaymentIntent(ctx, o.ID, res.ID, res.ClientSecret, s.now())
}

// ApplyProviderEvent verifies a provider's webhook (payload and signature)
// and applies it once: a payment of the order's total pays it, a failure
// is recorded, a refund the provider made cancels an order still waiting
// to be accepted. Money that cannot be kept (the order ended first, or it
// is not the order's total) is queued for the refund job, never refunded
// here. A bad signature is 1000 and changes nothing; a provider without
// webhooks is not found.
func (s *Service) ApplyProviderEvent(ctx context.Context, payload []byte, signature string) error {
	p, ok := s.pay.(payments.IntentProvider)
	if !ok {
		return &platter.Error{Code: platter.CodeNotFound, Message: "error.unknown_path"}
	}
	ev, err := p.ParseWebhook(payload, signature)
	if err != nil {
		return &platter.Error{Code: platter.CodeValidation, Message: "payment.bad_signature",
			Fields: map[string]string{"Stripe-Signature": "payment.bad_signature"}, Err: err}
	}
	if ev.Kind == "" || ev.IntentID == "" {
		return nil // an event nobody acts on
	}
	res, err := s.store.ApplyPaymentEvent(ctx, ProviderEvent{ID: ev.ID, Kind: ev.Kind, IntentID: ev.IntentID,
		OrderID: ev.OrderID, Reason: ev.Reason, Brand: ev.Brand, Last4: ev.Last4, Amount: ev.Amount,
		Currency: ev.Currency}, s.now())
	if err != nil {
		return err
	}
	if res.Mismatch {
		s.log.Error("a payment did not match its order's total; it is refunded", "order_id", res.OrderID,
			"intent", ev.IntentID, "amount", ev.Amount, "currency", ev.Currency)
	}
	return nil
}

// Reprint asks for one more kitchen ticket of an order within reach.
type Reprint struct {
	SchemeID, OrderID int64
	Reach             Reach
}

// Reprinter is the store's side of a reprint (store.DB implements it).
type Reprinter interface {
	Reprint(ctx context.Context, schemeID, orderID int64, r Reach, now time.Time) (int, error)
}

// Reprint queues one more ticket of an accepted order at each printer of
// its venue (docs/architecture.md §11) and returns how many it queued.
// Like every write of an order, it goes through the order path.
func (s *Service) Reprint(ctx context.Context, in Reprint) (int, error) {
	return s.store.Reprint(ctx, in.SchemeID, in.OrderID, in.Reach, s.now())
}
