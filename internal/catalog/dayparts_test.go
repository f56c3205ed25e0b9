package catalog_test

import (
	"testing"
	"time"

	"platter/internal/catalog"
)

// TestDaypartsValidated: a daypart needs known weekdays, each once, and a
// from before its to; each problem is named by its JSON path.
func TestDaypartsValidated(t *testing.T) {
	doc := catalog.SchemeDoc{Menus: []catalog.MenuDoc{{Ref: "m", Name: "M", Categories: []catalog.CategoryDoc{{Ref: "c", Name: "C",
		Items: []catalog.ItemDoc{{Ref: "i", Title: "I", Dayparts: []catalog.Daypart{
			{Days: []int{1, 7, 1}, From: "11:00", To: "11:00"},
			{Days: nil, From: "7am", To: "24:00"},
		}}}}}}}}
	got := map[string]bool{}
	for _, e := range doc.Validate() {
		got[e.Path] = true
	}
	for _, path := range []string{"menus[0].categories[0].items[0].dayparts[0].days[1]",
		"menus[0].categories[0].items[0].dayparts[0].days[2]", "menus[0].categories[0].items[0].dayparts[0].to",
		"menus[0].categories[0].items[0].dayparts[1].days", "menus[0].categories[0].items[0].dayparts[1].from"} {
		if !got[path] {
			t.Errorf("no problem at %s; got %v", path, got)
		}
	}
	if got["menus[0].categories[0].items[0].dayparts[1].to"] {
		t.Error("24:00 refused as the end of a daypart")
	}
	loc, _ := time.LoadLocation("Europe/Warsaw")
	breakfast := []catalog.Daypart{{Days: []int{1}, From: "07:00", To: "11:00"}}
	monday := time.Date(2026, 3, 2, 6, 30, 0, 0, time.UTC) // 07:30 in Warsaw
	if !catalog.Served(breakfast, monday, loc) || catalog.Served(breakfast, monday.Add(4*time.Hour), loc) {
		t.Error("breakfast served at the wrong times")
	}
	m := catalog.Menu{Items: []catalog.Item{{Dayparts: breakfast}}}
	m.ApplyTime(monday, loc)
	if m.Items[0].OutOfHours || !m.FreshUntil.Equal(time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("at 07:30 the menu is good until 11:00 Warsaw; got %v (out of hours %v)", m.FreshUntil, m.Items[0].OutOfHours)
	}
}

// TestServedAtTheOrdersTime: an item is judged at the time an order is for:
// breakfast for a Tuesday 08:00 slot is in hours whatever the clock says
// now; a timed snooze no longer holds for a slot at or after its end, an
// open-ended one (or an item imported unavailable) always does.
func TestServedAtTheOrdersTime(t *testing.T) {
	loc, _ := time.LoadLocation("Europe/London")
	breakfast := []catalog.Daypart{{Days: []int{2}, From: "07:00", To: "11:00"}}
	until := time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)
	m := catalog.Menu{Items: []catalog.Item{
		{ID: 1, IsAvailable: true, Dayparts: breakfast},
		{ID: 2, IsAvailable: true},
		{ID: 3, IsAvailable: false},
	}}
	catalog.SoldOut{ItemIDs: []int64{1, 2, 3}, ItemUntil: map[int64]time.Time{1: until, 3: until}}.Apply(&m)
	at := func(hhmm string) time.Time {
		t, _ := time.ParseInLocation("2006-01-02 15:04", "2026-03-03 "+hhmm, loc)
		return t
	}
	for _, c := range []struct {
		item            int
		at              time.Time
		inStock, inHour bool
	}{
		{0, at("08:00"), true, true},
		{0, at("13:00"), true, false},
		{0, until.Add(-time.Minute), false, false},
		{1, at("08:00"), false, true},
		{2, at("08:00"), false, true},
	} {
		s, h := m.Items[c.item].ServedAt(c.at, loc)
		if s != c.inStock || h != c.inHour {
			t.Errorf("item %d at %v: in stock %v in hours %v, want %v %v", m.Items[c.item].ID, c.at, s, h, c.inStock, c.inHour)
		}
	}
}

// TestDaypartPastMidnight: a late menu on Fridays 22:00–02:00 is served from
// Friday 22:00 until Saturday 02:00 (as opening hours past midnight are), not
// on the small hours of Friday nor on Saturday night; a menu read during it
// is good until it ends, the next day. A daypart from a time to the same time
// is refused by its JSON path.
func TestDaypartPastMidnight(t *testing.T) {
	loc, _ := time.LoadLocation("Europe/London")
	late := []catalog.Daypart{{Days: []int{5}, From: "22:00", To: "02:00"}}
	at := func(s string) time.Time {
		t, _ := time.ParseInLocation("2006-01-02 15:04", s, loc)
		return t
	}
	for _, c := range []struct {
		at     string
		served bool
	}{
		{"2026-03-06 21:59", false}, {"2026-03-06 22:00", true}, {"2026-03-06 23:59", true},
		{"2026-03-07 00:00", true}, {"2026-03-07 01:59", true}, {"2026-03-07 02:00", false},
		{"2026-03-06 01:00", false}, {"2026-03-07 23:00", false},
	} {
		if got := catalog.Served(late, at(c.at), loc); got != c.served {
			t.Errorf("late menu at %s: served %v, want %v", c.at, got, c.served)
		}
	}
	for _, c := range []struct{ now, until string }{
		{"2026-03-06 21:00", "2026-03-06 22:00"},
		{"2026-03-06 23:00", "2026-03-07 02:00"},
		{"2026-03-07 01:00", "2026-03-07 02:00"},
	} {
		m := catalog.Menu{Items: []catalog.Item{{Dayparts: late}}}
		m.ApplyTime(at(c.now), loc)
		if !m.FreshUntil.Equal(at(c.until)) {
			t.Errorf("menu read at %s is good until %v, want %s", c.now, m.FreshUntil.In(loc), c.until)
		}
	}
	doc := catalog.SchemeDoc{Menus: []catalog.MenuDoc{{Ref: "m", Name: "M", Categories: []catalog.CategoryDoc{{Ref: "c", Name: "C",
		Items: []catalog.ItemDoc{{Ref: "i", Title: "I", Dayparts: []catalog.Daypart{
			{Days: []int{5}, From: "22:00", To: "02:00"},
			{Days: []int{6}, From: "10:00", To: "10:00"},
		}}}}}}}}
	got := map[string]bool{}
	for _, e := range doc.Validate() {
		got[e.Path] = true
	}
	if got["menus[0].categories[0].items[0].dayparts[0].to"] || !got["menus[0].categories[0].items[0].dayparts[1].to"] {
		t.Errorf("22:00–02:00 must be accepted and 10:00–10:00 refused; problems at %v", got)
	}
}
