package httpapi_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func filter(kv ...any) map[string]any {
	f := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		f[kv[i].(string)] = kv[i+1]
	}
	return map[string]any{"filter": f}
}

// TestCatalogCalls exercises the catalogue calls against a running server
// and checks each answer against api/openapi.yaml (TestMain fails the run
// when any implemented call goes unvalidated by every test).
func TestCatalogCalls(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})

		sh := e.call("general/shake-hand", nil).data(t)
		if sh["api_version"] != 3.0 || !strings.Contains(sh["maps"].(map[string]any)["tile_url"].(string), "{z}") {
			t.Errorf("shake-hand: %v", sh)
		}

		list := e.call("general/schemes", map[string]any{})
		if list.Body["total"] != 2.0 {
			t.Errorf("schemes: %s", list.Raw)
		}

		info := e.call("venue/info", filter("business_slug", "demo-burgers"))
		d := info.data(t)
		hex := regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
		if d["currency"] != "GBP" || d["theme"] != 1.0 || !hex.MatchString(d["colour"].(string)) ||
			!hex.MatchString(d["colour1"].(string)) {
			t.Errorf("venue/info burgers: %s", info.Raw)
		}
		if info.Body["lastUpdatedTime"] == nil {
			t.Error("venue/info has no lastUpdatedTime")
		}
		stores := d["stores"].([]any)
		if len(stores) != 2 || stores[0].(map[string]any)["venue_slug"] != "soho" {
			t.Errorf("stores: %v", stores)
		}
		pl := e.call("venue/info", filter("business_slug", "demo-pierogi")).data(t)
		if pl["currency"] != "PLN" || pl["theme"] != 0.0 {
			t.Errorf("venue/info pierogi: %v", pl)
		}

		menu := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 0))
		md := menu.data(t)
		if n := len(md["items"].([]any)); n < 50 {
			t.Errorf("menu/list: %d items", n)
		}
		if n := len(md["categories"].([]any)); n < 8 {
			t.Errorf("menu/list: %d categories", n)
		}
		e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "nowhere")).wantError(t, 404, 1404)
		e.call("menu/list", filter("business_slug", "demo-pierogi", "venue_slug", "soho")).wantError(t, 404, 1404)
	})
}

// TestMenuCacheFollowsChanges checks that menu/list, served from memory,
// shows a change made by another instance (here: another server on the same
// database) at once, and that re-importing an unchanged document moves no
// version, so no instance throws its cached menu away for nothing.
func TestMenuCacheFollowsChanges(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a := start(t, db, options{})
		b := start(t, db, options{}) // a second instance on the same database
		req := filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 1)
		before := a.call("menu/list", req)
		b.call("menu/list", req) // warm b's cache too

		if _, err := db.ImportScheme(context.Background(), burgersDoc(t)); err != nil {
			t.Fatal(err)
		}
		for name, e := range map[string]*env{"a": a, "b": b} {
			if v := e.call("menu/list", req).Body["version"]; v != before.Body["version"] {
				t.Errorf("%s: an unchanged re-import moved the version %v → %v", name, before.Body["version"], v)
			}
		}

		doc := burgersDoc(t)
		item := &doc.Menus[0].Categories[0].Items[0]
		item.Price += 100
		if _, err := db.ImportScheme(context.Background(), doc); err != nil {
			t.Fatal(err)
		}
		for name, e := range map[string]*env{"a": a, "b": b} {
			after := e.call("menu/list", req)
			if num(after.Body["version"]) != num(before.Body["version"])+1 {
				t.Errorf("%s: version %v → %v, want + 1", name, before.Body["version"], after.Body["version"])
			}
			if got := priceOf(after, item.Title); got != float64(item.Price) {
				t.Errorf("%s: %s costs %v after the change, want %d", name, item.Title, got, item.Price)
			}
		}
	})
}

// TestRemovedCatalogueRowsAreHidden: what a re-import removed (soft-deleted
// in the store) never reaches a customer: not in menu/list, venue/info or
// stores/deliverable, and a removed venue's menu is not found.
func TestRemovedCatalogueRowsAreHidden(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		menuReq := filter("business_slug", "demo-burgers", "venue_slug", "soho")
		e.call("menu/list", menuReq) // cached before the change
		doc := burgersDoc(t)
		cats := doc.Menus[0].Categories
		gone := cats[0].Items[1]
		cats[0].Items = append(cats[0].Items[:1], cats[0].Items[2:]...)
		goneCat := cats[len(cats)-1]
		doc.Menus[0].Categories = cats[:len(cats)-1]
		goneMod := doc.Menus[0].ModifierCategories[0].Items[1]
		mods := &doc.Menus[0].ModifierCategories[0]
		mods.Items = append(mods.Items[:1], mods.Items[2:]...)
		doc.Venues = doc.Venues[:1]
		if _, err := db.ImportScheme(context.Background(), doc); err != nil {
			t.Fatal(err)
		}

		menu := e.call("menu/list", menuReq)
		for _, it := range menu.data(t)["items"].([]any) {
			title := it.(map[string]any)["title"]
			if title == gone.Title || (len(goneCat.Items) > 0 && title == goneCat.Items[0].Title) {
				t.Errorf("menu/list still offers %v", title)
			}
		}
		for _, c := range menu.data(t)["categories"].([]any) {
			if c.(map[string]any)["name"] == goneCat.Name {
				t.Errorf("menu/list still shows category %s", goneCat.Name)
			}
		}
		for _, m := range menu.data(t)["modifier_items"].([]any) {
			if m.(map[string]any)["name"] == goneMod.Name {
				t.Errorf("menu/list still offers modifier %s", goneMod.Name)
			}
		}
		e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "shoreditch")).wantError(t, 404, 1404)
		stores := e.call("venue/info", filter("business_slug", "demo-burgers")).data(t)["stores"].([]any)
		if len(stores) != 1 || stores[0].(map[string]any)["venue_slug"] != "soho" {
			t.Errorf("venue/info stores after removing shoreditch: %v", stores)
		}
		deliverable := e.call("stores/deliverable", filter("business_slug", "demo-burgers", "lat", 51.52, "lng", -0.08))
		if lines := deliverable.Body["data"].([]any); len(lines) != 1 || lines[0].(map[string]any)["venue_slug"] != "soho" {
			t.Errorf("stores/deliverable after removing shoreditch: %s", deliverable.Raw)
		}
	})
}

func burgersDoc(t *testing.T) *catalog.SchemeDoc {
	t.Helper()
	for _, d := range demo.Documents() {
		if strings.Contains(d.Name, "burgers") {
			doc, problems := catalog.ParseSchemeDoc(d.Data)
			if len(problems) > 0 {
				t.Fatal(problems)
			}
			return doc
		}
	}
	t.Fatal("no burgers demo")
	return nil
}

func priceOf(r *response, title string) float64 {
	for _, it := range r.Body["data"].(map[string]any)["items"].([]any) {
		m := it.(map[string]any)
		if m["title"] == title {
			return m["price"].(float64)
		}
	}
	return -1
}

// TestSpecHasNoUnimplementedCalls keeps the contract honest the other way:
// every path in api/openapi.yaml is served.
func TestSpecHasNoUnimplementedCalls(t *testing.T) {
	t.Parallel()
	doc, err := spec()
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.Open(t, "sqlite")
	e := start(t, db, options{})
	served := map[string]bool{}
	for _, p := range e.api.Routes() {
		served["/"+p] = true
	}
	for p := range doc.Paths.Map() {
		if !served[p] {
			t.Errorf("api/openapi.yaml describes %s but the server does not implement it", p)
		}
	}
	if _, err := os.Stat("../../docs/errors.md"); err != nil {
		t.Errorf("docs/errors.md: %v", err)
	}
}

// TestVenueClockOffsets: venue/info gives each venue's offset from UTC at the
// server's now and the instant it stops holding (the next daylight-saving
// change), so the storefront reads the venue's clock without time-zone data:
// London and Warsaw in winter, in summer, and just before the change.
func TestVenueClockOffsets(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	for _, c := range []struct {
		now    string
		scheme string
		offset float64
		until  string
	}{
		{"2026-11-23T12:00:00Z", "demo-burgers", 0, "2027-03-28T01:00:00Z"},
		{"2026-07-01T12:00:00Z", "demo-burgers", 60, "2026-10-25T01:00:00Z"},
		{"2026-10-25T00:59:00Z", "demo-burgers", 60, "2026-10-25T01:00:00Z"},
		{"2026-11-23T12:00:00Z", "demo-pierogi", 60, "2027-03-28T01:00:00Z"},
		{"2026-07-01T12:00:00Z", "demo-pierogi", 120, "2026-10-25T01:00:00Z"},
	} {
		now, _ := time.Parse(time.RFC3339, c.now)
		e := start(t, db, options{now: func() time.Time { return now }})
		for _, s := range e.call("venue/info", filter("business_slug", c.scheme)).data(t)["stores"].([]any) {
			st := s.(map[string]any)
			if st["utc_offset_minutes"] != c.offset || st["utc_offset_until"] != c.until {
				t.Errorf("%s at %s, %s: offset %v until %v, want %v until %s", c.scheme, c.now, st["venue_slug"],
					st["utc_offset_minutes"], st["utc_offset_until"], c.offset, c.until)
			}
		}
	}
}
