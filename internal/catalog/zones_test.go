package catalog_test

import (
	"testing"

	"platter/internal/catalog"
)

// square is a closed ring [lng, lat] from (x0, y0) to (x1, y1).
func square(x0, y0, x1, y1 float64) [][]float64 {
	return [][]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

func TestPolygonContains(t *testing.T) {
	outline := square(0, 0, 10, 10)
	hole := square(4, 4, 6, 6)
	// A concave L: the notch (7, 7) is outside, the arms inside.
	ell := [][]float64{{0, 0}, {10, 0}, {10, 5}, {5, 5}, {5, 10}, {0, 10}, {0, 0}}
	cases := []struct {
		name  string
		rings [][][]float64
		x, y  float64
		want  bool
	}{
		{"inside", [][][]float64{outline}, 5, 5, true},
		{"outside", [][][]float64{outline}, 11, 5, false},
		{"on an edge", [][][]float64{outline}, 10, 5, true},
		{"on the bottom edge", [][][]float64{outline}, 3, 0, true},
		{"on a vertex", [][][]float64{outline}, 0, 0, true},
		{"on the far vertex", [][][]float64{outline}, 10, 10, true},
		{"just outside an edge", [][][]float64{outline}, 10.0001, 5, false},
		{"level with a vertex, outside", [][][]float64{outline}, -1, 10, false},
		{"in the hole", [][][]float64{outline, hole}, 5, 5, false},
		{"on the hole's edge", [][][]float64{outline, hole}, 4, 5, true},
		{"beside the hole", [][][]float64{outline, hole}, 2, 5, true},
		{"no rings", nil, 0, 0, false},
		{"concave notch", [][][]float64{ell}, 7, 7, false},
		{"concave arm", [][][]float64{ell}, 2, 8, true},
		{"inner corner", [][][]float64{ell}, 5, 5, true},
		{"level with the inner corner, outside", [][][]float64{ell}, 7, 5.001, false},
	}
	for _, tc := range cases {
		if got := catalog.PolygonContains(tc.rings, tc.x, tc.y); got != tc.want {
			t.Errorf("%s: PolygonContains(%v, %v) = %v; want %v", tc.name, tc.x, tc.y, got, tc.want)
		}
	}
}

// zoned is a delivery venue at (0, 0) with two overlapping square zones:
// "west" [-0.02, 0.01] and "east" [-0.01, 0.02] in both lng and lat, and a
// 500 m circle "centre".
func zoned() *catalog.Venue {
	return &catalog.Venue{Lat: 0, Lng: 0, OrderTypes: []int{catalog.OrderTypeDelivery},
		DeliveryRadiusM: 50000, DeliveryFee: 999, // ignored: the venue has zones
		Zones: []catalog.DeliveryZone{
			{Name: "west", Polygon: &catalog.GeoPolygon{Type: "Polygon",
				Coordinates: [][][]float64{square(-0.02, -0.02, 0.01, 0.01)}}, Fee: 300, Minimum: 1500},
			{Name: "east", Polygon: &catalog.GeoPolygon{Type: "Polygon",
				Coordinates: [][][]float64{square(-0.01, -0.01, 0.02, 0.02)}}, Fee: 200, Minimum: 2000, FreeOver: 4000},
		}}
}

func TestDeliveryTermsOverlap(t *testing.T) {
	v := zoned()
	cases := []struct {
		name      string
		lat, lng  float64
		subtotal  int64
		ok        bool
		zone      string
		fee       int64
		wantFeeAt int64
	}{
		{"only west", -0.015, -0.015, 1500, true, "west", 300, 300},
		{"only east", 0.015, 0.015, 2500, true, "east", 200, 200},
		{"outside both", 0.03, 0.03, 5000, false, "", 0, 0},
		{"outside both, inside the venue's radius", -0.03, 0.0, 5000, false, "", 0, 0},
		// Both contain (0.005, 0.005): the cheaper fee wins once its minimum is met,
		// exactly the minimum included.
		{"overlap, east's minimum met exactly", 0.005, 0.005, 2000, true, "east", 200, 200},
		{"overlap, only west's minimum met", 0.005, 0.005, 1999, true, "west", 300, 300},
		{"overlap, east free over 40", 0.005, 0.005, 4000, true, "east", 200, 0},
		{"overlap, no minimum met: the lower minimum answers", 0.005, 0.005, 100, true, "west", 300, 300},
		{"overlap, subtotal unknown: the lower fee", 0.005, 0.005, -1, true, "east", 200, 200},
		{"on east's outer edge", 0.02, 0.0, 2000, true, "east", 200, 200},
	}
	for _, tc := range cases {
		got, ok := v.DeliveryTermsAt(tc.lat, tc.lng, tc.subtotal)
		if ok != tc.ok || got.Zone != tc.zone || got.Fee != tc.fee {
			t.Errorf("%s: %+v %v; want zone %q fee %d ok %v", tc.name, got, ok, tc.zone, tc.fee, tc.ok)
			continue
		}
		if ok && tc.subtotal >= 0 && got.FeeFor(tc.subtotal) != tc.wantFeeAt {
			t.Errorf("%s: fee for %d = %d; want %d", tc.name, tc.subtotal, got.FeeFor(tc.subtotal), tc.wantFeeAt)
		}
	}
	// Zones are kept in the order given; listing them the other way round
	// changes nothing (the cheapest wins, not the first).
	v.Zones[0], v.Zones[1] = v.Zones[1], v.Zones[0]
	if got, _ := v.DeliveryTermsAt(0.005, 0.005, 2500); got.Zone != "east" {
		t.Errorf("reordered zones: %q wins; want east", got.Zone)
	}
}

func TestDeliveryTermsRadiusZoneAndFallback(t *testing.T) {
	v := zoned()
	v.Zones = append(v.Zones, catalog.DeliveryZone{Name: "centre", RadiusM: 500, Fee: 0, Minimum: 1000})
	// 0.004° of latitude is about 445 m: inside the circle (and both squares).
	if got, ok := v.DeliveryTermsAt(0.004, 0, 1000); !ok || got.Zone != "centre" || got.Fee != 0 {
		t.Errorf("inside the circle: %+v %v; want centre at 0", got, ok)
	}
	// Without zones the venue's own radius and terms apply.
	plain := &catalog.Venue{Lat: 0, Lng: 0, OrderTypes: []int{catalog.OrderTypeDelivery},
		DeliveryRadiusM: 1000, DeliveryFee: 249, DeliveryMinimum: 1000, FreeDeliveryOver: 3000}
	if got, ok := plain.DeliveryTermsAt(0.008, 0, 1000); !ok || got.Fee != 249 || got.Minimum != 1000 || got.Zone != "" {
		t.Errorf("no zones, inside the radius: %+v %v", got, ok)
	}
	if _, ok := plain.DeliveryTermsAt(0.01, 0, 1000); ok { // 1.11 km
		t.Error("no zones, outside the radius: delivered")
	}
	plain.OrderTypes = []int{catalog.OrderTypePickup}
	if plain.DeliversTo(0, 0) {
		t.Error("a pickup-only venue delivers")
	}
}
