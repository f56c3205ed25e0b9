package catalog

import "math"

// Reasons a venue does not deliver to a point (Deliverability.Reason).
const (
	// ReasonNoDelivery: the venue takes no delivery orders at all.
	ReasonNoDelivery = "no_delivery"
	// ReasonOutsideArea: no delivery zone of the venue (or, without zones,
	// its delivery radius) contains the point.
	ReasonOutsideArea = "outside_area"
)

// Deliverability says whether one venue delivers to a point, and how far the
// point is from it.
type Deliverability struct {
	VenueSlug  string
	Delivers   bool
	DistanceKm float64       // rounded to 2 decimals, as the storefront shows it (docs/product.md §9)
	Reason     string        // empty when Delivers; else ReasonNoDelivery or ReasonOutsideArea
	Terms      DeliveryTerms // when Delivers: the cheapest zone's (or the venue's) terms
}

// DeliveryCheck tells, for each venue in order, whether it delivers to
// (lat, lng). It is the rule behind the store list and checkout, so both
// agree: the distance is the haversine with R = 6371 km (DistanceKm) and the
// verdict and terms are Venue.DeliveryTermsAt's.
func DeliveryCheck(venues []Venue, lat, lng float64) []Deliverability {
	out := make([]Deliverability, 0, len(venues))
	for i := range venues {
		v := &venues[i]
		terms, ok := v.DeliveryTermsAt(lat, lng, -1)
		d := Deliverability{
			VenueSlug:  v.Slug,
			Delivers:   ok,
			DistanceKm: round2(DistanceKm(v.Lat, v.Lng, lat, lng)),
			Terms:      terms,
		}
		switch {
		case d.Delivers:
		case !v.Offers(OrderTypeDelivery) || (len(v.Zones) == 0 && v.DeliveryRadiusM <= 0):
			d.Reason = ReasonNoDelivery
		default:
			d.Reason = ReasonOutsideArea
		}
		out = append(out, d)
	}
	return out
}

// round2 rounds half away from zero to 2 decimals.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
