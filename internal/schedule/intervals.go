package schedule

import (
	"slices"
	"strconv"
	"time"

	"platter/internal/catalog"
)

// interval is a stretch of absolute time [start, end) when a venue is open.
type interval struct{ start, end time.Time }

// openIntervals turns the venue's wall-clock hours for order type
// orderType into absolute intervals for the local dates first-1 .. last
// (the day before catches a range that runs past midnight into first),
// sorted and merged, so
// back-to-back ranges (11:00-14:00, 14:00-22:00; a 24/7 week) are one
// stretch and no slot is produced twice. A date's ranges are its
// exception's when one applies to the order type (none when it is closed),
// else its weekday's (catalog.Venue.RangesOn); a range of the day before
// still runs past midnight into a closed date, as the evening's customers
// were promised.
//
// Wall times are resolved by wallInstant: across a daylight-saving change a
// range keeps its wall-clock meaning: on the night the clocks go back a range
// 00:00-03:00 lasts four real hours, on the night they go forward two.
func openIntervals(v *catalog.Venue, orderType int, loc *time.Location, first, last time.Time) []interval {
	var out []interval
	for d := first.AddDate(0, 0, -1); !d.After(last); d = d.AddDate(0, 0, 1) {
		for _, r := range v.RangesOn(d.Year(), d.Month(), d.Day(), orderType) {
			open, ok1 := minutesOf(r.Open)
			closing, ok2 := minutesOf(r.Close)
			if !ok1 || !ok2 || open >= minutesPerDay {
				continue // Validate refuses these on import; a bad row opens nothing
			}
			if closing <= open {
				closing += minutesPerDay // runs past midnight (or closes at 00:00)
			}
			iv := interval{wallInstant(d, open, loc), wallInstant(d, closing, loc)}
			if iv.start.Before(iv.end) { // a range inside a skipped hour is empty
				out = append(out, iv)
			}
		}
	}
	slices.SortFunc(out, func(a, b interval) int { return a.start.Compare(b.start) })
	merged := out[:0]
	for _, iv := range out {
		if n := len(merged); n > 0 && !iv.start.After(merged[n-1].end) {
			if iv.end.After(merged[n-1].end) {
				merged[n-1].end = iv.end
			}
			continue
		}
		merged = append(merged, iv)
	}
	return merged
}

// contains reports whether [from, to) lies inside one open interval.
func contains(ivs []interval, from, to time.Time) bool {
	for _, iv := range ivs {
		if !from.Before(iv.start) && !to.After(iv.end) {
			return true
		}
	}
	return false
}

const minutesPerDay = 24 * 60

// minutesOf parses "HH:MM" (00:00 to 24:00) into minutes since midnight.
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

// wallInstant is the moment the venue's clock shows minute min (may exceed a
// day) of the local date of day. time.Date leaves both daylight-saving cases
// unspecified, so they are decided here:
//   - a wall time that happens twice (clocks going back) is its first
//     occurrence: a venue closing at 01:30 closes the first time it is 01:30;
//   - a wall time that never happens (clocks going forward) is the moment of
//     the jump: a venue opening at 01:30 in London on that night opens at
//     02:00 BST, when the clock skips past it.
func wallInstant(day time.Time, min int, loc *time.Location) time.Time {
	wall := time.Date(day.Year(), day.Month(), day.Day(), 0, min, 0, 0, time.UTC)
	naive := wall.Unix()
	// Offsets in force a day either side bracket any change near this time.
	_, offBefore := time.Unix(naive-86400, 0).In(loc).Zone()
	_, offAfter := time.Unix(naive+86400, 0).In(loc).Zone()
	var best time.Time
	for _, off := range []int{offBefore, offAfter} {
		c := time.Unix(naive-int64(off), 0).In(loc)
		if sameWall(c, wall) && (best.IsZero() || c.Before(best)) {
			best = c
		}
	}
	if !best.IsZero() {
		return best
	}
	// Skipped: the jump happens at the end of the zone period that the
	// earlier candidate falls in.
	early := time.Unix(naive-int64(max(offBefore, offAfter)), 0).In(loc)
	_, end := early.ZoneBounds()
	return end.In(loc)
}

func sameWall(t, wall time.Time) bool {
	y, m, d := t.Date()
	wy, wm, wd := wall.Date()
	return y == wy && m == wm && d == wd && t.Hour() == wall.Hour() && t.Minute() == wall.Minute()
}
