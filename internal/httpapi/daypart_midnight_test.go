package httpapi_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestDaypartPastMidnight: soho open 18:00–03:00 every day (past midnight)
// serves the fries as a late menu, Mondays 22:00–02:00. The menu lists them
// from Monday 22:00 until Tuesday 02:00 and not at noon; checkout takes a
// pre-order for Monday 23:00 or Tuesday 01:30 with them and refuses one for
// Monday 21:00 or Tuesday 02:30 (3020), as opening hours past midnight are
// read.
func TestDaypartPastMidnight(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db) // Monday 2 March 2026, 12:00 in London (GMT)
		doc := burgersDoc(t)
		for i := range doc.Venues {
			if v := &doc.Venues[i]; v.VenueSlug == "soho" {
				for d := range v.OpeningHours {
					v.OpeningHours[d] = []catalog.TimeRange{{Open: "18:00", Close: "03:00"}}
				}
			}
		}
		for c := range doc.Menus[0].Categories {
			for i := range doc.Menus[0].Categories[c].Items {
				if it := &doc.Menus[0].Categories[c].Items[i]; it.Ref == "cheesy-fries" {
					it.Dayparts = []catalog.Daypart{{Days: []int{1}, From: "22:00", To: "02:00"}}
				}
			}
		}
		if errs := doc.Validate(); len(errs) > 0 {
			t.Fatal(errs)
		}
		if _, err := db.ImportScheme(context.Background(), doc); err != nil {
			t.Fatal(err)
		}
		m := sohoMenu(t, e)
		basket := []any{m.line(t, "Cheesy Fries", 1)}
		guest := func(i int) []string { return client(i, signIn(t, e, "demo-burgers", "")) }
		pre := func(slot, key string, i int) *response {
			return e.call("orders/prepare", checkoutBody(basket, "is_asap", false, "preorder_for", slot,
				"idempotency_key", key), guest(i)...)
		}

		if itemAvailable(t, e, "soho", "Cheesy Fries") {
			t.Error("late fries listed as available at noon")
		}
		for i, slot := range []string{"2026-03-02T23:00:00Z", "2026-03-03T01:30:00Z"} {
			if res := pre(slot, "late-"+slot, 10+i); res.Status != 200 {
				t.Errorf("pre-order of the late fries for %s: %s", slot, res.Raw)
			}
		}
		for i, slot := range []string{"2026-03-02T21:00:00Z", "2026-03-03T02:30:00Z"} {
			pre(slot, "outside-"+slot, 20+i).wantError(t, 422, 3020)
		}

		for _, c := range []struct {
			after  time.Duration
			served bool
		}{{10*time.Hour + 30*time.Minute, true}, {3 * time.Hour, true}, {30 * time.Minute, false}} {
			clk.Add(c.after) // Monday 22:30, Tuesday 01:30, Tuesday 02:00
			if got := itemAvailable(t, e, "soho", "Cheesy Fries"); got != c.served {
				t.Errorf("at %v the late fries are listed available %v, want %v", clk.Now(), got, c.served)
			}
		}
	})
}
