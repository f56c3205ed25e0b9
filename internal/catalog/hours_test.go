package catalog_test

import (
	"math"
	"testing"
	"time"

	"platter/internal/catalog"
)

func londonVenue() *catalog.Venue {
	v := &catalog.Venue{TimeZone: "Europe/London", Lat: 51.5136, Lng: -0.1365,
		OrderTypes: []int{0, 1}, DeliveryRadiusM: 5000}
	for d := 0; d < 7; d++ {
		v.OpeningHours[d] = []catalog.TimeRange{{Open: "11:00", Close: "15:00"}, {Open: "17:00", Close: "23:00"}}
	}
	v.OpeningHours[5] = []catalog.TimeRange{{Open: "11:00", Close: "00:30"}} // Friday past midnight
	v.OpeningHours[6] = []catalog.TimeRange{{Open: "12:00", Close: "24:00"}} // Saturday to midnight
	v.OpeningHours[2] = []catalog.TimeRange{{Open: "00:00", Close: "24:00"}} // Tuesday all day
	v.OpeningHours[0] = nil                                                  // Sunday closed
	v.OpeningHours[1] = []catalog.TimeRange{{Open: "09:00", Close: "10:00"}} // Monday morning only
	return v
}

func at(t *testing.T, s string) time.Time {
	t.Helper()
	loc, _ := time.LoadLocation("Europe/London")
	tm, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// 2026-06-05 is a Friday (BST, UTC+1); 2026-01-09 is a Friday (GMT).
func TestOpenAt(t *testing.T) {
	v := londonVenue()
	cases := []struct {
		when string
		open bool
	}{
		{"2026-06-03 10:59", false}, // Wednesday before opening
		{"2026-06-03 11:00", true},
		{"2026-06-03 15:00", false}, // the afternoon gap; close is exclusive
		{"2026-06-03 22:59", true},
		{"2026-06-03 23:00", false},
		{"2026-06-05 23:59", true},  // Friday night
		{"2026-06-06 00:29", true},  // Saturday small hours, Friday's range
		{"2026-06-06 00:30", false}, // Friday's range ended
		{"2026-06-06 23:59", true},  // Saturday to 24:00
		{"2026-06-07 00:00", false}, // Sunday closed; 24:00 does not spill over
		{"2026-06-09 00:00", true},  // Tuesday all day
		{"2026-06-09 23:59", true},
		{"2026-01-09 23:45", true}, // winter time too
	}
	for _, tc := range cases {
		if got := v.OpenAt(at(t, tc.when)); got != tc.open {
			t.Errorf("OpenAt(%s) = %v, want %v", tc.when, got, tc.open)
		}
	}
	// The zone matters: 22:30 UTC in June is 23:30 in London, closed on a Wednesday.
	if v.OpenAt(time.Date(2026, 6, 3, 22, 30, 0, 0, time.UTC)) {
		t.Error("UTC time judged without the venue's zone")
	}
}

func TestNextOpening(t *testing.T) {
	v := londonVenue()
	cases := []struct{ when, want string }{
		{"2026-06-03 09:00", "2026-06-03 11:00"}, // later today
		{"2026-06-03 16:00", "2026-06-03 17:00"}, // after the gap
		{"2026-06-03 12:00", "2026-06-03 12:00"}, // open now
		{"2026-06-07 10:00", "2026-06-08 09:00"}, // Sunday closed → Monday
		{"2026-06-08 10:30", "2026-06-09 00:00"}, // Monday evening → Tuesday midnight
	}
	for _, tc := range cases {
		got, ok := v.NextOpening(at(t, tc.when))
		if !ok || !got.Equal(at(t, tc.want)) {
			t.Errorf("NextOpening(%s) = %v %v, want %s", tc.when, got, ok, tc.want)
		}
	}
	if _, ok := (&catalog.Venue{TimeZone: "Europe/London"}).NextOpening(time.Now()); ok {
		t.Error("a venue without hours has a next opening")
	}
}

func TestDistanceAndDelivery(t *testing.T) {
	// Soho to Shoreditch is about 4.3 km.
	d := catalog.DistanceKm(51.5136, -0.1365, 51.5265, -0.0780)
	if math.Abs(d-4.26) > 0.1 {
		t.Errorf("distance = %.3f km", d)
	}
	if catalog.DistanceKm(50, 19, 50, 19) != 0 {
		t.Error("distance to self is not 0")
	}
	v := londonVenue()
	cases := []struct {
		lat, lng float64
		ok       bool
	}{
		{51.5265, -0.0780, true},  // Shoreditch, within 5 km
		{51.4545, -0.0000, false}, // Lewisham, too far
		{50.0617, 19.9373, false}, // Kraków
	}
	for _, tc := range cases {
		if got := v.DeliversTo(tc.lat, tc.lng); got != tc.ok {
			t.Errorf("DeliversTo(%v,%v) = %v", tc.lat, tc.lng, got)
		}
	}
	v.OrderTypes = []int{catalog.OrderTypePickup}
	if v.DeliversTo(51.5136, -0.1365) {
		t.Error("pickup-only venue delivers")
	}
}
