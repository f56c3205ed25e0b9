package schedule_test

import (
	"fmt"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/schedule"
)

// TestSlotsFollowExceptions: a dated exception replaces the weekday's hours
// for its date in the venue's zone (for its order types only), a range past
// midnight still runs into the next date, and on the night the clocks go
// back a special range keeps its wall-clock meaning.
func TestSlotsFollowExceptions(t *testing.T) {
	v := venue("Europe/London", "12:00-13:00", "18:00-19:00") // split hours every day
	v.Exceptions = []catalog.HoursException{
		{Date: "2026-12-25", Closed: true, Note: "Closed for Christmas"},
		{Date: "2026-12-26", Closed: true, OrderTypes: []int{catalog.OrderTypePickup}, Note: "Delivery only"},
		{Date: "2026-12-31", Ranges: []catalog.TimeRange{{Open: "23:00", Close: "00:30"}}},
		{Date: "2026-10-25", Ranges: []catalog.TimeRange{{Open: "00:30", Close: "02:30"}}}, // clocks go back
	}
	now := at(t, "Europe/London", "2026-12-24 08:00")
	pickup := schedule.Compute(v, catalog.OrderTypePickup, now, 3, nil)
	delivery := schedule.Compute(v, catalog.OrderTypeDelivery, now, 3, nil)
	if got := walls(pickup.Slots, "2026-12-24"); len(got) != 8 {
		t.Errorf("24th: %d pickup slots, want 8 (two split ranges): %v", len(got), got)
	}
	if got := walls(pickup.Slots, "2026-12-25"); len(got) != 0 {
		t.Errorf("Christmas: pickup slots %v, want none", got)
	}
	if got := walls(delivery.Slots, "2026-12-25"); len(got) != 0 {
		t.Errorf("Christmas: delivery slots %v, want none", got)
	}
	if got := walls(pickup.Slots, "2026-12-26"); len(got) != 0 {
		t.Errorf("Boxing Day: pickup slots %v, want none (delivery only)", got)
	}
	if got := walls(delivery.Slots, "2026-12-26"); len(got) != 8 {
		t.Errorf("Boxing Day: %d delivery slots, want 8", len(got))
	}
	// ASAP at noon on Christmas Day: closed.
	if a := schedule.Compute(v, catalog.OrderTypePickup, at(t, "Europe/London", "2026-12-25 12:10"), 1, nil); a.AsapAvailable {
		t.Error("ASAP is available on a closed day")
	}

	eve := schedule.Compute(v, catalog.OrderTypePickup, at(t, "Europe/London", "2026-12-31 20:00"), 2, nil)
	var short []string
	for _, s := range eve.Slots {
		short = append(short, s.Start.Format("01-02 15:04"))
	}
	want := "[12-31 23:00 12-31 23:15 12-31 23:30 12-31 23:45 01-01 00:00 01-01 00:15 " +
		"01-01 12:00 01-01 12:15 01-01 12:30 01-01 12:45 01-01 18:00 01-01 18:15 01-01 18:30 01-01 18:45]"
	if fmt.Sprint(short) != want {
		t.Errorf("New Year's Eve past midnight:\n got %v\nwant %v", short, want)
	}

	// The night the clocks go back, 00:30-02:30 is three real hours.
	autumn := schedule.Compute(v, catalog.OrderTypePickup, at(t, "Europe/London", "2026-10-24 12:00").Add(-time.Hour), 2, nil)
	if got := walls(autumn.Slots, "2026-10-25"); len(got) != 12 {
		t.Errorf("DST night: %d slots, want 12: %v", len(got), got)
	}
}
