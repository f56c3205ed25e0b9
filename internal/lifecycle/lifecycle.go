// Package lifecycle is the order state machine of DESIGN.md §6 as pure
// functions: which status may follow which, for which order type, and who
// may make each step. It knows nothing of HTTP or SQL; the store applies a
// step only after Check allows it, and compares-and-sets the status so two
// people making a step at once cannot both succeed.
package lifecycle

import "platter/internal/catalog"

// Order statuses (DESIGN.md §6; the same strings as ordering's).
const (
	Pending        = "pending"
	Accepted       = "accepted"
	Rejected       = "rejected"
	Cancelled      = "cancelled"
	ReadyToCollect = "ready_to_collect"
	OnTheWay       = "on_the_way"
	Collected      = "collected"
	Delivered      = "delivered"
)

// Statuses lists every status, in the order of a happy path then the ends.
var Statuses = []string{Pending, Accepted, ReadyToCollect, OnTheWay, Collected, Delivered, Rejected, Cancelled}

// Actors: who asks for a step. Staff are the venue's staff, Manager the
// scheme's managers, Driver the driver assigned to the order, Customer the
// order's owner, System the server itself (expiry, auto-reject). Callers
// establish the relation (staff OF THIS venue, THE assigned driver) before
// they name the actor; Check only decides what that actor may do.
const (
	Customer = "customer"
	Staff    = "staff"
	Manager  = "manager"
	Driver   = "driver"
	System   = "system"
)

// Actors lists every actor.
var Actors = []string{Customer, Staff, Manager, Driver, System}

// Step is one asked-for transition.
type Step struct {
	From, To  string
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
	NotAllowed     = "not_allowed"      // no such edge in the state machine
	WrongOrderType = "wrong_order_type" // a pickup step on a delivery order, or the reverse
	NotYourStep    = "not_your_step"    // the edge exists, but not for this actor
	NotPaid        = "not_paid"         // the venue sees an order only once it is paid
	AlreadyPaid    = "already_paid"     // expiry is for unpaid orders; a paid one is rejected instead
)

// Refusal says why a step was refused.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return "lifecycle: transition refused: " + r.Reason }

type edge struct{ from, to string }

// rule is who may take an edge, and on which order type (-1: both).
type rule struct {
	orderType int
	actors    map[string]bool
}

var (
	venue  = map[string]bool{Staff: true, Manager: true}
	anyTyp = -1
)

var rules = map[edge]rule{
	// The system accepts for a venue that has auto-accept on.
	{Pending, Accepted}:  {anyTyp, map[string]bool{Staff: true, Manager: true, System: true}},
	{Pending, Rejected}:  {anyTyp, map[string]bool{Staff: true, Manager: true, System: true}},
	{Pending, Cancelled}: {anyTyp, map[string]bool{Customer: true, System: true}},

	{Accepted, ReadyToCollect}: {catalog.OrderTypePickup, venue},
	// The assigned driver starts the delivery themselves.
	{Accepted, OnTheWay}:  {catalog.OrderTypeDelivery, map[string]bool{Staff: true, Manager: true, Driver: true}},
	{Accepted, Cancelled}: {anyTyp, venue},

	{ReadyToCollect, Collected}: {catalog.OrderTypePickup, venue},
	{OnTheWay, Delivered}:       {catalog.OrderTypeDelivery, map[string]bool{Staff: true, Manager: true, Driver: true}},
}

// Check decides whether a step may be taken; nil means yes. The checks run
// from the most to the least fundamental, so the reason names what is
// wrong first: the edge, then the order type, then the actor, then payment.
func Check(s Step) error {
	r, ok := rules[edge{s.From, s.To}]
	if !ok {
		return &Refusal{NotAllowed}
	}
	if r.orderType != anyTyp && r.orderType != s.OrderType {
		return &Refusal{WrongOrderType}
	}
	if !r.actors[s.Actor] {
		return &Refusal{NotYourStep}
	}
	switch {
	case s.Actor == System && s.To == Cancelled && s.Paid && s.Cause != CauseRewardLost:
		// Expiry cancels orders nobody paid; a paid order nobody accepted
		// is rejected (and refunded) by the auto-reject instead. Only an
		// order that lost its reward is cancelled although paid.
		return &Refusal{AlreadyPaid}
	case s.Actor == System && s.To != Cancelled && !s.Paid:
		// The auto-reject and auto-accept are for paid orders only.
		return &Refusal{NotPaid}
	case s.Actor != Customer && s.Actor != System && !s.Paid:
		// DESIGN.md §6: an order appears to the venue only once paid.
		return &Refusal{NotPaid}
	}
	return nil
}

// Refunds reports whether arriving at status to refunds the order's
// payment: rejecting or cancelling a paid order gives the money back.
func Refunds(to string, paid bool) bool {
	return paid && (to == Rejected || to == Cancelled)
}

// Final reports whether no step leaves status.
func Final(status string) bool {
	switch status {
	case Rejected, Cancelled, Collected, Delivered:
		return true
	}
	return false
}

// Known reports whether status is one of the machine's.
func Known(status string) bool {
	for _, s := range Statuses {
		if s == status {
			return true
		}
	}
	return false
}

// labels are the customer's progress labels of DESIGN.md §6 (en-US; the
// web app translates the status, this is for mail and logs).
var labels = map[string]string{
	Pending:        "waiting to be accepted",
	Accepted:       "preparing",
	OnTheWay:       "on the way",
	Rejected:       "cancelled",
	Cancelled:      "cancelled",
	Delivered:      "delivered",
	ReadyToCollect: "ready for pickup",
	Collected:      "collected",
}

// Label is the progress label of a status ("" for an unknown one).
func Label(status string) string { return labels[status] }

// Path is the happy path of an order type, the steps a progress bar shows.
func Path(orderType int) []string {
	if orderType == catalog.OrderTypePickup {
		return []string{Pending, Accepted, ReadyToCollect, Collected}
	}
	return []string{Pending, Accepted, OnTheWay, Delivered}
}
