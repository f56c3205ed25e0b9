package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"platter/internal/audit"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// A Monday noon in London (GMT): the demo venues are open.
var seoNow = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func startSEO(t *testing.T, db *store.DB) *env {
	return start(t, db, options{web: builtWeb(), now: func() time.Time { return seoNow },
		env: map[string]string{"PLATTER_PUBLIC_URL": publicURL}})
}

// seoExceptions are Soho's dated exceptions in the tests: Christmas Eve's
// short day, Christmas closed, a pickup-only closure (the venue stays open
// for delivery: not the venue's hours) and a Monday closed.
var seoExceptions = []catalog.HoursException{
	{Date: "2026-12-24", Ranges: []catalog.TimeRange{{Open: "11:00", Close: "15:00"}}, Note: "Christmas Eve: short day"},
	{Date: "2026-12-25", Closed: true, Note: "Closed for Christmas"},
	{Date: "2026-12-26", Closed: true, OrderTypes: []int{catalog.OrderTypePickup}, Note: "No collection"},
	{Date: "2026-12-28", Closed: true, Note: "Staff party"},
}

var editAudit = audit.Audit{Action: "menu.test", Target: "seo"}

// editBurgers changes demo-burgers as the back office would, in one write.
func editBurgers(t *testing.T, db *store.DB, fn func(doc *catalog.SchemeDoc) error) {
	t.Helper()
	_, err := db.EditScheme(context.Background(), "demo-burgers", editAudit,
		func(doc *catalog.SchemeDoc) (any, any, error) { return nil, nil, fn(doc) })
	if err != nil {
		t.Fatal(err)
	}
}

func setSohoExceptions(t *testing.T, db *store.DB) {
	editBurgers(t, db, func(doc *catalog.SchemeDoc) error {
		for i := range doc.Venues {
			if doc.Venues[i].VenueSlug == "soho" {
				doc.Venues[i].Exceptions = seoExceptions
			}
		}
		return nil
	})
}

var jsonLDBlock = regexp.MustCompile(`(?s)<script type="application/ld\+json" id="platter-jsonld">(.*?)</script>`)

// pageJSONLD is the one JSON-LD block of a page, parsed.
func pageJSONLD(t *testing.T, doc string) map[string]any {
	t.Helper()
	m := jsonLDBlock.FindAllStringSubmatch(doc, -1)
	if len(m) != 1 {
		t.Fatalf("%d JSON-LD blocks, want 1", len(m))
	}
	if strings.ContainsAny(m[0][1], "<>") {
		t.Errorf("the JSON-LD holds a raw < or >")
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(m[0][1]), &v); err != nil {
		t.Fatalf("the JSON-LD does not parse: %v\n%s", err, m[0][1])
	}
	return v
}

// hoursOf finds the opening hours specifications matching want's fields.
func hoursOf(ld map[string]any, match func(h map[string]any) bool) []map[string]any {
	var out []map[string]any
	for _, h := range ld["openingHoursSpecification"].([]any) {
		if h := h.(map[string]any); match(h) {
			out = append(out, h)
		}
	}
	return out
}

// TestVenueJSONLD: the menu page's first HTML describes the venue as a
// schema.org Restaurant (address, place, weekly hours, dated exceptions)
// with its menu, sections in the page's order and every item of the first
// with a price in pounds, all of schema.org's vocabulary; on both databases.
func TestVenueJSONLD(t *testing.T) {
	t.Parallel()
	voc := loadVocabulary(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startSEO(t, db)
		setSohoExceptions(t, db)
		_, body := e.get("/demo-burgers/soho/menu")
		ld := pageJSONLD(t, string(body))
		voc.checkLD(t, ld, "Restaurant")

		if ld["@context"] != "https://schema.org" || ld["@type"] != "Restaurant" || ld["name"] != "Ember & Bun Soho" {
			t.Errorf("context, type, name: %v %v %v", ld["@context"], ld["@type"], ld["name"])
		}
		if ld["url"] != publicURL+"/demo-burgers/soho/menu" {
			t.Errorf("url %v", ld["url"])
		}
		addr := ld["address"].(map[string]any)
		if addr["@type"] != "PostalAddress" || addr["addressLocality"] != "London" || addr["addressCountry"] != "GB" ||
			addr["postalCode"] == "" || addr["streetAddress"] == "" {
			t.Errorf("address %v", addr)
		}
		if geo := ld["geo"].(map[string]any); num(geo["latitude"]) < 51 || num(geo["latitude"]) > 52 {
			t.Errorf("geo %v", geo)
		}

		// Monday to Thursday 11:00–23:00 in one specification, Friday and
		// Saturday past midnight, Sunday to 22:00.
		weekly := func(day string) []map[string]any {
			return hoursOf(ld, func(h map[string]any) bool {
				days, _ := h["dayOfWeek"].([]any)
				return slices.Contains(days, any("https://schema.org/"+day))
			})
		}
		for day, want := range map[string][2]string{"Monday": {"11:00:00", "23:00:00"}, "Thursday": {"11:00:00", "23:00:00"},
			"Friday": {"11:00:00", "00:30:00"}, "Sunday": {"11:00:00", "22:00:00"}} {
			h := weekly(day)
			if len(h) != 1 || h[0]["opens"] != want[0] || h[0]["closes"] != want[1] || h[0]["validFrom"] != nil {
				t.Errorf("%s: %v, want %v", day, h, want)
			}
		}
		if n := len(weekly("Monday")[0]["dayOfWeek"].([]any)); n != 4 {
			t.Errorf("Monday's range is shared by %d days, want 4", n)
		}
		// The exceptions for every order type, closed days as 00:00–00:00.
		dated := func(date string) []map[string]any {
			return hoursOf(ld, func(h map[string]any) bool { return h["validFrom"] == date && h["validThrough"] == date })
		}
		for date, want := range map[string][2]string{"2026-12-24": {"11:00:00", "15:00:00"},
			"2026-12-25": {"00:00:00", "00:00:00"}, "2026-12-28": {"00:00:00", "00:00:00"}} {
			if h := dated(date); len(h) != 1 || h[0]["opens"] != want[0] || h[0]["closes"] != want[1] || h[0]["dayOfWeek"] != nil {
				t.Errorf("%s: %v, want %v", date, h, want)
			}
		}
		if h := dated("2026-12-26"); len(h) != 0 {
			t.Errorf("a pickup-only closure is in the venue's hours: %v", h)
		}

		// The menu: its first section is the first category with all its
		// items, priced as menu/list prices them.
		list := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 0)).data(t)
		first, firstPos := "", 1<<30
		var firstID float64
		for _, c := range list["categories"].([]any) {
			if c := c.(map[string]any); int(num(c["position"])) < firstPos {
				first, firstPos, firstID = c["name"].(string), int(num(c["position"])), num(c["id"])
			}
		}
		want := map[string]string{}
		for _, it := range list["items"].([]any) {
			if it := it.(map[string]any); num(it["category_id"]) == firstID {
				p := int(num(it["price"]))
				want[it["title"].(string)] = fmt.Sprintf("%d.%02d", p/100, p%100)
			}
		}
		menu := ld["hasMenu"].(map[string]any)
		sec := menu["hasMenuSection"].([]any)[0].(map[string]any)
		if sec["name"] != first {
			t.Errorf("first section %v, want %q", sec["name"], first)
		}
		got := map[string]string{}
		for _, it := range sec["hasMenuItem"].([]any) {
			it := it.(map[string]any)
			offer := it["offers"].(map[string]any)
			if offer["priceCurrency"] != "GBP" {
				t.Errorf("%v: currency %v", it["name"], offer["priceCurrency"])
			}
			got[it["name"].(string)] = offer["price"].(string)
		}
		if len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("first section's items %v, want %v", got, want)
		}
	})
}

// TestVenueJSONLDFollowsMenuEdits: an item renamed in the back office is
// in the next page's JSON-LD, and menu text cannot end the script element
// (a title holding </script> stays escaped); on both databases.
func TestVenueJSONLDFollowsMenuEdits(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startSEO(t, db)
		_, body := e.get("/demo-burgers/soho/menu")
		before := string(body)
		evil := `Cheese </script><script>alert(1)</script> & <!-- burger`
		editBurgers(t, db, func(doc *catalog.SchemeDoc) error {
			m := doc.MenuOf("main")
			for ci := range m.Categories {
				for ii := range m.Categories[ci].Items {
					if it := &m.Categories[ci].Items[ii]; it.Ref == "classic-cheeseburger" {
						it.Title, it.Description = evil, "Now with </SCRIPT > twice"
					}
				}
			}
			return nil
		})
		_, body = e.get("/demo-burgers/soho/menu")
		page := string(body)
		if strings.Contains(page, "<script>alert") || strings.Contains(page, "</SCRIPT >") || strings.Contains(page, "<!-- burger") {
			t.Fatal("menu text reached the HTML unescaped")
		}
		if strings.Contains(before, evil) || !strings.Contains(fmt.Sprint(pageJSONLD(t, page)["hasMenu"]), evil) {
			t.Error("the JSON-LD does not hold the renamed item")
		}
	})
}

// TestVenueJSONLDCapsItems: a huge menu is described by its first
// maxLDItems (100) items, in the page's order, so the first HTML stays small.
func TestVenueJSONLDCapsItems(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	e := startSEO(t, db)
	editBurgers(t, db, func(doc *catalog.SchemeDoc) error {
		m := doc.MenuOf("main")
		for i := range 150 {
			it := catalog.ItemDoc{Ref: fmt.Sprintf("extra-%03d", i), Title: fmt.Sprintf("Extra %03d", i), Price: 100 + int64(i)}
			if _, _, err := m.UpsertItem(m.Categories[len(m.Categories)-1].Ref, it, nil); err != nil {
				return err
			}
		}
		return nil
	})
	_, body := e.get("/demo-burgers/soho/menu")
	n := 0
	for _, s := range pageJSONLD(t, string(body))["hasMenu"].(map[string]any)["hasMenuSection"].([]any) {
		n += len(s.(map[string]any)["hasMenuItem"].([]any))
	}
	if n != 100 {
		t.Errorf("%d items described, want 100", n)
	}
	if len(body) > 300<<10 {
		t.Errorf("the page is %d KB", len(body)>>10)
	}
}

// TestNoJSONLDOffVenuePages: only a venue's menu page describes it.
func TestNoJSONLDOffVenuePages(t *testing.T) {
	t.Parallel()
	e := startSEO(t, storetest.Open(t, "sqlite"))
	for _, p := range []string{"/demo-burgers/home", "/demo-burgers/soho/checkout", "/demo-burgers/nowhere/menu", "/"} {
		if _, body := e.get(p); jsonLDBlock.Match(body) {
			t.Errorf("%s has JSON-LD", p)
		}
	}
}
