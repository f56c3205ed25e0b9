package catalog

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Limits of a venue's exceptions and zones: a year of dated exceptions, a
// note a storefront banner can hold, and polygons a browser can draw.
const (
	maxExceptions   = 400
	maxNoteLen      = 280
	maxZones        = 50
	maxRingVertices = 2000
	maxRings        = 20
)

// text checks a free text: at most max characters and no control
// characters (a note or name ends up in HTML, e-mail and tickets).
func (p *problems) text(path, s string, max int) {
	if len([]rune(s)) > max {
		p.add(path, "must be at most %d characters", max)
	}
	p.noControls(path, s)
}

func (p *problems) noControls(path, s string) {
	if strings.IndexFunc(s, unicode.IsControl) >= 0 {
		p.add(path, "must not contain control characters")
	}
}

func (p *problems) validateExceptions(path string, exs []HoursException) {
	p.check(len(exs) <= maxExceptions, path, "must list at most %d exceptions", maxExceptions)
	// One exception decides an order type on a date: (date, order type) is unique.
	seen := map[string]bool{}
	for i := range exs {
		e, ep := &exs[i], idx(path, i)
		if _, err := time.Parse(time.DateOnly, e.Date); err != nil {
			p.add(ep+".date", "must be a date YYYY-MM-DD")
		}
		p.orderTypes(ep+".order_types", e.OrderTypes, false)
		types := e.OrderTypes
		if len(types) == 0 {
			types = []int{OrderTypeDelivery, OrderTypePickup}
		}
		for _, t := range types {
			key := e.Date + "/" + strconv.Itoa(t)
			if seen[key] {
				p.add(ep+".date", "another exception already sets this date for this order type")
				break
			}
			seen[key] = true
		}
		switch {
		case e.Closed && len(e.Ranges) > 0:
			p.add(ep+".ranges", "must be empty when closed")
		case !e.Closed && len(e.Ranges) == 0:
			p.add(ep+".ranges", "required unless closed")
		}
		p.validateRanges(ep+".ranges", e.Ranges)
		p.text(ep+".note", e.Note, maxNoteLen)
	}
}

// validateRanges checks a day's opening ranges (a weekday's or an
// exception's).
func (p *problems) validateRanges(path string, ranges []TimeRange) {
	for i, r := range ranges {
		rp := idx(path, i)
		okOpen := hhmmRE.MatchString(r.Open) && r.Open != "24:00"
		p.check(okOpen, rp+".open", "must be a time HH:MM from 00:00 to 23:59")
		okClose := hhmmRE.MatchString(r.Close)
		p.check(okClose, rp+".close", "must be a time HH:MM from 00:00 to 24:00")
		if okOpen && okClose && r.Open == r.Close {
			p.add(rp+".close", "must differ from open")
		}
	}
}

func (p *problems) validateZones(path string, zones []DeliveryZone) {
	p.check(len(zones) <= maxZones, path, "must list at most %d zones", maxZones)
	names := map[string]bool{}
	for i := range zones {
		z, zp := &zones[i], idx(path, i)
		p.name(zp+".name", z.Name, maxNameLen)
		p.noControls(zp+".name", z.Name)
		p.unique(names, zp+".name", strings.TrimSpace(z.Name))
		switch {
		case z.Polygon != nil && z.RadiusM != 0:
			p.add(zp+".radius_m", "a zone is a radius or a polygon, not both")
		case z.Polygon != nil:
			p.validatePolygon(zp+".polygon", z.Polygon)
		default:
			p.between(zp+".radius_m", z.RadiusM, 1, 100000)
		}
		p.check(z.Fee >= 0, zp+".fee", "must not be negative")
		p.check(z.Minimum >= 0, zp+".minimum", "must not be negative")
		p.check(z.FreeOver >= 0, zp+".free_over", "must not be negative")
	}
}

// validatePolygon checks a GeoJSON Polygon: closed rings of at least four
// [lng, lat] positions (three corners and the first again).
func (p *problems) validatePolygon(path string, g *GeoPolygon) {
	p.check(g.Type == "Polygon", path+".type", `must be "Polygon"`)
	cp := path + ".coordinates"
	if len(g.Coordinates) == 0 || len(g.Coordinates) > maxRings {
		p.add(cp, "must hold 1 to %d rings", maxRings)
		return
	}
	for r, ring := range g.Coordinates {
		rp := idx(cp, r)
		if len(ring) < 4 || len(ring) > maxRingVertices {
			p.add(rp, "must hold 4 to %d positions, the last equal to the first", maxRingVertices)
			continue
		}
		ok := true
		for k, pos := range ring {
			pp := idx(rp, k)
			if len(pos) < 2 || len(pos) > 3 {
				p.add(pp, "must be [longitude, latitude]")
				ok = false
				continue
			}
			if pos[0] < -180 || pos[0] > 180 || pos[1] < -90 || pos[1] > 90 {
				p.add(pp, "must be [longitude, latitude] within ±180 and ±90")
				ok = false
			}
		}
		if ok {
			first, last := ring[0], ring[len(ring)-1]
			p.check(first[0] == last[0] && first[1] == last[1], rp, "must end where it starts")
		}
	}
}

// ParseVenueDoc decodes one venue of the document (the back office's
// admin/venues/upsert), reporting unknown fields and values of the wrong
// JSON type at their paths under prefix ("venue.delivery.zones[0].fee");
// the venue's rules are checked with the whole document (Validate), where
// its menu and its neighbours are known.
func ParseVenueDoc(data []byte, prefix string) (*VenueDoc, []FieldError) {
	var raw any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, []FieldError{problemAt(prefix, "malformed JSON: %s", err.Error())}
	}
	var errs []FieldError
	shapeOf(&errs, prefix, raw, reflect.TypeOf(VenueDoc{}))
	if len(errs) > 0 {
		return nil, errs
	}
	var v VenueDoc
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.DisallowUnknownFields()
	if err := strict.Decode(&v); err != nil {
		return nil, []FieldError{problemAt(prefix, "malformed JSON: %s", err.Error())}
	}
	return &v, nil
}
