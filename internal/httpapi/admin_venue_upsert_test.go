package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// sohoDoc is soho's venue document as admin/scheme/document gives it.
func sohoDoc(t *testing.T, e *env, auth []string) map[string]any {
	t.Helper()
	doc := e.call("admin/scheme/document", filter("business_slug", "demo-burgers"), auth...).data(t)
	for _, v := range doc["venues"].([]any) {
		if v := v.(map[string]any); v["venue_slug"] == "soho" {
			return v
		}
	}
	t.Fatal("no soho in the document")
	return nil
}

func square(x0, y0, x1, y1 float64) map[string]any {
	return map[string]any{"type": "Polygon", "coordinates": []any{[]any{
		[]any{x0, y0}, []any{x1, y0}, []any{x1, y1}, []any{x0, y1}, []any{x0, y0}}}}
}

func init() {
	permCases["admin/venues/upsert"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "venue", map[string]any{
				"venue_slug": "perm-test", "name": fmt.Sprintf("Perm %d", f.keys), "menu": "",
				"address": map[string]any{"line1": "1 Test St", "city": "London", "postcode": "W1D 3RB", "country": "GB"},
				"lat":     51.51, "lng": -0.13, "time_zone": "Europe/London", "order_types": []any{1}})
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); d["name"] != fmt.Sprintf("Perm %d", f.keys) || d["menu"] == "" {
				t.Errorf("%s: upsert answered %s", k, res.Raw)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if v := venueNamed(t, f.e, "perm-test"); v != nil && v["name"] == fmt.Sprintf("Perm %d", f.keys) {
				t.Errorf("%s: a refused upsert saved the venue", k)
			}
		}}
}

// venueNamed is the store of venue/info with that slug, or nil.
func venueNamed(t *testing.T, e *env, slug string) map[string]any {
	t.Helper()
	for _, s := range e.call("venue/info", filter("business_slug", "demo-burgers")).data(t)["stores"].([]any) {
		if st := s.(map[string]any); st["venue_slug"] == slug {
			return st
		}
	}
	return nil
}

// TestVenueUpsertThroughTheAPI: a manager sets soho's split hours, a
// holiday and two overlapping polygon zones in one save; the storefront
// follows at once (closed with its note, the cheaper zone's fee, an
// address outside every zone refused); the audit row names the manager
// with the venue before and after; bad input is 1000 by JSON path and
// writes nothing; a new venue is added, naming a menu that is created.
func TestVenueUpsertThroughTheAPI(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)} // a Monday, GMT
		m := startTeam(t, db, clk.Now)
		v := sohoDoc(t, m.env, m.boss)
		name := v["name"]
		split := []any{map[string]any{"open": "11:00", "close": "14:30"}, map[string]any{"open": "17:00", "close": "23:00"}}
		v["opening_hours"] = map[string]any{"1": split, "2": split, "3": split}
		v["exceptions"] = []any{map[string]any{"date": "2026-03-03", "closed": true, "note": "Closed for a private party"}}
		v["delivery"].(map[string]any)["zones"] = []any{
			map[string]any{"name": "West", "polygon": square(-0.15, 51.50, -0.12, 51.52), "fee": 300, "minimum": 1000},
			map[string]any{"name": "East", "polygon": square(-0.13, 51.50, -0.10, 51.52), "fee": 150, "minimum": 1000},
		}
		saved := m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", v), m.boss...).data(t)
		if zones := saved["delivery"].(map[string]any)["zones"].([]any); len(zones) != 2 || saved["venue_slug"] != "soho" {
			t.Fatalf("saved venue: %v", saved)
		}

		st := venueNamed(t, m.env, "soho")
		if st["is_open"] != true || len(st["opening_hours"].([]any)[1].([]any)) != 2 ||
			st["exceptions"].([]any)[0].(map[string]any)["note"] != "Closed for a private party" {
			t.Errorf("storefront after the save: open %v hours %v exceptions %v", st["is_open"], st["opening_hours"], st["exceptions"])
		}
		d := deliverable(t, m.env, 51.51, -0.125, "en-US")
		if d["soho"]["zone"] != "East" || num(d["soho"]["fee"]) != 150 {
			t.Errorf("in both zones: %v", d["soho"])
		}
		if d := deliverable(t, m.env, 51.53, -0.125, "en-US"); d["soho"]["delivers"] != false {
			t.Errorf("outside every zone: %v", d["soho"])
		}
		clk.Add(24 * time.Hour)
		if st := venueNamed(t, m.env, "soho"); st["is_open"] != false {
			t.Errorf("the holiday at noon: is_open %v", st["is_open"])
		}

		// The audit row: the manager, soho before (no zones) and after (two).
		log := m.call("admin/audit/list", filter("business_slug", "demo-burgers", "action", "venue"), m.boss...)
		rows := log.Body["data"].([]any)
		if len(rows) != 1 {
			t.Fatalf("audit: %s", log.Raw)
		}
		row := rows[0].(map[string]any)
		zonesOf := func(side string) int {
			z, _ := row[side].(map[string]any)["delivery"].(map[string]any)["zones"].([]any)
			return len(z)
		}
		if row["actor_email"] != "boss@demo.test" || row["action"] != "venue.upsert" || row["target"] != "soho" ||
			zonesOf("before") != 0 || zonesOf("after") != 2 {
			t.Errorf("audit row: %v", row)
		}

		// Saving the same venue again changes nothing and records nothing.
		m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", v), m.boss...).data(t)
		if n := num(m.call("admin/audit/list", filter("business_slug", "demo-burgers"), m.boss...).Body["total"]); n != 1 {
			t.Errorf("an unchanged save recorded a row: %v rows", n)
		}

		// Problems by path, nothing written.
		zones := v["delivery"].(map[string]any)["zones"].([]any)
		zones[1].(map[string]any)["fee"] = -1
		v["exceptions"].([]any)[0].(map[string]any)["date"] = "2026-02-30"
		bad := m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", v), m.boss...)
		bad.wantError(t, 400, 1000)
		f := bad.Body["fields"].(map[string]any)
		var fee, date bool
		for k := range f {
			fee = fee || strings.HasSuffix(k, ".delivery.zones[1].fee")
			date = date || strings.HasSuffix(k, ".exceptions[0].date")
		}
		if !fee || !date {
			t.Errorf("problems not by path: %s", bad.Raw)
		}
		zones[1].(map[string]any)["fee"] = 150
		v["exceptions"].([]any)[0].(map[string]any)["date"] = "2026-03-03"
		zones[0].(map[string]any)["colour"] = "red"
		bad = m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", v), m.boss...)
		bad.wantError(t, 400, 1000)
		if f := bad.Body["fields"].(map[string]any); f["venue.delivery.zones[0].colour"] == nil {
			t.Errorf("unknown field: %s", bad.Raw)
		}
		delete(zones[0].(map[string]any), "colour")
		v["name"] = "Soho\u0007"
		m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", v), m.boss...).wantError(t, 400, 1000)
		m.call("admin/venues/upsert", data("business_slug", "demo-burgers"), m.boss...).wantError(t, 400, 1000)
		if got := sohoDoc(t, m.env, m.boss); got["name"] != name {
			t.Errorf("a refused save renamed soho to %v", got["name"])
		}
		if n := num(m.call("admin/audit/list", filter("business_slug", "demo-burgers"), m.boss...).Body["total"]); n != 1 {
			t.Errorf("refused saves recorded rows: %v", n)
		}

		// A new venue naming a menu the scheme lacks: both are created.
		nv := map[string]any{"venue_slug": "camden", "name": "Camden", "menu": "late",
			"address": map[string]any{"line1": "1 High St", "city": "London", "postcode": "NW1 7JE", "country": "GB"},
			"lat":     51.539, "lng": -0.1426, "time_zone": "Europe/London", "order_types": []any{1},
			"opening_hours": map[string]any{"5": []any{map[string]any{"open": "18:00", "close": "02:00"}}}}
		if got := m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", nv), m.boss...).data(t); got["menu"] != "late" {
			t.Errorf("new venue: %v", got)
		}
		if st := venueNamed(t, m.env, "camden"); st == nil {
			t.Error("the new venue is not in venue/info")
		}

		// A venue being set up with delivery ticked before it has a zone or a radius: it saves,
		// and no address is deliverable until one exists (the form says so beside the tick).
		kx := map[string]any{"venue_slug": "kings-cross", "name": "King's Cross", "menu": "late",
			"address": map[string]any{"line1": "1 Pancras Sq", "city": "London", "postcode": "N1C 4AG", "country": "GB"},
			"lat":     51.5347, "lng": -0.1246, "time_zone": "Europe/London", "order_types": []any{0, 1}}
		got := m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", kx), m.boss...).data(t)
		if types := got["order_types"].([]any); len(types) != 2 {
			t.Errorf("delivery and pickup not kept: %v", got)
		}
		if d := deliverable(t, m.env, 51.5347, -0.1246, "en-US")["kings-cross"]; d["delivers"] != false || d["reason"] != "no_delivery" {
			t.Errorf("delivery from a venue with no zone and no radius: %v", d)
		}
		kx["delivery"] = map[string]any{"radius_m": 2000}
		m.call("admin/venues/upsert", data("business_slug", "demo-burgers", "venue", kx), m.boss...).data(t)
		if d := deliverable(t, m.env, 51.5347, -0.1246, "en-US")["kings-cross"]; d["delivers"] != true {
			t.Errorf("delivery once the radius is given: %v", d)
		}
	})
}
