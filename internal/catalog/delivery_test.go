package catalog_test

import (
	"testing"

	"platter/internal/catalog"
)

func TestDeliveryCheck(t *testing.T) {
	soho := catalog.Venue{Slug: "soho", Lat: 51.5136, Lng: -0.1365, DeliveryRadiusM: 5000,
		OrderTypes: []int{catalog.OrderTypeDelivery, catalog.OrderTypePickup}}
	shoreditch := catalog.Venue{Slug: "shoreditch", Lat: 51.5265, Lng: -0.0780, DeliveryRadiusM: 5000,
		OrderTypes: []int{catalog.OrderTypeDelivery}}
	pickupOnly := catalog.Venue{Slug: "kiosk", Lat: 51.5136, Lng: -0.1365, DeliveryRadiusM: 5000,
		OrderTypes: []int{catalog.OrderTypePickup}}
	noRadius := catalog.Venue{Slug: "noradius", Lat: 51.5136, Lng: -0.1365,
		OrderTypes: []int{catalog.OrderTypeDelivery}}
	venues := []catalog.Venue{soho, shoreditch, pickupOnly, noRadius}

	type want struct {
		delivers bool
		reason   string
	}
	cases := []struct {
		name     string
		lat, lng float64
		want     []want
		distSoho float64
	}{
		{"at soho", 51.5136, -0.1365, []want{{true, ""}, {true, ""}, {false, catalog.ReasonNoDelivery},
			{false, catalog.ReasonNoDelivery}}, 0},
		// 0.09° of latitude north of Soho is 10.01 km: beyond both radii.
		{"10 km north", 51.6036, -0.1365, []want{{false, catalog.ReasonOutsideArea},
			{false, catalog.ReasonOutsideArea}, {false, catalog.ReasonNoDelivery},
			{false, catalog.ReasonNoDelivery}}, 10.01},
		{"Krakow", 50.0617, 19.9373, []want{{false, catalog.ReasonOutsideArea},
			{false, catalog.ReasonOutsideArea}, {false, catalog.ReasonNoDelivery},
			{false, catalog.ReasonNoDelivery}}, -1},
	}
	for _, tc := range cases {
		got := catalog.DeliveryCheck(venues, tc.lat, tc.lng)
		if len(got) != len(venues) {
			t.Fatalf("%s: %d answers for %d venues", tc.name, len(got), len(venues))
		}
		for i, w := range tc.want {
			g := got[i]
			if g.VenueSlug != venues[i].Slug || g.Delivers != w.delivers || g.Reason != w.reason {
				t.Errorf("%s: %s = %+v; want delivers %v reason %q", tc.name, venues[i].Slug, g, w.delivers, w.reason)
			}
		}
		if tc.distSoho >= 0 && got[0].DistanceKm != tc.distSoho {
			t.Errorf("%s: distance to soho = %v; want %v", tc.name, got[0].DistanceKm, tc.distSoho)
		}
	}
	// Two decimals, as the storefront shows "4.26 KM away".
	if d := catalog.DeliveryCheck(venues[:1], 51.5265, -0.0780)[0].DistanceKm; d*100 != float64(int(d*100)) {
		t.Errorf("distance %v is not rounded to 2 decimals", d)
	}
	if got := catalog.DeliveryCheck(nil, 0, 0); got == nil || len(got) != 0 {
		t.Errorf("no venues: %v; want an empty, non-nil list", got)
	}
}
