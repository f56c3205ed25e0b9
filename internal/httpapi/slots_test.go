package httpapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// slotsAt calls venue/slots for a demo-burgers venue and returns the slots
// and the meta.
func slotsAt(t *testing.T, e *env, venue string, orderType, days int) ([]map[string]any, map[string]any) {
	t.Helper()
	res := e.call("venue/slots", filter("business_slug", "demo-burgers", "venue_slug", venue,
		"order_type", orderType, "days", days))
	if res.Status != 200 {
		t.Fatalf("venue/slots: %d %s", res.Status, res.Raw)
	}
	var out []map[string]any
	for _, s := range res.Body["data"].([]any) {
		out = append(out, s.(map[string]any))
	}
	return out, res.Body
}

func unavailable(slots []map[string]any) []string {
	var out []string
	for _, s := range slots {
		if s["available"] == false {
			out = append(out, s["start"].(string))
		}
	}
	return out
}

// reimportBurgers re-imports demo-burgers with edit applied to its document.
func reimportBurgers(t *testing.T, db *store.DB, edit func(d *catalog.SchemeDoc)) {
	t.Helper()
	doc, problems := catalog.ParseSchemeDoc(demo.Documents()[0].Data)
	if len(problems) > 0 || doc.BusinessSlug != "demo-burgers" {
		t.Fatalf("demo-burgers: %v", problems)
	}
	edit(doc)
	if _, err := db.ImportScheme(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
}

// TestVenueSlots: soho (11:00-23:00 London, 15 minutes' prep, 25 more for
// delivery) at a fixed server clock.
func TestVenueSlots(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Date(2026, 6, 10, 11, 7, 0, 0, time.UTC)} // 12:07 BST, a Wednesday
		e := start(t, db, options{now: clk.Now})

		pickup, meta := slotsAt(t, e, "soho", catalog.OrderTypePickup, 1)
		if len(pickup) != 42 || pickup[0]["start"] != "2026-06-10T12:30:00+01:00" ||
			pickup[0]["end"] != "2026-06-10T12:45:00+01:00" || pickup[41]["start"] != "2026-06-10T22:45:00+01:00" {
			t.Errorf("pickup today: %d slots, %v … %v", len(pickup), pickup[0], pickup[len(pickup)-1])
		}
		if meta["asap_available"] != true || meta["first_asap_at"] != "2026-06-10T12:22:00+01:00" {
			t.Errorf("open: asap %v at %v; want true, ready 12:22", meta["asap_available"], meta["first_asap_at"])
		}
		delivery, _ := slotsAt(t, e, "soho", catalog.OrderTypeDelivery, 1)
		if delivery[0]["start"] != "2026-06-10T13:00:00+01:00" {
			t.Errorf("delivery starts %v; want 13:00 (12:07 + 15 + 25 = 12:47)", delivery[0]["start"])
		}
		week, _ := slotsAt(t, e, "soho", catalog.OrderTypePickup, 7)
		if last := week[len(week)-1]["start"]; last != "2026-06-16T22:45:00+01:00" {
			t.Errorf("a week ends at %v", last)
		}

		clk.Add(-4 * time.Hour) // 08:07: closed
		_, meta = slotsAt(t, e, "soho", catalog.OrderTypePickup, 1)
		if meta["asap_available"] != false || meta["first_asap_at"] != "2026-06-10T11:00:00+01:00" {
			t.Errorf("closed: asap %v, first %v; want false, opening at 11:00", meta["asap_available"], meta["first_asap_at"])
		}

		// The night the clocks go back: Saturday's hours run to 00:30 BST,
		// Sunday's open at 11:00 GMT.
		clk.t = time.Date(2026, 10, 24, 21, 0, 0, 0, time.UTC) // 22:00 BST
		autumn, _ := slotsAt(t, e, "soho", catalog.OrderTypePickup, 2)
		var starts []any
		for _, s := range autumn[6:10] {
			starts = append(starts, s["start"])
		}
		want := []any{"2026-10-24T23:45:00+01:00", "2026-10-25T00:00:00+01:00", "2026-10-25T00:15:00+01:00",
			"2026-10-25T11:00:00+00:00"}
		if autumn[0]["start"] != "2026-10-24T22:15:00+01:00" || fmt.Sprint(starts) != fmt.Sprint(want) {
			t.Errorf("across the change: %v, then %v; want 22:15 BST, then %v", autumn[0]["start"], starts, want)
		}
	})
}

// TestVenueSlotsCapacityAndPause: full slots are offered as unavailable and
// ASAP moves past them; a pause and busy minutes push every slot later and
// show in venue/info.
func TestVenueSlotsCapacityAndPause(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := &clock{t: time.Date(2026, 6, 10, 11, 7, 0, 0, time.UTC)} // 12:07 BST
		e := start(t, db, options{now: clk.Now})
		reimportBurgers(t, db, func(d *catalog.SchemeDoc) {
			d.Venues[0].Pickup.SlotCapacity = 1 // soho
			d.Venues[1].OrderTypes = []int{catalog.OrderTypePickup}
		})
		sc, err := db.SchemeBySlug(ctx, "demo-burgers")
		if err != nil {
			t.Fatal(err)
		}
		soho, err := db.VenueBySlug(ctx, sc.ID, "soho")
		if err != nil {
			t.Fatal(err)
		}
		bst := func(h, m int) time.Time { return time.Date(2026, 6, 10, h-1, m, 0, 0, time.UTC) }
		for i, slot := range []time.Time{bst(12, 15), bst(12, 30)} { // the ASAP slot (ready 12:22) and the next
			if err := db.ClaimSlot(ctx, int64(i+1), soho.ID, catalog.OrderTypePickup, slot, 1); err != nil {
				t.Fatal(err)
			}
		}
		pickup, meta := slotsAt(t, e, "soho", catalog.OrderTypePickup, 1)
		if full := unavailable(pickup); len(full) != 1 || full[0] != "2026-06-10T12:30:00+01:00" {
			t.Errorf("full slots %v; want only 12:30", full)
		}
		if meta["asap_available"] != false || meta["first_asap_at"] != "2026-06-10T12:45:00+01:00" {
			t.Errorf("ASAP slot full: asap %v, first %v; want false, 12:45", meta["asap_available"], meta["first_asap_at"])
		}
		if delivery, meta := slotsAt(t, e, "soho", catalog.OrderTypeDelivery, 1); len(unavailable(delivery)) != 0 ||
			meta["asap_available"] != true {
			t.Errorf("pickup capacity limited delivery: %v %v", unavailable(delivery), meta)
		}
		if err := db.ReleaseSlot(ctx, 1); err != nil {
			t.Fatal(err)
		}
		if _, meta := slotsAt(t, e, "soho", catalog.OrderTypePickup, 1); meta["asap_available"] != true {
			t.Errorf("after the ASAP slot's place was released: %v", meta)
		}

		if err := db.SetVenueOperations(ctx, sc.ID, "soho", bst(13, 0), 10); err != nil {
			t.Fatal(err)
		}
		pickup, meta = slotsAt(t, e, "soho", catalog.OrderTypePickup, 1)
		if pickup[0]["start"] != "2026-06-10T13:30:00+01:00" || meta["asap_available"] != false {
			t.Errorf("paused until 13:00, busy 10: first slot %v, asap %v; want 13:30 (13:00 + 15 + 10), false",
				pickup[0]["start"], meta["asap_available"])
		}
		info := e.call("venue/info", filter("business_slug", "demo-burgers"))
		st := info.Body["data"].(map[string]any)["stores"].([]any)[0].(map[string]any)
		if st["paused_until"] != "2026-06-10T12:00:00Z" || st["busy_minutes"] != 10.0 {
			t.Errorf("venue/info: paused_until %v, busy_minutes %v", st["paused_until"], st["busy_minutes"])
		}
		clk.Add(time.Hour) // the pause is over
		info = e.call("venue/info", filter("business_slug", "demo-burgers"))
		if st := info.Body["data"].(map[string]any)["stores"].([]any)[0].(map[string]any); st["paused_until"] != nil {
			t.Errorf("an ended pause still shows: %v", st["paused_until"])
		}

		bad := e.call("venue/slots", filter("business_slug", "demo-burgers", "venue_slug", "shoreditch",
			"order_type", 0), "Accept-Language", "pl-PL")
		bad.wantError(t, 400, 1000)
		if f := bad.Body["fields"].(map[string]any); f["order_type"] != "Ten lokal nie oferuje tego rodzaju zamówienia." {
			t.Errorf("delivery at a pickup-only venue: %s", bad.Raw)
		}
	})
}

func TestVenueSlotsRefusals(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) { venueSlotsRefusals(t, start(t, db, options{})) })
}

func venueSlotsRefusals(t *testing.T, e *env) {
	for _, c := range []struct {
		name         string
		body         map[string]any
		status, code int
		field        string
	}{
		{"no order type", filter("business_slug", "demo-burgers", "venue_slug", "soho"), 400, 1000, "order_type"},
		{"bad order type", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 2),
			400, 1000, "order_type"},
		{"days over 7", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 1, "days", 8),
			400, 1000, "days"},
		{"days 0", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 1, "days", 0),
			400, 1000, "days"},
		{"no venue", filter("business_slug", "demo-burgers", "order_type", 1), 400, 1000, "venue_slug"},
		{"unknown venue", filter("business_slug", "demo-burgers", "venue_slug", "rynek", "order_type", 1),
			404, 1404, ""},
		{"unknown scheme", filter("business_slug", "nope", "venue_slug", "soho", "order_type", 1), 404, 1404, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := e.call("venue/slots", c.body)
			res.wantError(t, c.status, c.code)
			if c.field != "" {
				if f, _ := res.Body["fields"].(map[string]any); f[c.field] == nil {
					t.Errorf("no message for %s: %s", c.field, res.Raw)
				}
			}
		})
	}
}
