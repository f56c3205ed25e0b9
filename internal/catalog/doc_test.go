package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"platter/internal/catalog"
)

// validDoc is a small document that passes validation; cases mutate a copy.
const validDoc = `{
  "business_slug": "test-co", "name": "Test Co", "logo_url": "/demo-assets/logo.svg",
  "theme": 1, "colour": "E85D04", "colours": ["#112233", "aabbcc"],
  "currency": "GBP", "country": "GB", "languages": ["en-US"],
  "loyalty": {"stamp_threshold": 1000, "stamps_per_reward": 8, "reward_title": "Free burger"},
  "menus": [{"ref": "main", "name": "Main", "layout_style": 1,
    "categories": [{"ref": "burgers", "name": "Burgers", "items": [
      {"ref": "classic", "title": "Classic", "price": 899, "modifier_categories": ["patty"]},
      {"ref": "veggie", "title": "Veggie", "price": 950, "is_available": false, "order_types": [1]}
    ]}],
    "modifier_categories": [{"ref": "patty", "name": "Patty", "select_min": 1, "select_max": 1,
      "items": [{"ref": "beef", "name": "Beef", "price": 0}, {"ref": "chicken", "name": "Chicken", "price": 50}]}]
  }],
  "venues": [{"venue_slug": "soho", "name": "Soho",
    "address": {"line1": "1 Dean St", "city": "London", "postcode": "W1D 3RB", "country": "GB"},
    "lat": 51.5136, "lng": -0.1365, "time_zone": "Europe/London", "menu": "main",
    "opening_hours": {"0": [{"open": "11:00", "close": "22:00"}], "5": [{"open": "11:00", "close": "00:30"}]},
    "order_types": [0, 1], "delivery": {"radius_m": 5000, "fee": 249, "free_over": 3000, "minimum": 1000},
    "pickup": {"minimum": 0, "slot_capacity": 6}, "prep_minutes": 15, "delivery_minutes": 25,
    "service_charge_bp": 0, "vat_rate_bp": 2000,
    "tipping": {"enabled": true, "percents": [0, 10, 15, 20], "default_percent": 10, "allow_custom": true},
    "layout_style": 1}]
}`

// mutate decodes validDoc generically, applies fn and re-encodes it.
func mutate(t *testing.T, fn func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(validDoc), &m); err != nil {
		t.Fatal(err)
	}
	fn(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func obj(v any, keys ...any) map[string]any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v.(map[string]any)
}

func TestParseSchemeDocValid(t *testing.T) {
	doc, errs := catalog.ParseSchemeDoc([]byte(validDoc))
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if doc.Colour != "#e85d04" || doc.Colours[1] != "#aabbcc" {
		t.Errorf("colours not normalised: %q %v", doc.Colour, doc.Colours)
	}
	items := doc.Menus[0].Categories[0].Items
	if !items[0].Available() || items[1].Available() {
		t.Errorf("is_available default wrong")
	}
	v := doc.Venues[0].Venue()
	if len(v.OpeningHours[5]) != 1 || len(v.OpeningHours[1]) != 0 {
		t.Errorf("hours: %v", v.OpeningHours)
	}
	// Pickup capped at 6 orders a slot; delivery left out: unlimited.
	if v.CapacityFor(catalog.OrderTypePickup) != 6 || v.CapacityFor(catalog.OrderTypeDelivery) != 0 {
		t.Errorf("slot capacity: %v", v.SlotCapacity)
	}
}

func TestParseSchemeDocErrors(t *testing.T) {
	cases := []struct {
		name  string
		fn    func(m map[string]any)
		paths []string
	}{
		{"unknown top field", func(m map[string]any) { m["colour17"] = "#000000" }, []string{"colour17"}},
		{"unknown nested field", func(m map[string]any) {
			obj(m, "menus", 0, "categories", 0, "items", 1)["prise"] = 1
		}, []string{"menus[0].categories[0].items[1].prise"}},
		{"float price", func(m map[string]any) {
			obj(m, "menus", 0, "categories", 0, "items", 0)["price"] = 8.99
		}, []string{"menus[0].categories[0].items[0].price"}},
		{"currency and country", func(m map[string]any) { m["currency"] = "CHF"; m["country"] = "DE" },
			[]string{"currency", "country"}},
		{"slug and theme", func(m map[string]any) { m["business_slug"] = "Bad Slug"; m["theme"] = 2 },
			[]string{"business_slug", "theme"}},
		{"bad colour", func(m map[string]any) { m["colours"] = []any{"#12345", "zzzzzz"} },
			[]string{"colours[0]", "colours[1]"}},
		{"too many colours", func(m map[string]any) {
			cs := make([]any, 17)
			for i := range cs {
				cs[i] = "#000000"
			}
			m["colours"] = cs
		}, []string{"colours"}},
		{"languages", func(m map[string]any) { m["languages"] = []any{} }, []string{"languages"}},
		{"bad language", func(m map[string]any) { m["languages"] = []any{"de-DE"} }, []string{"languages[0]"}},
		{"negative price and selection", func(m map[string]any) {
			it := obj(m, "menus", 0, "categories", 0, "items", 0)
			it["price"] = -1
			it["select_min"] = 3
			it["select_max"] = 2
		}, []string{"menus[0].categories[0].items[0].price", "menus[0].categories[0].items[0].select_min"}},
		{"unknown modifier ref", func(m map[string]any) {
			obj(m, "menus", 0, "categories", 0, "items", 0)["modifier_categories"] = []any{"nope"}
		}, []string{"menus[0].categories[0].items[0].modifier_categories[0]"}},
		{"duplicate item ref", func(m map[string]any) {
			obj(m, "menus", 0, "categories", 0, "items", 1)["ref"] = "classic"
		}, []string{"menus[0].categories[0].items[1].ref"}},
		// Orders keep item and modifier ids, found by ref on re-import: a ref
		// must name one item (one modifier) in the whole menu, not per category.
		{"item ref repeated in another category", func(m map[string]any) {
			menu := obj(m, "menus", 0)
			menu["categories"] = append(menu["categories"].([]any), map[string]any{"ref": "sides", "name": "Sides",
				"items": []any{map[string]any{"ref": "classic", "title": "Classic fries", "price": 300}}})
		}, []string{"menus[0].categories[1].items[0].ref"}},
		{"modifier ref repeated in another modifier category", func(m map[string]any) {
			menu := obj(m, "menus", 0)
			menu["modifier_categories"] = append(menu["modifier_categories"].([]any), map[string]any{
				"ref": "extras", "name": "Extras",
				"items": []any{map[string]any{"ref": "beef", "name": "Extra beef", "price": 200}}})
		}, []string{"menus[0].modifier_categories[1].items[0].ref"}},
		{"bad order type", func(m map[string]any) {
			obj(m, "menus", 0, "categories", 0, "items", 1)["order_types"] = []any{2}
			obj(m, "venues", 0)["order_types"] = []any{}
		}, []string{"menus[0].categories[0].items[1].order_types[0]", "venues[0].order_types"}},
		{"slot capacity", func(m map[string]any) {
			obj(m, "venues", 0, "delivery")["slot_capacity"] = -1
			obj(m, "venues", 0, "pickup")["slot_capacity"] = 2.5
		}, []string{"venues[0].pickup.slot_capacity"}},
		{"negative slot capacity", func(m map[string]any) {
			obj(m, "venues", 0, "delivery")["slot_capacity"] = -1
		}, []string{"venues[0].delivery.slot_capacity"}},
		{"hours", func(m map[string]any) {
			obj(m, "venues", 0)["opening_hours"] = map[string]any{
				"3": []any{map[string]any{"open": "25:00", "close": "9:00"}},
				"7": []any{},
			}
		}, []string{"venues[0].opening_hours.3[0].open", "venues[0].opening_hours.3[0].close",
			"venues[0].opening_hours.7"}},
		{"venue basics", func(m map[string]any) {
			v := obj(m, "venues", 0)
			v["time_zone"] = "Mars/Olympus"
			v["lat"] = 91
			v["menu"] = "other"
			v["vat_rate_bp"] = 10001
			v["layout_style"] = 4
		}, []string{"venues[0].time_zone", "venues[0].lat", "venues[0].menu", "venues[0].vat_rate_bp",
			"venues[0].layout_style"}},
		{"duplicate venue", func(m map[string]any) {
			m["venues"] = append(m["venues"].([]any), obj(m, "venues", 0))
		}, []string{"venues[1].venue_slug"}},
		{"tipping default", func(m map[string]any) {
			obj(m, "venues", 0, "tipping")["default_percent"] = 12
		}, []string{"venues[0].tipping.default_percent"}},
		{"delivery radius", func(m map[string]any) {
			obj(m, "venues", 0, "delivery")["radius_m"] = -1
		}, []string{"venues[0].delivery.radius_m"}},
		{"modifier min above items", func(m map[string]any) {
			mc := obj(m, "menus", 0, "modifier_categories", 0)
			mc["select_min"] = 3
			mc["select_max"] = 3
		}, []string{"menus[0].modifier_categories[0].select_min"}},
		{"missing names", func(m map[string]any) {
			m["name"] = " "
			obj(m, "menus", 0, "categories", 0)["name"] = ""
		}, []string{"name", "menus[0].categories[0].name"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := catalog.ParseSchemeDoc(mutate(t, tc.fn))
			got := map[string]bool{}
			for _, e := range errs {
				got[e.Path] = true
			}
			for _, p := range tc.paths {
				if !got[p] {
					t.Errorf("missing error at %s; got %v", p, errs)
				}
			}
			if len(errs) != len(tc.paths) {
				t.Errorf("got %d errors, want %d: %v", len(errs), len(tc.paths), errs)
			}
		})
	}
}

func TestParseSchemeDocMalformed(t *testing.T) {
	for _, in := range []string{"", "{", "[]", `{"name": "x"} {}`} {
		_, errs := catalog.ParseSchemeDoc([]byte(in))
		if len(errs) == 0 {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestInvalidDocError(t *testing.T) {
	err := catalog.InvalidDocError([]catalog.FieldError{{Path: "currency", Message: "bad"}})
	if err.Code != 1000 || !strings.Contains(err.Fields["currency"], "bad") {
		t.Errorf("got %+v", err)
	}
}

// Validate must not modify the document: importers share documents between
// goroutines. Scheme() normalises its copy instead.
func TestValidateDoesNotModify(t *testing.T) {
	doc, errs := catalog.ParseSchemeDoc([]byte(validDoc))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	doc.Colour = "AABBCC"
	if errs := doc.Validate(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if doc.Colour != "AABBCC" {
		t.Errorf("Validate changed colour to %q", doc.Colour)
	}
	if got := doc.Scheme().Colour; got != "#aabbcc" {
		t.Errorf("Scheme().Colour = %q", got)
	}
}
