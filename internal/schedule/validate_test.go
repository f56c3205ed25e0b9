package schedule_test

import (
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/schedule"
)

const london = "Europe/London"

// demoVenue is like the demo venues: open 11:00-22:00 London, 20 minutes'
// prep, 25 minutes' delivery.
func demoVenue() *catalog.Venue {
	v := venue(london, "11:00-22:00")
	v.PrepMinutes, v.DeliveryMinutes = 20, 25
	return v
}

func TestFirstSlotRespectsLeadTime(t *testing.T) {
	cases := []struct {
		name      string
		edit      func(*catalog.Venue)
		orderType int
		now, want string // wall times on 2026-06-10 (BST)
	}{
		{"pickup: prep 20 from 12:07 → 12:27 → 12:30", nil, catalog.OrderTypePickup, "12:07", "12:30"},
		{"pickup on a boundary: 12:10 + 20 = 12:30 itself", nil, catalog.OrderTypePickup, "12:10", "12:30"},
		{"delivery adds delivery minutes: 12:07 + 45 → 13:00", nil, catalog.OrderTypeDelivery, "12:07", "13:00"},
		{"busy minutes add to prep: 12:07 + 20 + 30 → 13:00", func(v *catalog.Venue) { v.BusyMinutes = 30 },
			catalog.OrderTypePickup, "12:07", "13:00"},
		{"before opening: the first slot is at opening", nil, catalog.OrderTypePickup, "08:00", "11:00"},
		{"paused until 14:00: lead counts from then", func(v *catalog.Venue) {
			v.PausedUntil = time.Date(2026, 6, 10, 13, 0, 0, 0, time.UTC) // 14:00 BST
		}, catalog.OrderTypePickup, "12:07", "14:30"},
		{"a pause that has ended changes nothing", func(v *catalog.Venue) {
			v.PausedUntil = time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
		}, catalog.OrderTypePickup, "12:07", "12:30"},
		{"after the last slot: tomorrow's opening", nil, catalog.OrderTypePickup, "21:50", "2026-06-11 11:00"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := demoVenue()
			if c.edit != nil {
				c.edit(v)
			}
			got := schedule.Compute(v, c.orderType, at(t, london, "2026-06-10 "+c.now), 7, nil)
			want := c.want
			if len(want) == 5 {
				want = "2026-06-10 " + want
			}
			if first := got.Slots[0].Start.Format("2006-01-02 15:04"); first != want {
				t.Errorf("first slot %s, want %s", first, want)
			}
		})
	}
}

func TestSlotsOfAWeek(t *testing.T) {
	v := demoVenue()
	now := at(t, london, "2026-06-10 08:00")
	got := schedule.Compute(v, catalog.OrderTypePickup, now, 7, nil)
	if len(got.Slots) != 7*44 {
		t.Fatalf("%d slots in 7 days of 11:00-22:00, want %d", len(got.Slots), 7*44)
	}
	last := got.Slots[len(got.Slots)-1]
	if s := last.Start.Format(wallLayout); s != "2026-06-16 21:45 +01:00" {
		t.Errorf("last slot starts %s, want the 16th at 21:45 BST", s)
	}
	if e := last.End.Format(wallLayout); e != "2026-06-16 22:00 +01:00" {
		t.Errorf("last slot ends %s", e)
	}
	if n := len(schedule.Compute(v, catalog.OrderTypePickup, now, 30, nil).Slots); n != 7*44 {
		t.Errorf("30 days asked: %d slots, want at most 7 days' worth", n)
	}
	if n := len(schedule.Compute(v, catalog.OrderTypePickup, now, 1, nil).Slots); n != 44 {
		t.Errorf("1 day: %d slots, want today's 44", n)
	}
	if got := schedule.Compute(venue(london), 1, now, 7, nil); len(got.Slots) != 0 || got.AsapAvailable ||
		!got.FirstAsapAt.IsZero() {
		t.Errorf("a venue with no hours: %+v", got)
	}
}

func TestAsapAndCapacity(t *testing.T) {
	now := at(t, london, "2026-06-10 12:07") // pickup ready 12:27, slot 12:15
	slot := func(wall string) int64 { return at(t, london, "2026-06-10 "+wall).Unix() }
	cases := []struct {
		name      string
		capacity  int
		paused    bool
		now       time.Time
		usage     schedule.Usage
		wantAsap  bool
		wantFirst string
		full      []string // slots offered as not available
	}{
		{"open, unlimited: ASAP, ready in 20 minutes", 0, false, now,
			schedule.Usage{slot("12:15"): 99, slot("12:30"): 99}, true, "12:27", nil},
		{"room in the ASAP slot", 3, false, now, schedule.Usage{slot("12:15"): 2}, true, "12:27", nil},
		{"ASAP slot full: ASAP moves to the first slot with room", 3, false, now,
			schedule.Usage{slot("12:15"): 3, slot("12:30"): 3, slot("12:45"): 5}, false, "13:00",
			[]string{"12:30", "12:45"}},
		{"paused: no ASAP; slots from the end of the pause", 0, true, now, nil, false, "13:30", nil},
		{"closed: no ASAP; first slot at opening", 0, false, at(t, london, "2026-06-10 09:00"), nil,
			false, "11:00", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := demoVenue()
			v.SlotCapacity[catalog.OrderTypePickup] = c.capacity
			v.SlotCapacity[catalog.OrderTypeDelivery] = 1 // never the pickup's
			if c.paused {
				v.PausedUntil = at(t, london, "2026-06-10 13:05")
			}
			got := schedule.Compute(v, catalog.OrderTypePickup, c.now, 1, c.usage)
			if got.AsapAvailable != c.wantAsap {
				t.Errorf("asap_available %v, want %v", got.AsapAvailable, c.wantAsap)
			}
			if f := got.FirstAsapAt.Format("15:04"); f != c.wantFirst {
				t.Errorf("first_asap_at %s, want %s", f, c.wantFirst)
			}
			var full []string
			for _, s := range got.Slots {
				if !s.Available {
					full = append(full, s.Start.Format("15:04"))
				}
			}
			if len(full) != len(c.full) || (len(full) > 0 && full[0] != c.full[0]) {
				t.Errorf("full slots %v, want %v", full, c.full)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	now := at(t, london, "2026-06-10 12:07")
	slotAt := func(wall string) time.Time { return at(t, london, wall) }
	usage := schedule.Usage{slotAt("2026-06-10 14:00").Unix(): 2, slotAt("2026-06-10 12:15").Unix(): 2}
	cases := []struct {
		name      string
		edit      func(*catalog.Venue)
		orderType int
		asap      bool
		preorder  time.Time
		now       time.Time
		code      int    // 0: accepted
		slot      string // the slot taken when accepted
	}{
		{"ASAP while open takes the slot it is ready in", nil, 1, true, time.Time{}, now, 0, "2026-06-10 12:15"},
		{"ASAP while closed", nil, 1, true, time.Time{}, slotAt("2026-06-10 22:00"), platter.CodeVenueClosed, ""},
		{"ASAP while paused", func(v *catalog.Venue) { v.PausedUntil = slotAt("2026-06-10 13:00") }, 1, true,
			time.Time{}, now, platter.CodeVenuePaused, ""},
		{"ASAP when its slot is full", func(v *catalog.Venue) { v.SlotCapacity[1] = 2 }, 1, true,
			time.Time{}, now, platter.CodeSlotFull, ""},
		{"ASAP full for pickup says nothing of delivery", func(v *catalog.Venue) { v.SlotCapacity[1] = 2 }, 0, true,
			time.Time{}, now, 0, "2026-06-10 12:45"},
		{"a slot with room", func(v *catalog.Venue) { v.SlotCapacity[1] = 3 }, 1, false,
			slotAt("2026-06-10 14:00"), now, 0, "2026-06-10 14:00"},
		{"a full slot", func(v *catalog.Venue) { v.SlotCapacity[1] = 2 }, 1, false,
			slotAt("2026-06-10 14:00"), now, platter.CodeSlotFull, ""},
		{"a pre-order while closed", nil, 1, false, slotAt("2026-06-11 11:00"), slotAt("2026-06-10 23:00"), 0,
			"2026-06-11 11:00"},
		{"sooner than prep", nil, 1, false, slotAt("2026-06-10 12:15"), now, platter.CodeTooSoon, ""},
		{"delivery: sooner than prep + delivery", nil, 0, false, slotAt("2026-06-10 12:45"), now,
			platter.CodeTooSoon, ""},
		{"before the pause ends (plus prep)", func(v *catalog.Venue) { v.PausedUntil = slotAt("2026-06-10 13:00") },
			1, false, slotAt("2026-06-10 13:15"), now, platter.CodeVenuePaused, ""},
		{"after the pause and prep", func(v *catalog.Venue) { v.PausedUntil = slotAt("2026-06-10 13:00") },
			1, false, slotAt("2026-06-10 13:30"), now, 0, "2026-06-10 13:30"},
		{"before opening", nil, 1, false, slotAt("2026-06-11 10:45"), now, platter.CodeOutsideHours, ""},
		{"the slot that ends at closing", nil, 1, false, slotAt("2026-06-10 21:45"), now, 0, "2026-06-10 21:45"},
		{"the slot that starts at closing", nil, 1, false, slotAt("2026-06-10 22:00"), now,
			platter.CodeOutsideHours, ""},
		{"not on a quarter hour", nil, 1, false, slotAt("2026-06-10 14:05"), now, platter.CodeNotSlot, ""},
		{"seconds past a quarter hour", nil, 1, false, slotAt("2026-06-10 14:00").Add(time.Second), now,
			platter.CodeNotSlot, ""},
		{"the last day offered", nil, 1, false, slotAt("2026-06-16 21:45"), now, 0, "2026-06-16 21:45"},
		{"beyond the days offered", nil, 1, false, slotAt("2026-06-17 11:00"), now, platter.CodeTooFarAhead, ""},
		{"pre-order without a time", nil, 1, false, time.Time{}, now, platter.CodeValidation, ""},
		{"the repeated 01:15 GMT on the night clocks go back", func(v *catalog.Venue) {
			*v = *venue(london, "00:00-24:00")
		}, 1, false, time.Date(2026, 10, 25, 1, 15, 0, 0, time.UTC), slotAt("2026-10-24 20:00"), 0,
			"2026-10-25 01:15 +00:00"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := demoVenue()
			if c.edit != nil {
				c.edit(v)
			}
			got, err := schedule.Validate(v, c.orderType, c.asap, c.preorder, c.now, usage)
			if c.code != 0 {
				if platter.ErrorCode(err) != c.code {
					t.Fatalf("err %v, want code %d", err, c.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if s := got.Slot.In(v.Location()).Format(wallLayout); s[:len(c.slot)] != c.slot {
				t.Errorf("slot %s, want %s", s, c.slot)
			}
			if got.Slot.Location() != time.UTC {
				t.Errorf("slot not in UTC: %v", got.Slot)
			}
		})
	}
}

// TestValidateAgreesWithCompute: every slot Compute offers as available is
// accepted by Validate, and a quarter hour it does not offer is refused, over
// a week crossing the October change in Warsaw with capacity in use.
func TestValidateAgreesWithCompute(t *testing.T) {
	const warsaw = "Europe/Warsaw"
	v := venue(warsaw, "00:00-03:30", "12:00-15:00")
	v.PrepMinutes, v.SlotCapacity[1] = 25, 2
	now := at(t, warsaw, "2026-10-22 13:05")
	usage := schedule.Usage{}
	for i, s := range schedule.Compute(v, 1, now, 7, nil).Slots {
		usage[s.Start.Unix()] = i % 3
	}
	offered := map[int64]bool{}
	for _, s := range schedule.Compute(v, 1, now, 7, usage).Slots {
		offered[s.Start.Unix()] = s.Available
	}
	for tm := schedule.SlotOf(now); tm.Before(now.AddDate(0, 0, 8)); tm = tm.Add(schedule.SlotLength) {
		_, err := schedule.Validate(v, 1, false, tm, now, usage)
		if (err == nil) != offered[tm.Unix()] {
			t.Fatalf("%s: offered %v, Validate says %v", tm.In(v.Location()).Format(wallLayout), offered[tm.Unix()], err)
		}
	}
}
