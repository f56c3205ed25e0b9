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
			{Days: []int{1, 7, 1}, From: "11:00", To: "10:00"},
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
