// Package schedule decides when a venue can take an order: as soon as
// possible (ASAP) now, or for a 15-minute pre-order slot within its opening
// hours in the coming days (docs/product.md §2, docs/architecture.md §4, §9). It is pure: the
// caller passes the venue, the clock and how full the slots are, so the
// rules are table-tested without a database.
//
// Slots start on the quarter hours of absolute time (Unix seconds divisible
// by 900). Every zone a venue may name is offset from UTC by whole quarter
// hours, so they are also the quarter hours of the venue's wall clock, and a
// daylight-saving change can neither skip nor repeat a slot: on the night the
// clocks go back, 01:00-01:45 wall time is offered twice, as two distinct
// slots with two offsets, and on the night they go forward it is not offered
// at all.
package schedule

import (
	"time"

	"platter/internal/catalog"
)

// SlotLength is the length of a pre-order slot.
const SlotLength = 15 * time.Minute

// MaxDays is how many local calendar days (today included) slots are
// offered and accepted for.
const MaxDays = 7

// Usage says how many places of each slot are taken: slot start in Unix
// seconds → orders holding a place. A nil Usage is an empty one.
type Usage map[int64]int

// Used returns the places taken in the slot starting at start.
func (u Usage) Used(start time.Time) int { return u[start.Unix()] }

// Slot is one pre-order slot, in the venue's zone. Available is false when
// the venue's capacity for the order type is used up.
type Slot struct {
	Start, End time.Time
	Available  bool
}

// Availability is what a customer may choose now for one venue and order
// type. FirstAsapAt is the earliest time an order placed now can be ready:
// now plus the lead time when AsapAvailable, else the start of the first
// slot with room (zero when there is none within the days asked for).
type Availability struct {
	AsapAvailable bool
	FirstAsapAt   time.Time
	Slots         []Slot
}

// LeadTime is how long after it is placed an order of type orderType can be
// ready: prep minutes, plus busy minutes, plus delivery minutes for delivery.
func LeadTime(v *catalog.Venue, orderType int) time.Duration {
	m := v.PrepMinutes + max(v.BusyMinutes, 0)
	if orderType == catalog.OrderTypeDelivery {
		m += v.DeliveryMinutes
	}
	return time.Duration(m) * time.Minute
}

// SlotOf returns the start of the slot holding t.
func SlotOf(t time.Time) time.Time {
	return t.Truncate(SlotLength)
}

// Paused reports whether the venue takes no ASAP orders at now.
func Paused(v *catalog.Venue, now time.Time) bool {
	return !v.PausedUntil.IsZero() && now.Before(v.PausedUntil)
}

// window is the venue's schedule as seen at one moment: its zone, its open
// intervals up to the horizon, and the earliest slot start allowed.
type window struct {
	loc      *time.Location
	open     []interval
	earliest time.Time // no slot may start before this
	horizon  time.Time // nor at or after this: local midnight after the last day
}

func newWindow(v *catalog.Venue, orderType int, now time.Time, days int) window {
	days = min(max(days, 1), MaxDays)
	loc := v.Location()
	local := now.In(loc)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	last := today.AddDate(0, 0, days-1)
	from := now
	if Paused(v, now) {
		// A paused kitchen resumes at PausedUntil and needs its lead time
		// from then: no slot is promised before.
		from = v.PausedUntil
	}
	return window{
		loc:      loc,
		open:     openIntervals(v, orderType, loc, today, last),
		earliest: from.Add(LeadTime(v, orderType)),
		horizon:  wallInstant(last, minutesPerDay, loc),
	}
}

// Compute lists the pre-order slots of the next days local calendar days
// (1..MaxDays; today included) that lie wholly within opening hours and start
// no sooner than the lead time from now (from the end of a pause, when
// paused), and says whether ASAP is possible: the venue is open and not
// paused and, when it limits orders per slot, the slot an ASAP order would be
// ready in has room. The caller has checked that the venue offers orderType.
func Compute(v *catalog.Venue, orderType int, now time.Time, days int, usage Usage) Availability {
	w := newWindow(v, orderType, now, days)
	capacity := v.CapacityFor(orderType)
	var out Availability
	for _, iv := range w.open {
		start := ceilSlot(maxTime(iv.start, w.earliest))
		for ; !start.Add(SlotLength).After(iv.end) && start.Before(w.horizon); start = start.Add(SlotLength) {
			out.Slots = append(out.Slots, Slot{
				Start:     start.In(w.loc),
				End:       start.Add(SlotLength).In(w.loc),
				Available: capacity <= 0 || usage.Used(start) < capacity,
			})
		}
	}
	ready := now.Add(LeadTime(v, orderType))
	out.AsapAvailable = isOpen(w.open, now) && !Paused(v, now) &&
		(capacity <= 0 || usage.Used(SlotOf(ready)) < capacity)
	if out.AsapAvailable {
		out.FirstAsapAt = ready.In(w.loc)
		return out
	}
	for _, s := range out.Slots {
		if s.Available {
			out.FirstAsapAt = s.Start
			break
		}
	}
	return out
}

func isOpen(ivs []interval, t time.Time) bool {
	for _, iv := range ivs {
		if !t.Before(iv.start) && t.Before(iv.end) {
			return true
		}
	}
	return false
}

// ceilSlot rounds t up to a slot start.
func ceilSlot(t time.Time) time.Time {
	s := SlotOf(t)
	if s.Before(t) {
		s = s.Add(SlotLength)
	}
	return s
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
