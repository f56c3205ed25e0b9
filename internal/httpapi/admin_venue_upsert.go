package httpapi

import (
	"encoding/json"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// adminVenuesUpsert answers admin/venues/upsert (docs/architecture.md §10):
// the venue, a VenueDoc with its exceptions and delivery zones, replaces the
// scheme's venue of the same venue_slug or is added after the others. A menu
// it names that the scheme lacks is created empty, named after its ref (an
// empty menu: the scheme's first menu, else "main"). Unknown fields and
// values of the wrong type are 1000 at their paths under "venue."; the
// venue's rules are checked with the whole document, so those problems are
// keyed by the document's path ("venues[1].delivery.zones[0].fee"). The
// answer is the venue document as saved; the audit row holds it before
// (null for a new venue) and after.
func (s *Server) adminVenuesUpsert(r *request, c *Caller) (*reply, error) {
	var in struct {
		Venue json.RawMessage `json:"venue"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if len(in.Venue) == 0 || string(in.Venue) == "null" {
		return nil, platter.Invalid(map[string]string{"venue": "validation.required"})
	}
	venue, errs := catalog.ParseVenueDoc(in.Venue, "venue")
	if len(errs) > 0 {
		return nil, catalog.InvalidDocError(errs)
	}
	if bad := checkText(struct {
		Venue *catalog.VenueDoc `json:"venue"`
	}{venue}); len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	var saved catalog.VenueDoc
	_, err := s.edit(r, c, "venue.upsert", venue.VenueSlug, func(doc *catalog.SchemeDoc) (any, any, error) {
		v := *venue // fn may run again: never change the request's copy
		v.Menu = ensureMenu(doc, v.Menu)
		var before any
		found := false
		for i := range doc.Venues {
			if doc.Venues[i].VenueSlug == v.VenueSlug {
				old := doc.Venues[i]
				before, found = &old, true
				doc.Venues[i] = v
			}
		}
		if !found {
			doc.Venues = append(doc.Venues, v)
		}
		saved = v
		return before, &saved, nil
	})
	if err != nil {
		return nil, err
	}
	return &reply{Data: &saved}, nil
}

// ensureMenu returns the menu ref a venue should name, adding an empty
// menu of that ref (named after it) when the document has none: an empty
// ref is the document's first menu, or "main" in a scheme without menus.
func ensureMenu(doc *catalog.SchemeDoc, ref string) string {
	if ref == "" {
		if len(doc.Menus) > 0 {
			return doc.Menus[0].Ref
		}
		ref = "main"
	}
	for _, m := range doc.Menus {
		if m.Ref == ref {
			return ref
		}
	}
	doc.Menus = append(doc.Menus, catalog.MenuDoc{Ref: ref, Name: ref})
	return ref
}
