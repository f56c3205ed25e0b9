package catalog_test

import (
	"testing"

	"platter/internal/catalog"
)

// 2026-12-24 is a Thursday, 2026-12-25 a Friday (GMT). londonVenue opens
// Thursdays 11-15 and 17-23 and Fridays 11:00 to 00:30.
func TestOpenAtWithExceptions(t *testing.T) {
	v := londonVenue()
	v.Exceptions = []catalog.HoursException{
		{Date: "2026-12-25", Closed: true, Note: "Closed for Christmas"},
		{Date: "2026-12-24", Ranges: []catalog.TimeRange{{Open: "10:00", Close: "14:00"}}, Note: "Short day"},
		// Boxing Day (a Saturday, normally 12-24): delivery only.
		{Date: "2026-12-26", Closed: true, OrderTypes: []int{catalog.OrderTypePickup}, Note: "Delivery only"},
		// New Year's Eve (a Thursday) runs past midnight into New Year's Day.
		{Date: "2026-12-31", Ranges: []catalog.TimeRange{{Open: "18:00", Close: "02:00"}}},
		{Date: "2027-01-01", Closed: true},
	}
	cases := []struct {
		when       string
		open       bool
		deliv, pic bool
	}{
		{"2026-12-24 10:30", true, true, true}, // special hours open earlier
		{"2026-12-24 14:30", false, false, false},
		{"2026-12-24 18:00", false, false, false}, // the evening range is replaced
		{"2026-12-25 12:00", false, false, false}, // closed all day
		{"2026-12-26 13:00", true, true, false},   // delivery only
		{"2026-12-31 23:30", true, true, true},
		{"2027-01-01 01:30", true, true, true}, // the eve's range runs into a closed date
		{"2027-01-01 02:00", false, false, false},
		{"2027-01-01 12:00", false, false, false},
		{"2027-01-02 13:00", true, true, true}, // back to the weekday
	}
	for _, tc := range cases {
		at := at(t, tc.when)
		if got := v.OpenAt(at); got != tc.open {
			t.Errorf("OpenAt(%s) = %v; want %v", tc.when, got, tc.open)
		}
		if got := v.OpenFor(at, catalog.OrderTypeDelivery); got != tc.deliv {
			t.Errorf("OpenFor(%s, delivery) = %v; want %v", tc.when, got, tc.deliv)
		}
		if got := v.OpenFor(at, catalog.OrderTypePickup); got != tc.pic {
			t.Errorf("OpenFor(%s, pickup) = %v; want %v", tc.when, got, tc.pic)
		}
	}
	// Closed on Christmas Day: the next opening is Boxing Day at noon, not
	// Christmas Day at 11.
	got, ok := v.NextOpening(at(t, "2026-12-24 20:00"))
	if want := at(t, "2026-12-26 12:00"); !ok || !got.Equal(want) {
		t.Errorf("NextOpening = %v %v; want %v", got, ok, want)
	}
}

func TestNotices(t *testing.T) {
	v := londonVenue()
	v.Exceptions = []catalog.HoursException{
		{Date: "2026-12-31", Closed: true, Note: "Later"},
		{Date: "2026-12-25", Closed: true, Note: "Christmas"},
		{Date: "2026-12-23", Closed: true, Note: "Past"},
	}
	got := v.Notices(at(t, "2026-12-24 23:30"), 7) // 24th to 30th
	if len(got) != 1 || got[0].Note != "Christmas" {
		t.Errorf("Notices = %+v; want Christmas only", got)
	}
	got = v.Notices(at(t, "2026-12-24 23:30"), 8)
	if len(got) != 2 || got[0].Date != "2026-12-25" || got[1].Date != "2026-12-31" {
		t.Errorf("Notices over 8 days = %+v; want the 25th then the 31st", got)
	}
}
