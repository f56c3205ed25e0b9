package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// withSohoHolidayAndZones re-imports demo-burgers with soho closed on
// 2026-03-03 (the day after the tests' monday), on Easter Monday and in June, and delivering only to two
// overlapping squares: "west" (£3.00) and "east" (£1.50), both from £10.
func withSohoHolidayAndZones(t *testing.T, db *store.DB) {
	t.Helper()
	doc, errs := catalog.ParseSchemeDoc(demo.Documents()[0].Data)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	sq := func(x0, y0, x1, y1 float64) *catalog.GeoPolygon {
		return &catalog.GeoPolygon{Type: "Polygon", Coordinates: [][][]float64{
			{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}}}
	}
	for i := range doc.Venues {
		if v := &doc.Venues[i]; v.VenueSlug == "soho" {
			v.Exceptions = []catalog.HoursException{
				{Date: "2026-03-03", Closed: true, Note: "Closed for a private party"},
				// Seven weeks ahead: customers hear of it now.
				{Date: "2026-04-20", Closed: true, Note: "Easter Monday"},
				// Beyond two months: not yet.
				{Date: "2026-06-01", Closed: true, Note: "Refit"},
			}
			v.Delivery.Zones = []catalog.DeliveryZone{
				{Name: "west", Polygon: sq(-0.15, 51.50, -0.12, 51.52), Fee: 300, Minimum: 1000},
				{Name: "east", Polygon: sq(-0.13, 51.50, -0.10, 51.52), Fee: 150, Minimum: 1000},
			}
		}
	}
	if _, err := db.ImportScheme(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
}

// TestStorefrontFollowsExceptionsAndZones: what customers see follows a
// venue's dated exception (venue/info, slots, checkout) and its delivery
// zones (stores/deliverable, checkout), on both databases.
func TestStorefrontFollowsExceptionsAndZones(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		withSohoHolidayAndZones(t, db)

		soho := func() map[string]any {
			for _, s := range e.call("venue/info", filter("business_slug", "demo-burgers")).data(t)["stores"].([]any) {
				if st := s.(map[string]any); st["venue_slug"] == "soho" {
					return st
				}
			}
			t.Fatal("no soho in venue/info")
			return nil
		}
		st := soho()
		exs := st["exceptions"].([]any)
		if st["is_open"] != true || len(exs) != 2 || exs[0].(map[string]any)["note"] != "Closed for a private party" ||
			exs[1].(map[string]any)["note"] != "Easter Monday" {
			t.Fatalf("monday noon: is_open %v, exceptions %v", st["is_open"], exs)
		}
		// The storefront's "Delivery from £1.50 · minimum £10.00" before it knows the address.
		if z, _ := st["delivery"].(map[string]any)["zones"].(map[string]any); z == nil || num(z["fee_from"]) != 150 ||
			num(z["fee_to"]) != 300 || num(z["minimum_from"]) != 1000 || num(z["minimum_to"]) != 1000 {
			t.Errorf("venue/info's zone range: %v", st["delivery"])
		}
		slots, _ := slotsAt(t, e, "soho", 1, 3)
		for _, s := range slots {
			if strings.HasPrefix(s["start"].(string), "2026-03-03") {
				t.Fatalf("a slot on the closed day: %v", s)
			}
		}
		if len(slots) == 0 || !strings.HasPrefix(slots[len(slots)-1]["start"].(string), "2026-03-04") {
			t.Errorf("no slots after the closed day: %v", slots)
		}

		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		basket := []any{m.line(t, "Cheesy Fries", 3)} // £14.97
		quote := func(lat, lng float64) map[string]any {
			return e.call("orders/quote", checkoutBody(basket, "order_type", 0, "delivery_address",
				deliveryAddress(map[string]any{"latitude": lat, "longitude": lng})), ann...).data(t)
		}
		both := quote(51.51, -0.125)
		if both["can_order"] != true || pricingOf(t, both)["delivery_fee"] != 150 || both["delivery_zone"] != "east" {
			t.Errorf("in both zones: can_order %v fee %v zone %v; want east's £1.50", both["can_order"],
				pricingOf(t, both)["delivery_fee"], both["delivery_zone"])
		}
		west := quote(51.51, -0.14)
		if pricingOf(t, west)["delivery_fee"] != 300 || west["delivery_zone"] != "west" {
			t.Errorf("in west only: %v", west["pricing"])
		}
		// 51.53 N is 1.8 km from soho, inside its old 5 km radius, but in no zone.
		out := quote(51.53, -0.125)
		if out["can_order"] != false || !hasProblem(out, 3011) {
			t.Errorf("outside every zone: %v", out["problems"])
		}
		d := deliverable(t, e, 51.53, -0.125, "en-US")
		if d["soho"]["delivers"] != false || d["soho"]["reason"] != "outside_area" {
			t.Errorf("deliverable outside every zone: %v", d["soho"])
		}
		d = deliverable(t, e, 51.51, -0.125, "en-US")
		if d["soho"]["delivers"] != true || d["soho"]["zone"] != "east" || num(d["soho"]["fee"]) != 150 {
			t.Errorf("deliverable in both zones: %v", d["soho"])
		}

		// The next day at noon: closed, the next opening the day after.
		clk.Add(24 * 3600e9)
		st = soho()
		if st["is_open"] != false || !strings.HasPrefix(st["next_opening_at"].(string), "2026-03-04") {
			t.Errorf("holiday noon: is_open %v, next_opening_at %v", st["is_open"], st["next_opening_at"])
		}
		pickup := e.call("orders/quote", checkoutBody(basket), ann...).data(t)
		if pickup["can_order"] != false {
			t.Errorf("an ASAP pickup on the closed day can be ordered: %v", pickup["problems"])
		}
	})
}

func hasProblem(d map[string]any, code float64) bool {
	for _, p := range d["problems"].([]any) {
		if num(p.(map[string]any)["code"]) == code {
			return true
		}
	}
	return false
}
