package httpapi

import "platter/internal/platter"

// adminVenueJSON is a venue as the back office lists it: enough for the
// order board to offer a venue switch, with the caller's roles there.
type adminVenueJSON struct {
	ID       int64    `json:"id"`
	Slug     string   `json:"venue_slug"`
	Name     string   `json:"name"`
	TimeZone string   `json:"time_zone"`
	Roles    []string `json:"roles"`
}

// adminVenues answers admin/venues/list: the venues of the token's scheme
// the caller may work at (a manager every one, venue staff only theirs),
// or the one venue_slug names. The route table has already refused a named
// venue the caller holds no role at, so a named venue missing here does not
// exist (1404).
func (s *Server) adminVenues(r *request, c *Caller) (*reply, error) {
	var f struct {
		VenueSlug string `json:"venue_slug"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	_, venues, err := s.schemeVenues(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	out := []adminVenueJSON{}
	for _, v := range venues {
		if f.VenueSlug != "" && v.Slug != f.VenueSlug {
			continue
		}
		if rs := rolesAt(c, v.ID); len(rs) > 0 {
			out = append(out, adminVenueJSON{ID: v.ID, Slug: v.Slug, Name: v.Name, TimeZone: v.TimeZone, Roles: rs})
		}
	}
	if f.VenueSlug != "" && len(out) == 0 {
		return nil, platter.NotFound()
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}

// rolesAt lists the roles that admit the caller to the board (staff access)
// held at a venue.
func rolesAt(c *Caller, venueID int64) []string {
	var out []string
	for _, role := range roles[staff] {
		if c.WorksAt(venueID, role) {
			out = append(out, role)
		}
	}
	return out
}
