package webhooks

import (
	"encoding/json"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// envelope is every event's body: {type, timestamp, data}. The timestamp is
// when the change happened (the same on every attempt); the webhook-timestamp
// header is the attempt's.
type envelope struct {
	Type      string `json:"type"`
	Timestamp string `json:"timestamp"`
	Data      any    `json:"data"`
}

// Body is the JSON body of an event. Data larger than MaxBody is replaced
// by small (the ids a receiver can fetch the rest by), marked truncated.
func Body(event string, at time.Time, data, small any) ([]byte, error) {
	ts := at.UTC().Format(time.RFC3339)
	b, err := json.Marshal(envelope{Type: event, Timestamp: ts, Data: data})
	if err != nil || len(b) <= MaxBody {
		return b, err
	}
	return json.Marshal(envelope{Type: event, Timestamp: ts, Data: map[string]any{"truncated": true, "ids": small}})
}

// Order is an order as order.* events carry it: what a till, an accounting
// tool or a dispatcher needs, money in minor units.
type Order struct {
	ID            int64         `json:"id"`
	Number        int64         `json:"number"`
	Scheme        string        `json:"scheme"`
	Venue         string        `json:"venue"`
	OrderType     string        `json:"order_type"` // delivery | pickup
	Status        string        `json:"status"`
	PaymentStatus string        `json:"payment_status"`
	ASAP          bool          `json:"asap"`
	PreorderFor   *time.Time    `json:"preorder_for,omitempty"`
	ExpectedAt    *time.Time    `json:"expected_at,omitempty"`
	Currency      string        `json:"currency"`
	Subtotal      int64         `json:"subtotal"`
	Discount      int64         `json:"discount"`
	ServiceCharge int64         `json:"service_charge"`
	DeliveryFee   int64         `json:"delivery_fee"`
	Tip           int64         `json:"tip"`
	Total         int64         `json:"total"`
	Tax           int64         `json:"tax"`
	Note          string        `json:"note"`
	Customer      Customer      `json:"customer"`
	Address       *OrderAddress `json:"delivery_address,omitempty"`
	Lines         []OrderLine   `json:"lines"`
	CreatedAt     time.Time     `json:"created_at"`
	PaidAt        *time.Time    `json:"paid_at,omitempty"`
}

// Customer is who ordered.
type Customer struct {
	FirstName     string `json:"first_name"`
	LastName      string `json:"last_name"`
	Email         string `json:"email"`
	ContactNumber string `json:"contact_number"`
}

// OrderAddress is where a delivery goes.
type OrderAddress struct {
	Line1     string  `json:"line1"`
	Line2     string  `json:"line2"`
	City      string  `json:"city"`
	Postcode  string  `json:"postcode"`
	Country   string  `json:"country"`
	Note      string  `json:"note"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// OrderLine is one line as ordered.
type OrderLine struct {
	ItemID    int64           `json:"item_id"`
	Title     string          `json:"title"`
	Qty       int             `json:"qty"`
	UnitPrice int64           `json:"unit_price"`
	Total     int64           `json:"total"`
	Modifiers []OrderModifier `json:"modifiers"`
}

// OrderModifier is a modifier of a line.
type OrderModifier struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Qty   int    `json:"qty"`
	Price int64  `json:"price"`
}

// OrderOf is o as order events carry it.
func OrderOf(o *ordering.Order, scheme, venue string, expected *time.Time) Order {
	out := Order{ID: o.ID, Number: o.Number, Scheme: scheme, Venue: venue, OrderType: "pickup",
		Status: string(o.Status), PaymentStatus: o.PaymentStatus, ASAP: o.IsASAP, PreorderFor: o.PreorderFor,
		ExpectedAt: expected, Currency: o.Pricing.Currency, Subtotal: o.Pricing.Subtotal, Discount: o.Pricing.Discount,
		ServiceCharge: o.Pricing.ServiceCharge, DeliveryFee: o.Pricing.DeliveryFee, Tip: o.Pricing.Tip,
		Total: o.Pricing.Total, Tax: o.Pricing.Tax, Note: o.Note,
		Customer: Customer{FirstName: o.FirstName, LastName: o.LastName, Email: o.Email, ContactNumber: o.ContactNumber},
		Lines:    make([]OrderLine, 0, len(o.Lines)), CreatedAt: o.CreatedAt.UTC(), PaidAt: o.PaidAt}
	if o.OrderType == catalog.OrderTypeDelivery {
		out.OrderType = "delivery"
	}
	if a := o.DeliveryAddress; a != nil && o.OrderType == catalog.OrderTypeDelivery {
		out.Address = &OrderAddress{Line1: a.Line1, Line2: a.Line2, City: a.City, Postcode: a.Postcode,
			Country: a.Country, Note: a.Note, Latitude: a.Latitude, Longitude: a.Longitude}
	}
	for _, l := range o.Lines {
		ol := OrderLine{ItemID: l.ItemID, Title: l.Title, Qty: l.Qty, UnitPrice: l.UnitPrice, Total: l.Total,
			Modifiers: make([]OrderModifier, 0, len(l.Modifiers))}
		for _, m := range l.Modifiers {
			ol.Modifiers = append(ol.Modifiers, OrderModifier{ID: m.ID, Name: m.Name, Qty: m.Qty, Price: m.Price})
		}
		out.Lines = append(out.Lines, ol)
	}
	return out
}

// OrderEvent is the data of order.paid and order.status_changed: the order
// as it is after the change, and for a status change the status it left
// and why (staff's reason, or the system's).
type OrderEvent struct {
	Order      Order  `json:"order"`
	FromStatus string `json:"from_status,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

// Refund is the data of order.refunded: the refund made and the order.
type Refund struct {
	Order  Order      `json:"order"`
	Refund RefundInfo `json:"refund"`
}

// RefundInfo is one refund made.
type RefundInfo struct {
	ID       int64  `json:"id"`
	Kind     string `json:"kind"` // staff (from the back office) or order (a rejected or cancelled order, money that could not be kept)
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Reason   string `json:"reason"`
}

// Menu is the data of menu.updated: the menu that changed, and for a change
// of an item's availability at one venue, the venue and what changed.
type Menu struct {
	Menu         MenuRef       `json:"menu"`
	Venue        string        `json:"venue,omitempty"`
	Availability *Availability `json:"availability,omitempty"`
}

// MenuRef names a menu and its version after the change.
type MenuRef struct {
	ID      int64  `json:"id"`
	Ref     string `json:"ref"`
	Name    string `json:"name"`
	Version int64  `json:"version"`
}

// Availability is an item or modifier choice sold out, snoozed or back.
type Availability struct {
	Kind    string     `json:"kind"` // item | modifier
	ID      int64      `json:"id"`
	SoldOut bool       `json:"sold_out"`
	Until   *time.Time `json:"until,omitempty"`
}

// Support is the data of support.created.
type Support struct {
	ID          int64     `json:"id"`
	OrderID     int64     `json:"order_id"`
	OrderNumber int64     `json:"order_number"`
	Venue       string    `json:"venue"`
	Kind        string    `json:"kind"`
	Description string    `json:"description"`
	Photos      int       `json:"photos"`
	CreatedAt   time.Time `json:"created_at"`
}
