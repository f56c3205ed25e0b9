package schedule_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/schedule"
)

const wallLayout = "2006-01-02 15:04 -07:00"

// venue builds a pickup-and-delivery venue in zone with the same hours every
// day of the week.
func venue(zone string, ranges ...string) *catalog.Venue {
	v := &catalog.Venue{TimeZone: zone, OrderTypes: []int{0, 1}}
	for d := range 7 {
		for _, r := range ranges {
			open, closing, _ := strings.Cut(r, "-")
			v.OpeningHours[d] = append(v.OpeningHours[d], catalog.TimeRange{Open: open, Close: closing})
		}
	}
	return v
}

func at(t *testing.T, zone, wall string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	tm, err := time.ParseInLocation("2006-01-02 15:04", wall, loc)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

func walls(slots []schedule.Slot, day string) []string {
	var out []string
	for _, s := range slots {
		if w := s.Start.Format(wallLayout); strings.HasPrefix(w, day) {
			out = append(out, w)
		}
	}
	return out
}

// TestSlotsAcrossDaylightSaving checks the last Sundays of March and October
// 2026 in London and Warsaw: a 24/7 venue has a slot every 15 real minutes
// (none twice, none missing), 23 or 25 hours of them on the day, and the wall
// hour the clocks skip is never offered while the one they repeat is offered
// twice with its two offsets.
func TestSlotsAcrossDaylightSaving(t *testing.T) {
	cases := []struct {
		zone, day     string
		hours         int
		skipped       string // a wall hour "HH:" that must not appear, or ""
		repeated      string // a wall hour "HH:" that appears 8 times, or ""
		before, after string // offsets before and after the change
	}{
		{"Europe/London", "2026-03-29", 23, "01:", "", "+00:00", "+01:00"},
		{"Europe/London", "2026-10-25", 25, "", "01:", "+01:00", "+00:00"},
		{"Europe/Warsaw", "2026-03-29", 23, "02:", "", "+01:00", "+02:00"},
		{"Europe/Warsaw", "2026-10-25", 25, "", "02:", "+02:00", "+01:00"},
	}
	for _, c := range cases {
		t.Run(c.zone+" "+c.day, func(t *testing.T) {
			v := venue(c.zone, "00:00-24:00")
			now := at(t, c.zone, c.day+" 00:00").Add(-time.Hour) // the evening before
			got := schedule.Compute(v, catalog.OrderTypePickup, now, 2, nil)
			for i := 1; i < len(got.Slots); i++ {
				if d := got.Slots[i].Start.Sub(got.Slots[i-1].Start); d != schedule.SlotLength {
					t.Fatalf("slot %d starts %v after the one before (%s → %s)", i, d,
						got.Slots[i-1].Start.Format(wallLayout), got.Slots[i].Start.Format(wallLayout))
				}
			}
			day := walls(got.Slots, c.day)
			if len(day) != c.hours*4 {
				t.Errorf("%d slots on %s, want %d", len(day), c.day, c.hours*4)
			}
			count := map[string]int{}
			for _, w := range day {
				count[w[11:14]]++
			}
			if c.skipped != "" && count[c.skipped] != 0 {
				t.Errorf("the skipped hour %s is offered %d times", c.skipped, count[c.skipped])
			}
			if c.repeated != "" {
				if count[c.repeated] != 8 {
					t.Errorf("the repeated hour %s is offered %d times, want 8", c.repeated, count[c.repeated])
				}
				first := c.day + " " + c.repeated + "00 " + c.before
				second := c.day + " " + c.repeated + "00 " + c.after
				if !contains(day, first) || !contains(day, second) {
					t.Errorf("want both %s and %s among %v", first, second, day)
				}
			}
			if got.Slots[0].Start.Format(wallLayout)[17:] != c.before {
				t.Errorf("first slot %s not in the offset before the change", got.Slots[0].Start.Format(wallLayout))
			}
		})
	}
}

// TestRangesAcrossDaylightSaving: a range whose wall times touch the hour a
// change skips or repeats keeps its wall-clock meaning (a repeated wall time
// is its first occurrence; a skipped one is the moment of the jump).
func TestRangesAcrossDaylightSaving(t *testing.T) {
	cases := []struct {
		name, zone, day, hours string
		want                   []string
	}{
		{"London spring: 00:30-02:30 is one real hour", "Europe/London", "2026-03-29", "00:30-02:30",
			[]string{"00:30 +00:00", "00:45 +00:00", "02:00 +01:00", "02:15 +01:00"}},
		{"London spring: opening in the skipped hour opens at the jump", "Europe/London", "2026-03-29", "01:30-03:00",
			[]string{"02:00 +01:00", "02:15 +01:00", "02:30 +01:00", "02:45 +01:00"}},
		{"London spring: closing in the skipped hour closes at the jump", "Europe/London", "2026-03-29", "00:15-01:30",
			[]string{"00:15 +00:00", "00:30 +00:00", "00:45 +00:00"}},
		{"London autumn: 00:30-02:30 is three real hours", "Europe/London", "2026-10-25", "00:30-02:30",
			[]string{"00:30 +01:00", "00:45 +01:00", "01:00 +01:00", "01:15 +01:00", "01:30 +01:00", "01:45 +01:00",
				"01:00 +00:00", "01:15 +00:00", "01:30 +00:00", "01:45 +00:00", "02:00 +00:00", "02:15 +00:00"}},
		{"London autumn: closing at a repeated time closes the first time", "Europe/London", "2026-10-25", "00:30-01:30",
			[]string{"00:30 +01:00", "00:45 +01:00", "01:00 +01:00", "01:15 +01:00"}},
		{"Warsaw spring: a range inside the skipped hour never opens", "Europe/Warsaw", "2026-03-29", "02:00-03:00",
			nil},
		{"Warsaw autumn: 02:00-03:00 is two real hours", "Europe/Warsaw", "2026-10-25", "02:00-03:00",
			[]string{"02:00 +02:00", "02:15 +02:00", "02:30 +02:00", "02:45 +02:00",
				"02:00 +01:00", "02:15 +01:00", "02:30 +01:00", "02:45 +01:00"}},
		{"Warsaw spring: a range past midnight spans the jump", "Europe/Warsaw", "2026-03-29", "23:30-03:30",
			[]string{"00:00 +01:00", "00:15 +01:00", "00:30 +01:00", "00:45 +01:00", "01:00 +01:00", "01:15 +01:00",
				"01:30 +01:00", "01:45 +01:00", "03:00 +02:00", "03:15 +02:00", "23:30 +02:00", "23:45 +02:00"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := venue(c.zone, c.hours)
			now := at(t, c.zone, c.day+" 00:00").Add(-12 * time.Hour)
			got := walls(schedule.Compute(v, catalog.OrderTypePickup, now, 2, nil).Slots, c.day)
			var short []string
			for _, w := range got {
				short = append(short, w[11:])
			}
			if fmt.Sprint(short) != fmt.Sprint(c.want) {
				t.Errorf("slots on %s:\n got %v\nwant %v", c.day, short, c.want)
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}
