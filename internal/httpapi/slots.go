package httpapi

import (
	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/schedule"
)

// slotTimeLayout is RFC 3339 with the offset always written out, never "Z":
// slots are in the venue's zone and the offset says which side of a
// daylight-saving change a wall time is on.
const slotTimeLayout = "2006-01-02T15:04:05-07:00"

type slotJSON struct {
	Start     string `json:"start"`
	End       string `json:"end"`
	Available bool   `json:"available"`
}

// venueSlots answers venue/slots: the 15-minute pre-order slots of a venue
// for an order type, full ones marked unavailable, and whether ASAP is
// possible now (meta asap_available, first_asap_at).
func (s *Server) venueSlots(r *request) (*reply, error) {
	var f struct {
		BusinessSlug string `json:"business_slug"`
		VenueSlug    string `json:"venue_slug"`
		OrderType    *int   `json:"order_type"`
		Days         *int   `json:"days"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	requireString(fields, "business_slug", f.BusinessSlug)
	requireString(fields, "venue_slug", f.VenueSlug)
	switch {
	case f.OrderType == nil:
		fields["order_type"] = "validation.required"
	case *f.OrderType != catalog.OrderTypeDelivery && *f.OrderType != catalog.OrderTypePickup:
		fields["order_type"] = "validation.order_type"
	}
	days := schedule.MaxDays
	if f.Days != nil {
		days = *f.Days
		if days < 1 || days > schedule.MaxDays {
			fields["days"] = "validation.out_of_range"
		}
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	v, err := s.venueBySlug(r, f.BusinessSlug, f.VenueSlug)
	if err != nil {
		return nil, err
	}
	if !v.Offers(*f.OrderType) {
		return nil, platter.Invalid(map[string]string{"order_type": "schedule.order_type"})
	}
	now := s.now()
	// Usage from the slot now is in to past the last day (a day's margin
	// covers any zone): what Compute can look at.
	usage, err := s.cat.SlotUsage(r.Context(), v.ID, *f.OrderType, schedule.SlotOf(now),
		now.AddDate(0, 0, days+1))
	if err != nil {
		return nil, err
	}
	a := schedule.Compute(v, *f.OrderType, now, days, usage)
	out := make([]slotJSON, len(a.Slots))
	for i, sl := range a.Slots {
		out[i] = slotJSON{sl.Start.Format(slotTimeLayout), sl.End.Format(slotTimeLayout), sl.Available}
	}
	var first any
	if !a.FirstAsapAt.IsZero() {
		first = a.FirstAsapAt.In(v.Location()).Format(slotTimeLayout)
	}
	return &reply{Data: out, Meta: map[string]any{"asap_available": a.AsapAvailable, "first_asap_at": first}}, nil
}

// venueBySlug loads one live venue of a scheme, each missing one with its
// own message.
func (s *Server) venueBySlug(r *request, schemeSlug, venueSlug string) (*catalog.Venue, error) {
	_, venues, err := s.schemeVenues(r.Context(), schemeSlug)
	if err != nil {
		return nil, err
	}
	for i := range venues {
		if venues[i].Slug == venueSlug {
			return &venues[i], nil
		}
	}
	return nil, &platter.Error{Code: platter.CodeNotFound, Message: "error.venue_not_found"}
}
