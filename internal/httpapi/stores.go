package httpapi

import (
	"math"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// deliverableJSON is one venue's line of stores/deliverable. Reason (a stable
// code) and Message (its text in the caller's language) are set only when
// the venue does not deliver.
type deliverableJSON struct {
	VenueSlug  string  `json:"venue_slug"`
	Delivers   bool    `json:"delivers"`
	DistanceKm float64 `json:"distance_km"`
	Reason     string  `json:"reason,omitempty"`
	Message    string  `json:"message,omitempty"`
	// The terms of the cheapest zone that delivers there (the venue's own
	// without zones); only when it delivers.
	Zone     string `json:"zone,omitempty"`
	Fee      *int64 `json:"fee,omitempty"`
	Minimum  *int64 `json:"minimum,omitempty"`
	FreeOver *int64 `json:"free_over,omitempty"`
}

// storesDeliverable answers stores/deliverable: for every venue of a scheme,
// whether it delivers to a point and how far the point is. The store list
// asks it for the chosen delivery address; checkout applies the same rule.
func (s *Server) storesDeliverable(r *request) (*reply, error) {
	var f struct {
		BusinessSlug string   `json:"business_slug"`
		Lat          *float64 `json:"lat"`
		Lng          *float64 `json:"lng"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	requireString(fields, "business_slug", f.BusinessSlug)
	checkCoordinate(fields, "lat", f.Lat, 90)
	checkCoordinate(fields, "lng", f.Lng, 180)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	_, venues, err := s.schemeVenues(r.Context(), f.BusinessSlug)
	if err != nil {
		return nil, err
	}
	checks := catalog.DeliveryCheck(venues, *f.Lat, *f.Lng)
	out := make([]deliverableJSON, 0, len(checks))
	for _, c := range checks {
		d := deliverableJSON{VenueSlug: c.VenueSlug, Delivers: c.Delivers, DistanceKm: c.DistanceKm, Reason: c.Reason}
		if c.Reason != "" {
			d.Message = s.msgs.T(r.Lang, "delivery."+c.Reason, nil)
		}
		if c.Delivers {
			t := c.Terms
			d.Zone, d.Fee, d.Minimum, d.FreeOver = t.Zone, &t.Fee, &t.Minimum, &t.FreeOver
		}
		out = append(out, d)
	}
	return &reply{Data: out}, nil
}

// checkCoordinate requires a latitude or longitude within ±limit degrees.
func checkCoordinate(fields map[string]string, name string, v *float64, limit float64) {
	switch {
	case v == nil:
		fields[name] = "validation.required"
	case math.IsNaN(*v) || math.Abs(*v) > limit:
		fields[name] = "validation.out_of_range"
	}
}
