package catalog

import (
	"slices"
	"time"
)

// HoursException overrides a venue's weekly opening hours for one local date
// (docs/architecture.md §10): a holiday (Closed), special hours (Ranges) or,
// with OrderTypes, either of them for some order types only ("delivery
// only" is a closed pickup). Note is what customers are told ("Closed for
// Christmas"). A range may run past midnight into the next date, as a
// weekday's may.
type HoursException struct {
	Date       string      `json:"date"` // "YYYY-MM-DD" in the venue's zone
	Closed     bool        `json:"closed"`
	Ranges     []TimeRange `json:"ranges"`
	OrderTypes []int       `json:"order_types"`
	Note       string      `json:"note"`
}

// AppliesTo reports whether the exception decides the hours of order type t
// (an exception listing no order types decides them all).
func (e *HoursException) AppliesTo(t int) bool {
	return len(e.OrderTypes) == 0 || slices.Contains(e.OrderTypes, t)
}

// dateKey is a local calendar date as exceptions name it.
func dateKey(year int, month time.Month, day int) string {
	return time.Date(year, month, day, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// ExceptionOn returns the exception that decides order type t on the local
// date (nil: the weekday's hours apply).
func (v *Venue) ExceptionOn(date string, t int) *HoursException {
	for i := range v.Exceptions {
		if e := &v.Exceptions[i]; e.Date == date && e.AppliesTo(t) {
			return e
		}
	}
	return nil
}

// RangesOn returns the opening ranges of order type t that start on the
// local date year-month-day: the exception's for that date when one applies
// (none when it closes the venue), else the weekday's.
func (v *Venue) RangesOn(year int, month time.Month, day int, t int) []TimeRange {
	if e := v.ExceptionOn(dateKey(year, month, day), t); e != nil {
		if e.Closed {
			return nil
		}
		return e.Ranges
	}
	wd := time.Date(year, month, day, 0, 0, 0, 0, time.UTC).Weekday()
	return v.OpeningHours[int(wd)]
}

// Notices returns the exceptions with a note whose date lies within days
// local dates from now's (today included), in date order: what the
// storefront tells customers ahead ("Closed on 25 December").
func (v *Venue) Notices(now time.Time, days int) []HoursException {
	local := now.In(v.Location())
	from := dateKey(local.Year(), local.Month(), local.Day())
	to := dateKey(local.Year(), local.Month(), local.Day()+days-1)
	var out []HoursException
	for _, e := range v.Exceptions {
		if e.Date >= from && e.Date <= to {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b HoursException) int {
		switch {
		case a.Date < b.Date:
			return -1
		case a.Date > b.Date:
			return 1
		}
		return 0
	})
	return out
}
