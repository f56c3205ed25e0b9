package catalog

import (
	"math"
	"strconv"
	"sync"
	"time"
	_ "time/tzdata" // venues name IANA zones; slim containers lack /usr/share/zoneinfo
)

const minutesPerDay = 24 * 60

// span is a TimeRange in minutes since local midnight; end may exceed a day
// when the range runs past midnight.
type span struct{ start, end int }

// spanOf parses a range. A close of "00:00" or "24:00" means midnight at the
// end of the day, and a close before the open runs into the next day.
// ok is false for unparseable values, which Validate rejects on import.
func spanOf(r TimeRange) (span, bool) {
	open, ok1 := minutesOf(r.Open)
	closing, ok2 := minutesOf(r.Close)
	if !ok1 || !ok2 || open >= minutesPerDay {
		return span{}, false
	}
	if closing <= open {
		closing += minutesPerDay
	}
	return span{open, closing}, true
}

func minutesOf(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || m < 0 || m > 59 || h*60+m > minutesPerDay {
		return 0, false
	}
	return h*60 + m, true
}

// Location returns the venue's time zone, falling back to UTC for a zone the
// system does not know, so a bad row cannot take the storefront down.
func (v *Venue) Location() *time.Location {
	if loc, ok := zones.Load(v.TimeZone); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(v.TimeZone)
	if err != nil {
		return time.UTC
	}
	zones.Store(v.TimeZone, loc)
	return loc
}

// zones memoises time.LoadLocation, which reads and parses the zone file on
// every call (about 40 µs, most of a slot check at checkout). The one
// package-level variable of the package, and harmless: a *time.Location
// never changes, and the keys are the few IANA zones venues name (unknown
// ones are not stored).
var zones sync.Map

// OpenAt reports whether the venue is open at t for any order type it
// offers (OpenFor).
func (v *Venue) OpenAt(t time.Time) bool {
	for _, ot := range v.OrderTypes {
		if v.OpenFor(t, ot) {
			return true
		}
	}
	return false
}

// OpenFor reports whether the venue is open for order type ot at t, judged
// by the wall clock in the venue's own time zone: the ranges of the local
// date (its exception's, when one applies, else its weekday's), and those of
// the day before that run past midnight into the small hours.
func (v *Venue) OpenFor(t time.Time, ot int) bool {
	local := t.In(v.Location())
	now := local.Hour()*60 + local.Minute()
	y, m, d := local.Date()
	for _, r := range v.RangesOn(y, m, d, ot) {
		if s, ok := spanOf(r); ok && now >= s.start && now < s.end {
			return true
		}
	}
	for _, r := range v.RangesOn(y, m, d-1, ot) {
		if s, ok := spanOf(r); ok && s.end > minutesPerDay && now < s.end-minutesPerDay {
			return true
		}
	}
	return false
}

// NextOpening returns the first moment at or after t when the venue is open
// for some order type: t itself when it is open already, else the start of
// its next range within the coming week (exceptions included). ok is false
// when it opens at no time in that week.
func (v *Venue) NextOpening(t time.Time) (time.Time, bool) {
	if v.OpenAt(t) {
		return t, true
	}
	loc := v.Location()
	local := t.In(loc)
	var best time.Time
	for d := 0; d <= 7; d++ {
		day := time.Date(local.Year(), local.Month(), local.Day()+d, 0, 0, 0, 0, loc)
		for _, ot := range v.OrderTypes {
			for _, r := range v.RangesOn(day.Year(), day.Month(), day.Day(), ot) {
				s, ok := spanOf(r)
				if !ok {
					continue
				}
				// time.Date normalises a wall time that a DST jump skips.
				at := time.Date(day.Year(), day.Month(), day.Day(), s.start/60, s.start%60, 0, 0, loc)
				if at.After(t) && (best.IsZero() || at.Before(best)) {
					best = at
				}
			}
		}
		if !best.IsZero() {
			return best, true
		}
	}
	return time.Time{}, false
}

// earthRadiusKm is the mean Earth radius the haversine uses (docs/architecture.md §5).
const earthRadiusKm = 6371.0

// DistanceKm is the great-circle distance between two points in kilometres
// (haversine, R = 6371 km).
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLng := (lng2 - lng1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(a)))
}
