package mail

import "time"

// Order mail kinds (the outbox's kind and the i18n mail.<kind>.* keys).
const (
	KindOrderReceived   = "order_received"
	KindOrderAccepted   = "order_accepted"
	KindOrderRejected   = "order_rejected"
	KindOrderCancelled  = "order_cancelled"             // by the venue (staff, or the system for it)
	KindOrderWithdrawn  = "order_cancelled_by_customer" // by the customer
	KindOrderReady      = "order_ready"
	KindOrderOnTheWay   = "order_on_the_way"
	KindOrderCollected  = "order_collected"
	KindOrderDelivered  = "order_delivered"
	KindSupportReceived = "support_received"
)

// OrderKinds are every order mail kind.
var OrderKinds = []string{KindOrderReceived, KindOrderAccepted, KindOrderRejected, KindOrderCancelled,
	KindOrderWithdrawn, KindOrderReady, KindOrderOnTheWay, KindOrderCollected, KindOrderDelivered,
	KindSupportReceived}

// Order is what an order mail tells: the order as stored (its copies of
// lines, modifiers and totals), where and when, and the payment's card.
type Order struct {
	ID        int64  // the order page's id
	Number    int64  // as the app shows it: "Order #9"
	VenueSlug string // the order page is under the venue
	Venue     string
	// VenueAddress is the venue's address on one line; DeliveryAddress the
	// customer's ("" for pickup).
	VenueAddress    string
	Delivery        bool
	DeliveryAddress string
	// Slot is a pre-order's slot (zero for ASAP); Expected the time the
	// venue promised on accepting (zero before).
	Slot     time.Time
	Expected time.Time
	Placed   time.Time      // when it was paid (created, if not)
	Zone     *time.Location // the venue's time zone
	Currency string
	Lines    []Line
	// Totals, minor units: Discount is positive (taken off).
	Subtotal, Discount, ServiceCharge, DeliveryFee, Tip, Total, Tax int64
	CardBrand, CardLast4                                            string
	// Reason is what the venue told the customer when rejecting or
	// cancelling ("" for none).
	Reason string
}

// Line is an order line: UnitPrice includes the modifiers, Total is Qty ×
// UnitPrice.
type Line struct {
	Title            string
	Qty              int
	UnitPrice, Total int64
	Modifiers        []Modifier
}

// Modifier is a modifier of a line (Price for one).
type Modifier struct {
	Name  string
	Qty   int
	Price int64
}
