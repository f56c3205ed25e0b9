package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// An order's items are judged at the time the order is for
// (docs/architecture.md §10): a pre-order's slot, now for ASAP.

// breakfastAtSoho re-imports demo-burgers with soho open 07:00–23:00 every
// day and the fries served 07:00–11:00 every day, as a breakfast item.
func breakfastAtSoho(t *testing.T, db *store.DB) {
	t.Helper()
	doc := burgersDoc(t)
	for i := range doc.Venues {
		if v := &doc.Venues[i]; v.VenueSlug == "soho" {
			for d := range v.OpeningHours {
				v.OpeningHours[d] = []catalog.TimeRange{{Open: "07:00", Close: "23:00"}}
			}
		}
	}
	for c := range doc.Menus[0].Categories {
		for i := range doc.Menus[0].Categories[c].Items {
			if it := &doc.Menus[0].Categories[c].Items[i]; it.Ref == "cheesy-fries" {
				it.Dayparts = []catalog.Daypart{{Days: []int{0, 1, 2, 3, 4, 5, 6}, From: "07:00", To: "11:00"}}
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

// TestDaypartJudgedAtOrderTime: at Monday 20:00 (London) the menu lists the
// breakfast fries as out of hours (it judges now), yet a pre-order for
// Tuesday's 08:00 slot with them is accepted, and one for 13:00 is refused
// with 3020 in the caller's language. ASAP they are refused at 12:00 and
// sold at 08:00.
func TestDaypartJudgedAtOrderTime(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db) // Monday 2 March 2026, 12:00 in London (GMT)
		breakfastAtSoho(t, db)
		m := sohoMenu(t, e)
		basket := []any{m.line(t, "Cheesy Fries", 1)}
		guest := func(i int) []string { return client(i, signIn(t, e, "demo-burgers", "")) }

		e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "asap-noon"), guest(1)...).
			wantError(t, 422, 3020)

		clk.Add(8 * time.Hour) // Monday 20:00
		if itemAvailable(t, e, "soho", "Cheesy Fries") {
			t.Error("fries listed as available at 20:00")
		}
		pre := func(slot, key string, auth []string) *response {
			return e.call("orders/prepare", checkoutBody(basket, "is_asap", false, "preorder_for", slot,
				"idempotency_key", key), auth...)
		}
		if res := pre("2026-03-03T08:00:00Z", "pre-0800", guest(2)); res.Status != 200 {
			t.Fatalf("pre-order of breakfast fries for 08:00, placed at 20:00 the day before: %s", res.Raw)
		}
		q := e.call("orders/quote", checkoutBody(basket, "is_asap", false, "preorder_for", "2026-03-03T08:00:00Z"),
			guest(3)...).data(t)
		if q["can_order"] != true {
			t.Errorf("quote for 08:00: %v", q)
		}
		res := pre("2026-03-03T13:00:00Z", "pre-1300", append(guest(4), "Accept-Language", "pl-PL"))
		res.wantError(t, 422, 3020)
		if msg := res.Body["message"].(string); !strings.Contains(msg, "serwowane tylko w godzinach 07:00–11:00") {
			t.Errorf("refusal for 13:00 not in Polish: %q", msg)
		}

		clk.Add(12 * time.Hour) // Tuesday 08:00
		if res := e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "asap-0800"), guest(5)...); res.Status != 200 {
			t.Errorf("ASAP fries at 08:00: %s", res.Raw)
		}
	})
}

// TestSnoozeEndedBySlot: at Monday 20:00 soho's staff snooze the cola until
// the end of the day. A pre-order for Tuesday 08:00 (after the snooze) may
// have it; one for 22:00 that evening, and ASAP, may not.
func TestSnoozeEndedBySlot(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		breakfastAtSoho(t, db)
		clk.Add(8 * time.Hour) // Monday 20:00
		_, soho := member(t, e, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, clk.Now())
		m := sohoMenu(t, e)
		e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", m.items["Cola (330ml)"], "sold_out", true,
			"until", "end_of_day"), soho...).data(t)
		basket := []any{m.line(t, "Cola (330ml)", 1)}
		guest := func(i int) []string { return client(i, signIn(t, e, "demo-burgers", "")) }
		pre := func(slot, key string) *response {
			return e.call("orders/prepare", checkoutBody(basket, "is_asap", false, "preorder_for", slot,
				"idempotency_key", key), guest(len(key))...)
		}
		if res := pre("2026-03-03T08:00:00Z", "after-snooze"); res.Status != 200 {
			t.Errorf("pre-order of the cola for after its snooze: %s", res.Raw)
		}
		pre("2026-03-02T22:00:00Z", "during-snooze").wantError(t, 422, 3020)
		e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "asap-snoozed"), guest(9)...).
			wantError(t, 422, 3020)
	})
}
