package catalog_test

import (
	"testing"

	"platter/internal/catalog"
)

func ring(pts ...[2]float64) []any {
	out := make([]any, len(pts))
	for i, p := range pts {
		out[i] = []any{p[0], p[1]}
	}
	return out
}

func polygonZone(name string, fee int) map[string]any {
	return map[string]any{"name": name, "fee": fee, "minimum": 1500, "free_over": 0,
		"polygon": map[string]any{"type": "Polygon", "coordinates": []any{
			ring([2]float64{-0.14, 51.51}, [2]float64{-0.13, 51.51}, [2]float64{-0.13, 51.52}, [2]float64{-0.14, 51.51}),
		}}}
}

func TestParseVenueExceptionsAndZones(t *testing.T) {
	doc, errs := catalog.ParseSchemeDoc(mutate(t, func(m map[string]any) {
		v := obj(m, "venues", 0)
		v["exceptions"] = []any{
			map[string]any{"date": "2026-12-25", "closed": true, "note": "Closed for Christmas"},
			map[string]any{"date": "2026-12-24", "ranges": []any{map[string]any{"open": "10:00", "close": "14:00"}}},
			map[string]any{"date": "2026-12-26", "closed": true, "order_types": []any{1}, "note": "Delivery only"},
		}
		d := obj(v, "delivery")
		d["radius_m"] = 0 // zones decide instead
		d["zones"] = []any{polygonZone("Centre", 199), map[string]any{"name": "Ring", "radius_m": 3000, "fee": 299}}
	}))
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	v := doc.Venues[0].Venue()
	if len(v.Exceptions) != 3 || len(v.Zones) != 2 || v.Zones[0].Polygon == nil || v.Zones[1].RadiusM != 3000 {
		t.Fatalf("venue: exceptions %+v zones %+v", v.Exceptions, v.Zones)
	}
}

func TestParseVenueExceptionsAndZonesErrors(t *testing.T) {
	cases := []struct {
		name  string
		fn    func(v map[string]any)
		paths []string
	}{
		{"exception shapes", func(v map[string]any) {
			v["exceptions"] = []any{
				map[string]any{"date": "2026-02-30", "closed": true},
				map[string]any{"date": "2026-12-24"},
				map[string]any{"date": "2026-12-25", "closed": true, "ranges": []any{map[string]any{"open": "10:00", "close": "11:00"}}},
				map[string]any{"date": "2026-12-26", "ranges": []any{map[string]any{"open": "10:00", "close": "25:00"}},
					"order_types": []any{3}, "note": "bell\x07"},
			}
		}, []string{"venues[0].exceptions[0].date", "venues[0].exceptions[1].ranges",
			"venues[0].exceptions[2].ranges", "venues[0].exceptions[3].ranges[0].close",
			"venues[0].exceptions[3].order_types[0]", "venues[0].exceptions[3].note"}},
		{"one exception per date and order type", func(v map[string]any) {
			v["exceptions"] = []any{
				map[string]any{"date": "2026-12-25", "closed": true, "order_types": []any{1}},
				map[string]any{"date": "2026-12-25", "closed": true, "order_types": []any{0}}, // fine: other type
				map[string]any{"date": "2026-12-25", "closed": true},                          // both again
			}
		}, []string{"venues[0].exceptions[2].date"}},
		{"zone shapes", func(v map[string]any) {
			bad := polygonZone("Centre", -1)
			bad["radius_m"] = 100
			open := polygonZone("Open", 1)
			obj(open, "polygon")["coordinates"] = []any{ring([2]float64{0, 0}, [2]float64{1, 0}, [2]float64{1, 1}, [2]float64{0, 1})}
			far := polygonZone("Far", 1)
			obj(far, "polygon")["type"] = "MultiPolygon"
			obj(far, "polygon")["coordinates"] = []any{ring([2]float64{0, 0}, [2]float64{200, 0}, [2]float64{1, 1}, [2]float64{0, 0})}
			obj(v, "delivery")["zones"] = []any{bad, open, far,
				map[string]any{"name": "Centre", "fee": 1},
				map[string]any{"name": "", "radius_m": 10, "fee": 1}}
		}, []string{"venues[0].delivery.zones[0].radius_m", "venues[0].delivery.zones[0].fee",
			"venues[0].delivery.zones[1].polygon.coordinates[0]", "venues[0].delivery.zones[2].polygon.type",
			"venues[0].delivery.zones[2].polygon.coordinates[0][1]", "venues[0].delivery.zones[3].name",
			"venues[0].delivery.zones[3].radius_m", "venues[0].delivery.zones[4].name"}},
		// A venue being set up: delivery ticked before any zone or radius. It saves; no address
		// is deliverable yet (TestDeliveryCheck's noRadius).
		{"delivery with no zones and no radius yet", func(v map[string]any) {
			obj(v, "delivery")["radius_m"] = 0
			obj(v, "delivery")["zones"] = []any{}
		}, nil},
		{"polygon of the wrong JSON type", func(v map[string]any) {
			obj(v, "delivery")["zones"] = []any{map[string]any{"name": "x", "fee": 1,
				"polygon": map[string]any{"type": "Polygon", "coordinates": []any{"nope"}}}}
		}, []string{"venues[0].delivery.zones[0].polygon.coordinates[0]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := catalog.ParseSchemeDoc(mutate(t, func(m map[string]any) { tc.fn(obj(m, "venues", 0)) }))
			got := map[string]bool{}
			for _, e := range errs {
				got[e.Path] = true
			}
			for _, p := range tc.paths {
				if !got[p] {
					t.Errorf("missing error at %s; got %v", p, errs)
				}
			}
			if len(got) != len(tc.paths) {
				t.Errorf("got errors at %d paths, want %d: %v", len(got), len(tc.paths), errs)
			}
		})
	}
}
