package ordering

// The order state machine of docs/architecture.md §6 as pure functions: which status
// may follow which, for which order type, and who may make each step. The
// store applies a step only after Check allows it, and compares-and-sets
// the status so two people making a step at once cannot both succeed.

import "platter/internal/catalog"

// Status is an order's status (docs/architecture.md §6): one of the
// Status constants, stored and sent as its string.
type Status string

// Order statuses (docs/architecture.md §6).
const (
	StatusPending        Status = "pending"
	StatusAccepted       Status = "accepted"
	StatusRejected       Status = "rejected"
	StatusCancelled      Status = "cancelled"
	StatusReadyToCollect Status = "ready_to_collect"
	StatusOnTheWay       Status = "on_the_way"
	StatusCollected      Status = "collected"
	StatusDelivered      Status = "delivered"
)

// Statuses lists every status, in the order of a happy path then the ends.
var Statuses = []Status{StatusPending, StatusAccepted, StatusReadyToCollect, StatusOnTheWay, StatusCollected, StatusDelivered, StatusRejected, StatusCancelled}

// Actors: who asks for a step. Staff are the venue's staff, Manager the
// scheme's managers, Driver the driver assigned to the order, Customer the
// order's owner, System the server itself (expiry, auto-reject). Callers
// establish the relation (staff OF THIS venue, THE assigned driver) before
// they name the actor; Check only decides what that actor may do.
const (
	ActorCustomer = "customer"
	ActorStaff    = "staff"
	ActorManager  = "manager"
	ActorDriver   = "driver"
	ActorSystem   = "system"
)

// Actors lists every actor.
var Actors = []string{ActorCustomer, ActorStaff, ActorManager, ActorDriver, ActorSystem}

// Step is one asked-for transition.
type Step struct {
	From, To  Status
	OrderType int // catalog.OrderTypeDelivery or catalog.OrderTypePickup
	Actor     string
	Paid      bool // the order's payment has succeeded (and is not refunded)
	// Refunded: the provider gave the money back on its own (a refund made
	// from its dashboard); the order no longer holds money.
	Refunded bool
	// Cause is why the System makes a step, where the rules tell causes
	// apart (CauseRewardLost); "" otherwise.
	Cause string
}

// CauseRewardLost: the order was paid with a loyalty reward another order
// spent first; the System cancels it (and refunds it) although it is paid.
const CauseRewardLost = "reward_lost"

// Reasons a step is refused.
const (
	RefusedNotAllowed     = "not_allowed"      // no such edge in the state machine
	RefusedWrongOrderType = "wrong_order_type" // a pickup step on a delivery order, or the reverse
	RefusedNotYourStep    = "not_your_step"    // the edge exists, but not for this actor
	RefusedNotPaid        = "not_paid"         // the venue sees an order only once it is paid
	RefusedAlreadyPaid    = "already_paid"     // expiry is for unpaid orders; a paid one is rejected instead
)

// Refusal says why a step was refused.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return "ordering: transition refused: " + r.Reason }

type edge struct{ from, to Status }

// rule is who may take an edge, and on which order type (-1: both).
type rule struct {
	orderType int
	actors    map[string]bool
}

var (
	venue  = map[string]bool{ActorStaff: true, ActorManager: true}
	anyTyp = -1
)

var rules = map[edge]rule{
	// The system accepts for a venue that has auto-accept on.
	{StatusPending, StatusAccepted}:  {anyTyp, map[string]bool{ActorStaff: true, ActorManager: true, ActorSystem: true}},
	{StatusPending, StatusRejected}:  {anyTyp, map[string]bool{ActorStaff: true, ActorManager: true, ActorSystem: true}},
	{StatusPending, StatusCancelled}: {anyTyp, map[string]bool{ActorCustomer: true, ActorSystem: true}},

	{StatusAccepted, StatusReadyToCollect}: {catalog.OrderTypePickup, venue},
	// The assigned driver starts the delivery themselves.
	{StatusAccepted, StatusOnTheWay}:  {catalog.OrderTypeDelivery, map[string]bool{ActorStaff: true, ActorManager: true, ActorDriver: true}},
	{StatusAccepted, StatusCancelled}: {anyTyp, venue},

	{StatusReadyToCollect, StatusCollected}: {catalog.OrderTypePickup, venue},
	{StatusOnTheWay, StatusDelivered}:       {catalog.OrderTypeDelivery, map[string]bool{ActorStaff: true, ActorManager: true, ActorDriver: true}},
}

// Check decides whether a step may be taken; nil means yes. The checks run
// from the most to the least fundamental, so the reason names what is
// wrong first: the edge, then the order type, then the actor, then payment.
func Check(s Step) error {
	r, ok := rules[edge{s.From, s.To}]
	if !ok {
		return &Refusal{RefusedNotAllowed}
	}
	if r.orderType != anyTyp && r.orderType != s.OrderType {
		return &Refusal{RefusedWrongOrderType}
	}
	if !r.actors[s.Actor] {
		return &Refusal{RefusedNotYourStep}
	}
	switch {
	case s.Actor == ActorSystem && s.To == StatusCancelled && s.Paid && s.Cause != CauseRewardLost:
		// Expiry cancels orders nobody paid; a paid order nobody accepted
		// is rejected (and refunded) by the auto-reject instead. Only an
		// order that lost its reward is cancelled although paid.
		return &Refusal{RefusedAlreadyPaid}
	case s.Actor == ActorSystem && s.To != StatusCancelled && !s.Paid:
		// The auto-reject and auto-accept are for paid orders only.
		return &Refusal{RefusedNotPaid}
	case s.Actor != ActorCustomer && s.Actor != ActorSystem && !s.Paid:
		// docs/architecture.md §6: an order appears to the venue only once paid.
		return &Refusal{RefusedNotPaid}
	}
	return nil
}

// Refunds reports whether arriving at status to refunds the order's
// payment: rejecting or cancelling a paid order gives the money back.
func Refunds(to Status, paid bool) bool {
	return paid && (to == StatusRejected || to == StatusCancelled)
}

// Final reports whether no step leaves status.
func Final(status Status) bool {
	switch status {
	case StatusRejected, StatusCancelled, StatusCollected, StatusDelivered:
		return true
	}
	return false
}

// Known reports whether status is one of the machine's.
func Known(status Status) bool {
	for _, s := range Statuses {
		if s == status {
			return true
		}
	}
	return false
}

// labels are the customer's progress labels of docs/architecture.md §6 (en-US; the
// web app translates the status, this is for mail and logs).
var labels = map[Status]string{
	StatusPending:        "waiting to be accepted",
	StatusAccepted:       "preparing",
	StatusOnTheWay:       "on the way",
	StatusRejected:       "cancelled",
	StatusCancelled:      "cancelled",
	StatusDelivered:      "delivered",
	StatusReadyToCollect: "ready for pickup",
	StatusCollected:      "collected",
}

// Label is the progress label of a status ("" for an unknown one).
func Label(status Status) string { return labels[status] }

// Path is the happy path of an order type, the steps a progress bar shows.
func Path(orderType int) []Status {
	if orderType == catalog.OrderTypePickup {
		return []Status{StatusPending, StatusAccepted, StatusReadyToCollect, StatusCollected}
	}
	return []Status{StatusPending, StatusAccepted, StatusOnTheWay, StatusDelivered}
}
