package httpapi

import (
	"platter/internal/geo"
	"platter/internal/platter"
)

// maxTextLen bounds the free-text filter values of the lookup calls (queries,
// place IDs, session tokens, phone numbers): longer ones are never genuine,
// and they would be sent upstream.
const maxTextLen = 512

// geoFilter is the filter of address/find-address and
// address/find-address-detail. SessionToken groups one customer's keystrokes
// and the final detail call into one billed Google session.
type geoFilter struct {
	Query        string `json:"query"`
	PlaceID      string `json:"place_id"`
	SessionToken string `json:"session_token"`
}

func (s *Server) readGeoFilter(r *request) (*geoFilter, map[string]string, error) {
	var f geoFilter
	if err := decode(r.Filter, &f); err != nil {
		return nil, nil, err
	}
	fields := map[string]string{}
	for name, v := range map[string]string{"query": f.Query, "place_id": f.PlaceID, "session_token": f.SessionToken} {
		if len(v) > maxTextLen {
			fields[name] = "validation.too_long"
		}
	}
	return &f, fields, nil
}

// findAddress answers address/find-address: place suggestions in GB and PL
// for what the customer typed, from the configured geocoder. No token is
// needed: guests enter addresses too.
func (s *Server) findAddress(r *request) (*reply, error) {
	f, fields, err := s.readGeoFilter(r)
	if err != nil {
		return nil, err
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.limitLookup(r, "address/find-address"); err != nil {
		return nil, err
	}
	list, err := s.geo.Suggest(r.Context(), f.Query, r.Lang, f.SessionToken)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []geo.Suggestion{}
	}
	return &reply{Data: list}, nil
}

// findAddressDetail answers address/find-address-detail: the chosen
// suggestion resolved into the parts of the address form (docs/product.md §7).
func (s *Server) findAddressDetail(r *request) (*reply, error) {
	f, fields, err := s.readGeoFilter(r)
	if err != nil {
		return nil, err
	}
	requireString(fields, "place_id", f.PlaceID)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.limitLookup(r, "address/find-address-detail"); err != nil {
		return nil, err
	}
	p, err := s.geo.Detail(r.Context(), f.PlaceID, r.Lang, f.SessionToken)
	if err != nil {
		return nil, err
	}
	return &reply{Data: p}, nil
}
