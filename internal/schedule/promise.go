package schedule

import (
	"time"

	"platter/internal/catalog"
)

// Promises of docs/architecture.md §6 (docs/architecture.md §6): what the customer is
// told to expect, and until when staff may leave a paid order unaccepted.

// Promised is the customer's expected time for an order accepted at
// acceptedAt. A pre-order is promised for its slot (preorder), whatever
// the board chose: accepting it confirms the slot. An ASAP order is
// promised acceptedAt + prep (+ the venue's delivery minutes for
// delivery), where prep is the minutes staff chose (etaMinutes: "ready in
// 20 min" is when it is ready, in the kitchen's judgement, busy or not),
// or, when they chose none, the venue's prep minutes plus its busy
// minutes (docs/architecture.md §9), as the storefront promised.
func Promised(v *catalog.Venue, orderType int, preorder *time.Time, acceptedAt time.Time, etaMinutes int) time.Time {
	if preorder != nil && !preorder.IsZero() {
		return *preorder
	}
	prep := etaMinutes
	if prep <= 0 {
		prep = v.PrepMinutes + max(v.BusyMinutes, 0)
	}
	if orderType == catalog.OrderTypeDelivery {
		prep += v.DeliveryMinutes
	}
	return acceptedAt.Add(time.Duration(prep) * time.Minute)
}

// ReadyAt is when the kitchen must have an order ready, from what the
// customer was promised (expected): for delivery, the venue's delivery
// minutes earlier (the driver's time on the road); for pickup, then.
func ReadyAt(v *catalog.Venue, orderType int, expected time.Time) time.Time {
	if orderType == catalog.OrderTypeDelivery {
		return expected.Add(-time.Duration(v.DeliveryMinutes) * time.Minute)
	}
	return expected
}

// KitchenStart is when the kitchen must start a pre-order to meet its slot:
// the slot less the venue's prep minutes and, for delivery, its delivery
// minutes. An ASAP order (preorder nil) has none: it starts when accepted.
func KitchenStart(v *catalog.Venue, orderType int, preorder *time.Time) *time.Time {
	if preorder == nil || preorder.IsZero() {
		return nil
	}
	m := v.PrepMinutes
	if orderType == catalog.OrderTypeDelivery {
		m += v.DeliveryMinutes
	}
	t := preorder.Add(-time.Duration(m) * time.Minute)
	return &t
}

// AcceptBy is when a paid order nobody accepted is rejected and refunded
// (PLATTER_AUTO_REJECT_MINUTES = wait): wait after the later of its payment
// and its kitchen start, so a pre-order paid hours ahead waits for its
// kitchen start and an ASAP order (no kitchen start) for its payment.
func AcceptBy(paidAt time.Time, kitchenStart *time.Time, wait time.Duration) time.Time {
	from := paidAt
	if kitchenStart != nil && kitchenStart.After(from) {
		from = *kitchenStart
	}
	return from.Add(wait)
}
