package pricing_test

import (
	"testing"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/pricing"
)

// zonedVenue delivers only to two overlapping squares around Soho: "west"
// (£3.00, minimum £15) and "east" (£1.50, minimum £20, free from £30).
func zonedVenue(eastMinimum int64) *catalog.Venue {
	v := venue()
	sq := func(x0, y0, x1, y1 float64) *catalog.GeoPolygon {
		return &catalog.GeoPolygon{Type: "Polygon", Coordinates: [][][]float64{
			{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}}}
	}
	v.Zones = []catalog.DeliveryZone{
		{Name: "west", Polygon: sq(-0.15, 51.50, -0.12, 51.52), Fee: 300, Minimum: 1500},
		{Name: "east", Polygon: sq(-0.13, 51.50, -0.10, 51.52), Fee: 150, Minimum: eastMinimum, FreeOver: 3000},
	}
	return v
}

func TestPriceWithZones(t *testing.T) {
	both := &pricing.Point{Lat: 51.51, Lng: -0.125} // in both squares
	westOnly := &pricing.Point{Lat: 51.51, Lng: -0.14}
	outside := &pricing.Point{Lat: 51.53, Lng: -0.125} // inside the old 5 km radius, in no zone
	cases := []struct {
		name    string
		at      *pricing.Point
		lines   []pricing.LineInput
		eastMin int64
		fee     int64
		zone    string
		minimum int64
		problem int
	}{
		// 2 × burger + fries = 21.23: east's minimum met, its fee is the cheaper.
		{"overlap pays the cheaper fee", both, []pricing.LineInput{line(burger, 2, single), line(fries, 1)}, 2000, 150, "east", 2000, 0},
		// A subtotal of exactly east's minimum (21.23) is accepted on east's terms.
		{"exactly on the minimum", both, []pricing.LineInput{line(burger, 2, single), line(fries, 1)}, 2123, 150, "east", 2123, 0},
		// One penny short of east's minimum: west's terms (its minimum is met).
		{"a penny below the minimum", both, []pricing.LineInput{line(burger, 2, single), line(fries, 1)}, 2124, 300, "west", 1500, 0},
		// 15.49: east's minimum not met, west's is: west's terms.
		{"only west's minimum met", both, []pricing.LineInput{line(burger, 1, single), line(fries, 2)}, 2000, 300, "west", 1500, 0},
		{"west only", westOnly, []pricing.LineInput{line(burger, 2, single)}, 2000, 300, "west", 1500, 0},
		{"below every minimum", westOnly, []pricing.LineInput{line(fries, 1)}, 2000, 300, "west", 1500, platter.CodeBelowMinimum},
		{"outside every zone", outside, []pricing.LineInput{line(burger, 2, single)}, 2000, 249, "", 1000, platter.CodeOutsideArea},
	}
	for _, tc := range cases {
		q := pricing.Price(pricing.Input{Venue: zonedVenue(tc.eastMin), Menu: menu(), OrderType: catalog.OrderTypeDelivery,
			Lines: tc.lines, Delivery: tc.at, Currency: "GBP"})
		code := 0
		if r := q.Refusal(); r != nil {
			code = r.Code
		}
		if q.DeliveryFee != tc.fee || q.Zone != tc.zone || q.Minimum != tc.minimum || code != tc.problem {
			t.Errorf("%s: subtotal %d fee %d zone %q minimum %d problem %d; want fee %d zone %q minimum %d problem %d",
				tc.name, q.Subtotal, q.DeliveryFee, q.Zone, q.Minimum, code, tc.fee, tc.zone, tc.minimum, tc.problem)
		}
		if code == 0 && q.Total != q.Subtotal+q.DeliveryFee {
			t.Errorf("%s: total %d is not subtotal %d + fee %d", tc.name, q.Total, q.Subtotal, q.DeliveryFee)
		}
	}
}
