package schedule

import (
	"strconv"
	"time"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/platter"
)

// Booking is when an accepted order is wanted. Slot is the start of the
// slot whose place it takes (UTC): for ASAP, the slot its ready time falls
// in; for a pre-order, the slot chosen. ReadyAt is the time promised to the
// customer: now plus the lead time for ASAP, the slot's start otherwise.
type Booking struct {
	Slot    time.Time
	ReadyAt time.Time
}

// Validate checks, for orders/quote and orders/prepare, that an order of
// orderType may be placed at now, ASAP or for preorderFor, and returns the
// slot it takes. A refusal is a *platter.Error with a 31xx code (1000 for a
// pre-order without a time). usage is read outside the order's transaction,
// so a place it shows free may be gone by the claim: the store's conditional
// claim is what holds the capacity; this check gives the early, explained
// refusal. The caller has checked that the venue offers orderType.
func Validate(v *catalog.Venue, orderType int, isAsap bool, preorderFor, now time.Time, usage Usage) (Booking, error) {
	capacity := v.CapacityFor(orderType)
	if isAsap {
		w := newWindow(v, orderType, now, 1)
		if !isOpen(w.open, now) {
			return Booking{}, refuse(platter.CodeVenueClosed, "schedule.closed")
		}
		if Paused(v, now) {
			return Booking{}, refuse(platter.CodeVenuePaused, "schedule.paused")
		}
		ready := now.Add(LeadTime(v, orderType))
		if capacity > 0 && usage.Used(SlotOf(ready)) >= capacity {
			return Booking{}, refuse(platter.CodeSlotFull, "schedule.asap_full")
		}
		return Booking{Slot: SlotOf(ready).UTC(), ReadyAt: ready.UTC()}, nil
	}
	if preorderFor.IsZero() {
		return Booking{}, platter.Invalid(map[string]string{"preorder_for": "validation.required"})
	}
	if !SlotOf(preorderFor).Equal(preorderFor) {
		return Booking{}, refuse(platter.CodeNotSlot, "schedule.not_slot")
	}
	w := newWindow(v, orderType, now, MaxDays)
	switch {
	case preorderFor.Before(w.earliest) && Paused(v, now):
		return Booking{}, refuse(platter.CodeVenuePaused, "schedule.paused")
	case preorderFor.Before(w.earliest):
		return Booking{}, refuse(platter.CodeTooSoon, "schedule.too_soon")
	case !preorderFor.Before(w.horizon):
		return Booking{}, &platter.Error{Code: platter.CodeTooFarAhead, Message: "schedule.too_far",
			Params: map[string]string{i18n.CountParam: strconv.Itoa(MaxDays)}}
	case !contains(w.open, preorderFor, preorderFor.Add(SlotLength)):
		return Booking{}, refuse(platter.CodeOutsideHours, "schedule.outside_hours")
	case capacity > 0 && usage.Used(preorderFor) >= capacity:
		return Booking{}, refuse(platter.CodeSlotFull, "schedule.slot_full")
	}
	return Booking{Slot: preorderFor.UTC(), ReadyAt: preorderFor.UTC()}, nil
}

func refuse(code int, key string) *platter.Error {
	return &platter.Error{Code: code, Message: key}
}
