package httpapi_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// Availability that changes with the clock alone (docs/architecture.md §10): an
// item's dayparts and a timed snooze. Nothing is written when the time
// comes; the menu cache and checkout's menu must still not serve what they
// built before it.

// setDayparts re-imports demo-burgers with the item's dayparts changed.
func setDayparts(t *testing.T, db *store.DB, ref string, dps []catalog.Daypart) {
	t.Helper()
	doc := burgersDoc(t)
	for c := range doc.Menus[0].Categories {
		for i := range doc.Menus[0].Categories[c].Items {
			if it := &doc.Menus[0].Categories[c].Items[i]; it.Ref == ref {
				it.Dayparts = dps
			}
		}
	}
	if errs := doc.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
	if _, err := db.ImportScheme(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
}

// TestDaypartsFollowTheClock: fries served only 12:30–14:00 on Mondays
// (London) are listed unavailable at 12:00 and checkout refuses them saying
// when they are served; at 12:30 the same warm server lists and sells them,
// and at 14:00 they are gone again, without any write in between.
func TestDaypartsFollowTheClock(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db) // Monday 12:00 in London
		setDayparts(t, db, "cheesy-fries", []catalog.Daypart{{Days: []int{1}, From: "12:30", To: "14:00"}})
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		basket := []any{m.line(t, "Cheesy Fries", 1)}

		if itemAvailable(t, e, "soho", "Cheesy Fries") {
			t.Fatal("fries listed as available before their daypart")
		}
		q := e.call("orders/quote", checkoutBody(basket), append(ann, "Accept-Language", "en-US")...).data(t)
		problem := q["lines"].([]any)[0].(map[string]any)["problem"].(map[string]any)
		if q["can_order"] != false || num(problem["code"]) != 3020 ||
			!strings.Contains(problem["message"].(string), "12:30–14:00") {
			t.Errorf("quote of fries out of hours: %v", q)
		}
		res := e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "daypart-1"), ann...)
		res.wantError(t, 422, 3020)

		clk.Add(30 * time.Minute) // 12:30
		if !itemAvailable(t, e, "soho", "Cheesy Fries") {
			t.Error("fries still unavailable when their daypart began")
		}
		if q := e.call("orders/quote", checkoutBody(basket), ann...).data(t); q["can_order"] != true {
			t.Errorf("quote of fries in their daypart: %v", q)
		}
		clk.Add(90 * time.Minute) // 14:00
		if itemAvailable(t, e, "soho", "Cheesy Fries") {
			t.Error("fries still available when their daypart ended")
		}
		if q := e.call("orders/quote", checkoutBody(basket), ann...).data(t); q["can_order"] != false {
			t.Errorf("quote of fries after their daypart: %v", q)
		}
	})
}

// TestSnoozeComesBackByItself: soho's staff snooze the cola until the end
// of the day (midnight in London) and the fries for half an hour. Both
// servers on the database list them unavailable and refuse them; as the
// clock passes each end, each is back on its own, on both servers, their
// caches warm. A time in the past or beyond a week is refused.
func TestSnoozeComesBackByItself(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db) // Monday 2 March 2026, 12:00 in London (GMT)
		other := start(t, db, options{now: clk.Now})
		_, soho := member(t, e, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, clk.Now())
		m := sohoMenu(t, e)
		cola, fries := m.items["Cola (330ml)"], m.items["Cheesy Fries"]

		res := e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", cola, "sold_out", true,
			"until", "end_of_day"), soho...)
		until := res.data(t)["sold_out"].(map[string]any)["item_until"].(map[string]any)
		if want := "2026-03-03T00:00:00Z"; until[strconv.FormatInt(cola, 10)] != want {
			t.Fatalf("cola snoozed until %v, want %s: %s", until[strconv.FormatInt(cola, 10)], want, res.Raw)
		}
		half := clk.Now().Add(30 * time.Minute).Format(time.RFC3339)
		e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", fries, "sold_out", true, "until", half),
			soho...).data(t)
		ann := signIn(t, e, "demo-burgers", "")
		for _, srv := range []*env{e, other} {
			if itemAvailable(t, srv, "soho", "Cola (330ml)") || itemAvailable(t, srv, "soho", "Cheesy Fries") {
				t.Error("a snoozed item is listed as available")
			}
			srv.call("orders/prepare", checkoutBody([]any{m.line(t, "Cola (330ml)", 1)}, "idempotency_key", "snooze-1"),
				ann...).wantError(t, 422, 3020)
		}

		clk.Add(30 * time.Minute) // 12:30: the fries are back, the cola is not
		for _, srv := range []*env{e, other} {
			if !itemAvailable(t, srv, "soho", "Cheesy Fries") || itemAvailable(t, srv, "soho", "Cola (330ml)") {
				t.Error("at 12:30 the fries should be back and the cola still snoozed")
			}
		}
		clk.Add(11*time.Hour + 29*time.Minute) // 23:59
		if itemAvailable(t, other, "soho", "Cola (330ml)") {
			t.Error("cola back before the end of the day")
		}
		clk.Add(time.Minute) // midnight
		for _, srv := range []*env{e, other} {
			if !itemAvailable(t, srv, "soho", "Cola (330ml)") {
				t.Error("cola not back at midnight")
			}
			// The store itself is closed at midnight: the line is fine, the time is not.
			q := srv.call("orders/quote", checkoutBody([]any{m.line(t, "Cola (330ml)", 1)}), ann...).data(t)
			if line := q["lines"].([]any)[0].(map[string]any); line["problem"] != nil || line["available"] != true {
				t.Errorf("quote of the cola after its snooze: %v", q)
			}
		}
		controls := e.call("admin/venues/controls", filter("venue_slug", "soho"), soho...).data(t)
		if ids := controls["sold_out"].(map[string]any)["item_ids"].([]any); len(ids) != 0 {
			t.Errorf("the board still lists ended snoozes: %v", ids)
		}

		for _, bad := range []string{clk.Now().Add(-time.Minute).Format(time.RFC3339),
			clk.Now().AddDate(0, 0, 8).Format(time.RFC3339), "tomorrow"} {
			e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", cola, "sold_out", true, "until", bad),
				soho...).wantError(t, 400, 1000)
		}
	})
}
