package catalog

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Daypart is when an item is served (docs/architecture.md §10): on the weekdays
// listed (0 Sunday … 6 Saturday), from From until To ("HH:MM", To may be
// "24:00"), in the venue's own zone. A To before From runs past midnight
// into the next day, as opening hours do: {Fri, 22:00, 02:00} is Friday
// 22:00 until Saturday 02:00 (the days are the ones a daypart starts on). An item with no dayparts is served all
// day; one with dayparts is listed as unavailable outside them (judged at
// now), and checkout refuses it when the order's own time falls outside
// them (Item.ServedAt: the slot of a pre-order, now for ASAP).
type Daypart struct {
	Days []int  `json:"days"`
	From string `json:"from"`
	To   string `json:"to"`
}

// MaxDayparts bounds an item's dayparts.
const MaxDayparts = 14

// covers reports whether t (already in the venue's zone) falls in d: after
// From on one of its days, or, when d runs past midnight, before To on the
// day after one of them.
func (d Daypart) covers(local time.Time) bool {
	from, ok1 := minutesOf(d.From)
	to, ok2 := minutesOf(d.To)
	if !ok1 || !ok2 {
		return false
	}
	now := local.Hour()*60 + local.Minute()
	today := int(local.Weekday())
	if from < to {
		return slices.Contains(d.Days, today) && now >= from && now < to
	}
	yesterday := (today + 6) % 7
	return (slices.Contains(d.Days, today) && now >= from) || (slices.Contains(d.Days, yesterday) && now < to)
}

// Served reports whether an item with these dayparts is served at t in loc.
func Served(dps []Daypart, t time.Time, loc *time.Location) bool {
	if len(dps) == 0 {
		return true
	}
	local := t.In(loc)
	for _, d := range dps {
		if d.covers(local) {
			return true
		}
	}
	return false
}

// ServedAt reports whether the item can be ordered for at, in loc: its
// dayparts cover at, and it is in stock then (available, or sold out only
// by a timed snooze that has ended by at).
func (it *Item) ServedAt(at time.Time, loc *time.Location) (inStock, inHours bool) {
	inStock = it.IsAvailable || (!it.SnoozedUntil.IsZero() && !at.Before(it.SnoozedUntil))
	return inStock, Served(it.Dayparts, at, loc)
}

// nextDaypartChange is the first boundary of dps after t (a daypart
// starting or ending), within the coming week; zero when there is none. A
// daypart past midnight ends on the day after its start (yesterday's may
// end today).
func nextDaypartChange(dps []Daypart, t time.Time, loc *time.Location) time.Time {
	local := t.In(loc)
	var best time.Time
	for day := -1; day <= 7; day++ {
		date := time.Date(local.Year(), local.Month(), local.Day()+day, 0, 0, 0, 0, loc)
		for _, d := range dps {
			if !slices.Contains(d.Days, int(date.Weekday())) {
				continue
			}
			from, ok1 := minutesOf(d.From)
			to, ok2 := minutesOf(d.To)
			if !ok1 || !ok2 {
				continue
			}
			if to <= from {
				to += minutesPerDay
			}
			for _, m := range []int{from, to} {
				at := time.Date(date.Year(), date.Month(), date.Day(), m/60, m%60, 0, 0, loc)
				if at.After(t) && (best.IsZero() || at.Before(best)) {
					best = at
				}
			}
		}
		if !best.IsZero() {
			return best
		}
	}
	return best
}

// ApplyTime marks the items not served at now (their dayparts in loc) out
// of hours, and moves FreshUntil to the first daypart boundary after now
// when that is sooner. m must be the caller's own copy.
func (m *Menu) ApplyTime(now time.Time, loc *time.Location) {
	for i := range m.Items {
		it := &m.Items[i]
		if len(it.Dayparts) == 0 {
			continue
		}
		it.OutOfHours = !Served(it.Dayparts, now, loc)
		m.FreshBefore(nextDaypartChange(it.Dayparts, now, loc))
	}
}

// FreshBefore moves FreshUntil to t when t is set and sooner.
func (m *Menu) FreshBefore(t time.Time) {
	if !t.IsZero() && (m.FreshUntil.IsZero() || t.Before(m.FreshUntil)) {
		m.FreshUntil = t
	}
}

// DaypartsText is an item's dayparts for a message ("07:00–11:00"), the
// distinct ranges in order.
func DaypartsText(dps []Daypart) string {
	var out []string
	for _, d := range dps {
		r := d.From + "–" + d.To
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return strings.Join(out, ", ")
}

// validateDayparts checks an item's dayparts: known weekdays, each once,
// To other than From (a To before From runs past midnight).
func (p *problems) validateDayparts(path string, dps []Daypart) {
	p.check(len(dps) <= MaxDayparts, path, "must list at most %d dayparts", MaxDayparts)
	for i, d := range dps {
		dp := idx(path, i)
		p.check(len(d.Days) > 0, dp+".days", "must name at least one weekday")
		seen := map[string]bool{}
		for j, day := range d.Days {
			p.check(day >= 0 && day <= 6, idx(dp+".days", j), "must be 0 (Sunday) to 6 (Saturday)")
			p.unique(seen, idx(dp+".days", j), fmt.Sprint(day))
		}
		from, ok1 := minutesOf(d.From)
		to, ok2 := minutesOf(d.To)
		p.check(ok1 && from < minutesPerDay, dp+".from", "must be a time HH:MM")
		p.check(ok2, dp+".to", "must be a time HH:MM (24:00 for midnight)")
		if ok1 && ok2 {
			p.check(from != to, dp+".to", "must not be the same as from")
		}
	}
}
