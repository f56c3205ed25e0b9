// Package ordering is the order path: orders, their lines and payments,
// the order state machine and the effects of each step (machine.go,
// effects.go), and the rules of promo codes and rewards. It knows nothing of HTTP
// or SQL; pricing computes the figures an order stores.
package ordering

import (
	"time"

	"platter/internal/pricing"
)

// Payment statuses of an order.
const (
	PayRequired   = "requires_payment" // waiting for a card
	PayProcessing = "processing"       // a charge is under way (leased)
	PayAction     = "requires_action"  // the card asked for a challenge
	PayPaid       = "paid"
	PayRefunded   = "refunded"
	PayExpired    = "expired" // never paid; the order was cancelled
)

// UnpaidTTL is how long an order waits for its payment before the expiry
// job cancels it and gives back its promo use and slot place.
const UnpaidTTL = 30 * time.Minute

// HoldTTL is how long an unpaid order may hold something another
// customer could be refused for: a place of a slot with a capacity, or a
// use of a promo code with a total limit. Such an order expires unpaid
// after HoldTTL rather than UnpaidTTL, and with it the place or use, so a
// visitor who never pays keeps an honest customer out for minutes, not
// half an hour (with MaxUnpaid, at most a few at a time). Taking the place
// and use at payment instead would let a customer pay for a slot that
// filled meanwhile and then be refunded; a short hold keeps the promise
// made at prepare.
const HoldTTL = 10 * time.Minute

// MaxUnpaid is, by default (PLATTER_UNPAID_ORDERS_MAX), how many open unpaid orders (prepared, neither paid nor
// expired) one user, or one client (IP address, or IPv6 /64), may hold at
// one scheme; prepare refuses another with 1429 until one is paid or
// expires.
const MaxUnpaid = 3

// PaymentLease is how long one charge may hold an order in "processing";
// a process that dies mid-charge leaves the order to expire normally.
const PaymentLease = 2 * time.Minute

// Address is the delivery address snapshot of an order, in the shape of
// docs/product.md §3's delivery address.
type Address struct {
	Name          string  `json:"name"`
	Line1         string  `json:"line1"`
	Line2         string  `json:"line2"`
	City          string  `json:"city"`
	Postcode      string  `json:"postcode"`
	Country       string  `json:"country"`
	ContactNumber string  `json:"contact_number"`
	Email         string  `json:"email"`
	Note          string  `json:"note"`
	Latitude      float64 `json:"latitude"`
	Longitude     float64 `json:"longitude"`
}

// Modifier is a copied modifier of a line.
type Modifier struct {
	ID         int64  `json:"id"`
	CategoryID int64  `json:"category_id"`
	Name       string `json:"name"`
	Price      int64  `json:"price"`
	Qty        int    `json:"qty"`
}

// Line is one ordered line: a copy of what was ordered and priced.
type Line struct {
	ItemID    int64
	Title     string
	Qty       int
	UnitPrice int64
	Total     int64
	VATRateBP int
	Modifiers []Modifier
}

// Pricing is the breakdown an order stores (pricing.Quote's figures).
type Pricing struct {
	Currency       string
	Subtotal       int64
	Discount       int64
	DiscountSource string
	ServiceCharge  int64
	DeliveryFee    int64
	Tip            int64
	Total          int64
	Tax            int64
	VATRateBP      int
	StampsEarned   int64
}

// PricingOf takes the figures of a quote.
func PricingOf(q *pricing.Quote, currency string) Pricing {
	return Pricing{Currency: currency, Subtotal: q.Subtotal, Discount: q.Discount, DiscountSource: q.DiscountFrom,
		ServiceCharge: q.ServiceCharge, DeliveryFee: q.DeliveryFee, Tip: q.Tip, Total: q.Total, Tax: q.Tax,
		VATRateBP: q.VATRateBP, StampsEarned: q.StampsEarned}
}

// LinesOf copies the priced lines of a quote (all of them: a quote with a
// line problem is never made an order).
func LinesOf(q *pricing.Quote) []Line {
	out := make([]Line, 0, len(q.Lines))
	for _, l := range q.Lines {
		mods := make([]Modifier, 0, len(l.Modifiers))
		for _, m := range l.Modifiers {
			mods = append(mods, Modifier{ID: m.ID, CategoryID: m.CategoryID, Name: m.Name, Price: m.Price, Qty: m.Qty})
		}
		out = append(out, Line{ItemID: l.ItemID, Title: l.Title, Qty: l.Qty, UnitPrice: l.UnitPrice,
			Total: l.Total, VATRateBP: l.VATRateBP, Modifiers: mods})
	}
	return out
}

// Payment is an order's payment. Ref is ours (and the provider's
// idempotency key); a card is known only by Brand and Last4.
type Payment struct {
	Ref          string
	Provider     string
	ProviderRef  string // the provider's payment (a Stripe PaymentIntent id)
	Amount       int64
	Currency     string
	Status       string
	ClientSecret string
	ChallengeID  string
	Brand        string
	Last4        string
}

// Order is an order with its lines and payment.
type Order struct {
	ID              int64
	SchemeID        int64
	VenueID         int64
	UserID          int64
	Number          int64
	Status          Status
	PaymentStatus   string
	OrderType       int
	IsASAP          bool
	PreorderFor     *time.Time
	DeliveryAddress *Address
	Note            string
	Email           string
	ContactNumber   string
	FirstName       string
	LastName        string
	PromoCode       string
	PromoCodeID     int64
	OfferID         int64
	// LoyaltyRewardID is the customer's loyalty reward the order is priced
	// with (0: none); it is spent when the order is paid.
	LoyaltyRewardID int64
	Pricing         Pricing
	Lines           []Line
	Payment         Payment
	CreatedAt       time.Time
	ExpiresAt       time.Time
	PaidAt          *time.Time
	// KitchenAt is when the kitchen must start a pre-order to meet its slot
	// (nil for ASAP): auto-reject counts from the later of it and PaidAt.
	KitchenAt *time.Time
}

// Use is the promo code or reward a new order spends, checked again under
// lock in the order's transaction: MaxUses (promo codes) and PerCustomer
// (0: unlimited) by the customer's user id or e-mail address.
type Use struct {
	PromoCodeID int64
	OfferID     int64
	MaxUses     int
	PerCustomer int
	EmailNorm   string
}

// NewOrder is what prepare stores: the order (ids, number and times are
// the store's), the key and body hash that make a retry find it, the use
// it reserves, and the pre-order slot whose place it takes (SlotCapacity
// 0: no limit; Slot zero: no slot).
type NewOrder struct {
	Order          Order
	IdempotencyKey string
	RequestHash    string
	Use            *Use
	Slot           time.Time
	SlotCapacity   int
	// Lang is the customer's language at prepare (en-US, pl-PL): the
	// order's e-mails are written in it.
	Lang string
	// KitchenAt is when the kitchen must start a pre-order to meet its
	// slot (schedule.KitchenStart); nil for ASAP. Auto-reject waits for it.
	KitchenAt *time.Time
	// ClientKey names the client that prepares it (a hash of its address)
	// and MaxUnpaid caps the open unpaid orders of the user and of the
	// client at the scheme (0: no cap).
	ClientKey string
	MaxUnpaid int
}

// UnpaidFor is how long the order may wait for its payment: HoldTTL when
// it holds a place of a limited slot or a use of a limited promo code,
// else UnpaidTTL.
func (n *NewOrder) UnpaidFor() time.Duration {
	if (!n.Slot.IsZero() && n.SlotCapacity > 0) || (n.Use != nil && n.Use.PromoCodeID != 0 && n.Use.MaxUses > 0) {
		return HoldTTL
	}
	return UnpaidTTL
}

// PaymentOutcome is a provider's answer as the store records it.
type PaymentOutcome struct {
	Status      string // payments.Succeeded, Declined, …
	ChallengeID string
	Brand       string
	Last4       string
}

// Kinds of a provider's payment event.
const (
	ProviderSucceeded = "succeeded" // the money arrived
	ProviderFailed    = "failed"    // an attempt failed; the order waits for another
	ProviderRefunded  = "refunded"  // the provider gave the money back (its dashboard, or our refund)
)

// ProviderEvent is a verified event of a payment provider (a webhook).
type ProviderEvent struct {
	ID       string // the provider's event id
	Kind     string // a Provider* kind, or "" for an event nobody acts on
	IntentID string // the provider's payment
	OrderID  int64  // from the payment's metadata, when present
	Reason   string // for ProviderFailed
	Brand    string
	Last4    string
	// Amount (minor units) and Currency (ISO 4217, any case) of what
	// arrived, for ProviderSucceeded: an order is paid only by its total.
	Amount   int64
	Currency string
}

// EventResult is what applying a provider's payment event did.
type EventResult struct {
	OrderID int64
	Changed bool // false: nothing to do (an event seen before, or of no order)
	// Mismatch: the money that arrived is not the order's total (amount or
	// currency): the order stays unpaid and what arrived is refunded.
	Mismatch bool
	// RefundQueued: money that cannot be kept (a mismatch, or a payment of
	// an order that ended first) is queued for a refund.
	RefundQueued bool
}

// DueIntent is a provider payment (a Stripe PaymentIntent) of an order
// that ended unpaid, to be cancelled at its provider.
type DueIntent struct {
	OrderID  int64
	Provider string
	IntentID string
}
