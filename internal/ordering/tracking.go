package ordering

import (
	"encoding/json"
	"time"
)

// Event kinds of the order event log (and of the event stream).
const (
	EventStatus = "status" // the order's status or payment changed
	EventETA    = "eta"    // the expected time changed
	EventDriver = "driver" // the driver's position changed
)

// Event is one row of an order's event log. Payload is the JSON the
// stream sends as the event's data.
type Event struct {
	ID            int64
	OrderID       int64
	Kind          string
	Status        Status
	PaymentStatus string
	Actor         string
	Reason        string
	Payload       json.RawMessage
	At            time.Time
}

// Reach is which orders of a scheme a caller may see or change (docs/architecture.md
// §7): UserID its own, VenueIDs those of venues it works at, SchemeWide
// all (a manager, the server itself), DriverID those assigned to it. An
// order out of reach is not found, like a missing one.
type Reach struct {
	UserID     int64
	VenueIDs   []int64
	SchemeWide bool
	DriverID   int64
}

// Admits reports whether an order (its owner, venue and driver) is within
// reach.
func (r Reach) Admits(userID, venueID, driverID int64) bool {
	if r.SchemeWide || (r.UserID != 0 && r.UserID == userID) || (r.DriverID != 0 && r.DriverID == driverID) {
		return true
	}
	for _, v := range r.VenueIDs {
		if v == venueID {
			return true
		}
	}
	return false
}

// Change asks for a status change of an order. The store applies it only
// within the caller's Reach, when Check allows it and the order
// is still in the status it read (compare and set).
type Change struct {
	Reach
	SchemeID   int64
	OrderID    int64
	To         Status
	Actor      string // ActorCustomer, ActorStaff, ActorManager, ActorDriver, ActorSystem
	ActorRef   string // stored with the event: "customer:12", "staff:7", "system"
	Reason     string
	ETAMinutes int // on accept: the expected time is now + this
	// AssignDriver is the driver (a user id) given the order when it goes
	// on its way; 0 keeps whoever is assigned.
	AssignDriver int64
	// Cause is why the System makes the step, where the rules tell causes
	// apart (CauseRewardLost).
	Cause string
}

// Position is a driver's last reported position.
type Position struct {
	DriverID  int64
	Name      string
	Lat, Lng  float64
	UpdatedAt time.Time
}

// Detail is an order with what follows it after checkout: its history of
// status changes, the expected time, its venue and the driver.
type Detail struct {
	Order
	VenueSlug  string
	VenueName  string
	ExpectedAt *time.Time
	// ReadyAt is when the kitchen must have it ready (schedule.ReadyAt):
	// ExpectedAt, less the venue's delivery minutes for delivery.
	ReadyAt *time.Time
	Driver  *Position
	History []Event     // status events, oldest first
	Refunds RefundState // what went back, and what staff may still refund
}

// Refund is a refund a worker makes through the payment provider. Ref is
// the provider's idempotency key; Attempt numbers the claim, so only the
// latest claimant records the outcome.
type Refund struct {
	ID         int64
	OrderID    int64
	Ref        string
	PaymentRef string
	IntentRef  string // the provider's payment (Stripe's PaymentIntent id)
	Provider   string
	Amount     int64
	Currency   string
	Attempt    int
}

// Ticket is what a stream ticket grants: one user, one order.
type Ticket struct {
	SchemeID int64
	UserID   int64
	OrderID  int64
}

// OrderFilter selects a page of orders within reach.
type OrderFilter struct {
	SchemeID int64
	Reach    Reach
	VenueID  int64  // 0: every venue in reach
	Status   Status // "": any
	Page     int    // from 1
	PerPage  int
}

// SearchFilter selects a page of a scheme's paid (or since refunded)
// orders within reach for admin/orders/search: Number, EmailPrefix,
// NamePrefix (lower case) and Phone (E.164) are alternatives, any of which
// an order may match ("" / 0: not asked); with none, every order matches.
type SearchFilter struct {
	SchemeID    int64
	Reach       Reach
	Number      int64
	EmailPrefix string
	NamePrefix  string
	Phone       string
	Status      Status
	From, To    time.Time // created at, [From, To); zero: open
	Page        int
	PerPage     int
}

// Driver is a driver of a scheme, as the board lists them to assign one.
type Driver struct {
	ID                         int64
	FirstName, LastName, Email string
}
