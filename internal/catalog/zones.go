package catalog

import "math"

// DeliveryZone is one area a venue delivers to, with its own terms
// (docs/architecture.md §10): a circle of RadiusM metres around the venue or
// a GeoJSON Polygon ([lng, lat] positions; its first ring is the outline,
// any further rings are holes). Money in minor units; FreeOver 0: never
// free.
type DeliveryZone struct {
	Name     string      `json:"name"`
	RadiusM  int64       `json:"radius_m,omitempty"`
	Polygon  *GeoPolygon `json:"polygon,omitempty"`
	Fee      int64       `json:"fee"`
	Minimum  int64       `json:"minimum"`
	FreeOver int64       `json:"free_over"`
}

// GeoPolygon is a GeoJSON Polygon geometry: Type "Polygon", Coordinates a
// list of closed rings of [lng, lat] positions.
type GeoPolygon struct {
	Type        string        `json:"type"`
	Coordinates [][][]float64 `json:"coordinates"`
}

// DeliveryTerms are what a delivery to one address costs: the zone that
// serves it (empty for the venue's own radius) and its fee, minimum and
// free-delivery level.
type DeliveryTerms struct {
	Zone     string
	Fee      int64
	Minimum  int64
	FreeOver int64
}

// FeeFor is the delivery fee for a subtotal (before any discount): waived
// at or over FreeOver.
func (d DeliveryTerms) FeeFor(subtotal int64) int64 {
	if d.FreeOver > 0 && subtotal >= d.FreeOver {
		return 0
	}
	return d.Fee
}

// DeliveryTermsAt returns the terms on which the venue delivers to (lat,
// lng) an order of the given subtotal; ok is false when it does not deliver
// there. With zones, the zones containing the point compete: among those
// whose minimum the subtotal meets (exactly the minimum counts) the lowest
// fee for this subtotal wins, the lower minimum and then the earlier zone
// breaking ties; when the subtotal meets none of their minimums, the zone
// with the lowest minimum answers (so the customer hears the smallest
// amount that would do). A subtotal below 0 means "not known yet" (the
// store list): the lowest fee wins. Without zones the venue's own radius
// and terms apply.
func (v *Venue) DeliveryTermsAt(lat, lng float64, subtotal int64) (DeliveryTerms, bool) {
	if !v.Offers(OrderTypeDelivery) {
		return DeliveryTerms{}, false
	}
	if len(v.Zones) == 0 {
		if v.DeliveryRadiusM <= 0 || DistanceKm(v.Lat, v.Lng, lat, lng)*1000 > float64(v.DeliveryRadiusM) {
			return DeliveryTerms{}, false
		}
		return DeliveryTerms{Fee: v.DeliveryFee, Minimum: v.DeliveryMinimum, FreeOver: v.FreeDeliveryOver}, true
	}
	var best DeliveryTerms
	found, bestMet := false, false
	for i := range v.Zones {
		z := &v.Zones[i]
		if !v.zoneContains(z, lat, lng) {
			continue
		}
		t := DeliveryTerms{Zone: z.Name, Fee: z.Fee, Minimum: z.Minimum, FreeOver: z.FreeOver}
		met := subtotal < 0 || subtotal >= t.Minimum
		if !found || better(t, met, best, bestMet, subtotal) {
			best, bestMet, found = t, met, true
		}
	}
	return best, found
}

// better reports whether terms a (minimum met: am) beat terms b.
func better(a DeliveryTerms, am bool, b DeliveryTerms, bm bool, subtotal int64) bool {
	if am != bm {
		return am
	}
	if !am {
		return a.Minimum < b.Minimum
	}
	fa, fb := a.Fee, b.Fee
	if subtotal >= 0 {
		fa, fb = a.FeeFor(subtotal), b.FeeFor(subtotal)
	}
	if fa != fb {
		return fa < fb
	}
	return a.Minimum < b.Minimum
}

// DeliversTo reports whether the venue offers delivery and delivers to the
// point (one of its zones, or its radius when it has none, contains it).
func (v *Venue) DeliversTo(lat, lng float64) bool {
	_, ok := v.DeliveryTermsAt(lat, lng, -1)
	return ok
}

func (v *Venue) zoneContains(z *DeliveryZone, lat, lng float64) bool {
	if z.Polygon != nil {
		return PolygonContains(z.Polygon.Coordinates, lng, lat)
	}
	return z.RadiusM > 0 && DistanceKm(v.Lat, v.Lng, lat, lng)*1000 <= float64(z.RadiusM)
}

// boundaryEpsilon is how close (in degrees, about 1 cm) a point must be to
// a polygon's edge to count as on it.
const boundaryEpsilon = 1e-7

// PolygonContains reports whether the point (x = lng, y = lat) lies inside
// the GeoJSON polygon rings: inside the first ring and outside every other
// (a hole). A point on an edge or a vertex of the outline is inside (an
// address on the boundary street is delivered to); one on the edge of a
// hole is inside too, since the hole's edge is the zone's boundary. Rings
// are treated as planar in degrees, which is exact enough at a city's
// scale.
func PolygonContains(rings [][][]float64, x, y float64) bool {
	if len(rings) == 0 {
		return false
	}
	if onRing(rings[0], x, y) {
		return true
	}
	if !ringContains(rings[0], x, y) {
		return false
	}
	for _, hole := range rings[1:] {
		if onRing(hole, x, y) {
			return true
		}
		if ringContains(hole, x, y) {
			return false
		}
	}
	return true
}

// ringContains is the even-odd ray cast to +x.
func ringContains(ring [][]float64, x, y float64) bool {
	in := false
	n := len(ring)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		if len(ring[i]) < 2 || len(ring[j]) < 2 {
			continue
		}
		xi, yi, xj, yj := ring[i][0], ring[i][1], ring[j][0], ring[j][1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

// onRing reports whether the point lies on one of the ring's edges.
func onRing(ring [][]float64, x, y float64) bool {
	for i := 1; i < len(ring); i++ {
		a, b := ring[i-1], ring[i]
		if len(a) < 2 || len(b) < 2 {
			continue
		}
		if onSegment(a[0], a[1], b[0], b[1], x, y) {
			return true
		}
	}
	return false
}

func onSegment(ax, ay, bx, by, x, y float64) bool {
	if x < math.Min(ax, bx)-boundaryEpsilon || x > math.Max(ax, bx)+boundaryEpsilon ||
		y < math.Min(ay, by)-boundaryEpsilon || y > math.Max(ay, by)+boundaryEpsilon {
		return false
	}
	dx, dy := bx-ax, by-ay
	length := math.Hypot(dx, dy)
	if length == 0 {
		return math.Hypot(x-ax, y-ay) <= boundaryEpsilon
	}
	// Distance from the point to the line through a and b.
	return math.Abs(dx*(y-ay)-dy*(x-ax))/length <= boundaryEpsilon
}

// ZoneRange is what a venue's delivery zones ask, lowest and highest: the
// storefront says "Delivery from £1.50" before it knows the address.
type ZoneRange struct {
	FeeFrom     int64 `json:"fee_from"`
	FeeTo       int64 `json:"fee_to"`
	MinimumFrom int64 `json:"minimum_from"`
	MinimumTo   int64 `json:"minimum_to"`
}

// ZoneRange returns the lowest and highest fee and minimum of the venue's
// zones; ok is false when it has none (its own terms apply).
func (v *Venue) ZoneRange() (ZoneRange, bool) {
	if len(v.Zones) == 0 {
		return ZoneRange{}, false
	}
	first := v.Zones[0]
	r := ZoneRange{first.Fee, first.Fee, first.Minimum, first.Minimum}
	for _, z := range v.Zones[1:] {
		r.FeeFrom, r.FeeTo = min(r.FeeFrom, z.Fee), max(r.FeeTo, z.Fee)
		r.MinimumFrom, r.MinimumTo = min(r.MinimumFrom, z.Minimum), max(r.MinimumTo, z.Minimum)
	}
	return r, true
}
