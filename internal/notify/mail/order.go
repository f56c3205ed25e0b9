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
	KindOrderRefunded   = "order_refunded" // staff gave back part or all of the payment
	KindSupportReply    = "support_reply"  // staff answered a support request
)

// OrderKinds are every order mail kind.
var OrderKinds = []string{KindOrderReceived, KindOrderAccepted, KindOrderRejected, KindOrderCancelled,
	KindOrderWithdrawn, KindOrderReady, KindOrderOnTheWay, KindOrderCollected, KindOrderDelivered,
	KindSupportReceived, KindOrderRefunded, KindSupportReply}

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
	// Reason is what the venue told the customer when rejecting,
	// cancelling or refunding ("" for none).
	Reason string
	// Refund is the amount going back to the card (0: Total).
	Refund int64
	// Refunded is what staff refunds gave back before a rejection or
	// cancellation: the mail promises only the rest, and when nothing is
	// left it says the payment was refunded already.
	Refunded int64
	// Reply is staff's answer to a support request and SupportStatus the
	// request's status after it (support_reply only).
	Reply, SupportStatus string
}

// withdrawn reports whether kind ends the order and gives the payment back
// (rejected or cancelled, by the venue or the customer).
func withdrawn(kind string) bool {
	return kind == KindOrderRejected || kind == KindOrderCancelled || kind == KindOrderWithdrawn
}

// refundedAlready reports whether staff refunds gave back all of o before
// a rejection or cancellation of kind: nothing more goes back.
func refundedAlready(kind string, o *Order) bool {
	return withdrawn(kind) && o.Refunded > 0 && o.Refunded >= o.Total
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
