package geo

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"platter/internal/platter"
)

// publicNominatimHost is OpenStreetMap's own instance, whose usage policy
// allows at most one request per second and no autocomplete traffic at
// scale: production should point PLATTER_NOMINATIM_URL at its own instance.
const publicNominatimHost = "nominatim.openstreetmap.org"

// osmID is our place ID for an OSM object: "osm:" + N, W or R + its number,
// the form /lookup takes in osm_ids.
var osmID = regexp.MustCompile(`^osm:([NWR][0-9]{1,19})$`)

// nominatim asks a Nominatim server (OpenStreetMap data).
type nominatim struct {
	base      string
	userAgent string
	client    *http.Client

	// Requests to the public instance are spaced by interval, process-wide.
	interval time.Duration
	mu       sync.Mutex
	next     time.Time
}

// NewNominatim returns a geocoder backed by the Nominatim server at baseURL
// (e.g. "https://nominatim.openstreetmap.org"). userAgent identifies us, as
// Nominatim's policy requires: "Platter/1 (+https://shop.example)". A nil
// client gets one with a 5 s timeout.
func NewNominatim(baseURL, userAgent string, client *http.Client) Geocoder {
	n := &nominatim{
		base:      strings.TrimRight(baseURL, "/"),
		userAgent: userAgent,
		client:    defaultClient(client),
	}
	if u, err := url.Parse(n.base); err == nil && strings.EqualFold(u.Hostname(), publicNominatimHost) {
		n.interval = time.Second
	}
	return n
}

// nominatimResult is one entry of /search and /lookup with format=jsonv2.
type nominatimResult struct {
	OSMType     string `json:"osm_type"`
	OSMID       int64  `json:"osm_id"`
	Lat         string `json:"lat"`
	Lon         string `json:"lon"`
	DisplayName string `json:"display_name"`
	Address     struct {
		HouseNumber string `json:"house_number"`
		Road        string `json:"road"`
		City        string `json:"city"`
		Town        string `json:"town"`
		Village     string `json:"village"`
		Hamlet      string `json:"hamlet"`
		Postcode    string `json:"postcode"`
		CountryCode string `json:"country_code"`
	} `json:"address"`
}

func (n *nominatim) Suggest(ctx context.Context, query, lang, _ string) ([]Suggestion, error) {
	q := cleanQuery(query)
	if q == "" {
		return []Suggestion{}, nil
	}
	v := url.Values{
		"format":         {"jsonv2"},
		"addressdetails": {"1"},
		"countrycodes":   {"gb,pl"},
		// layer=address keeps shops and offices out, like Google's
		// types=geocode (docs/product.md §5); older servers ignore it.
		"layer":           {"address"},
		"q":               {q},
		"accept-language": {lang},
		"limit":           {strconv.Itoa(maxSuggestions)},
	}
	var res []nominatimResult
	if err := n.get(ctx, "/search", v, &res); err != nil {
		return nil, err
	}
	out := make([]Suggestion, 0, len(res))
	for _, r := range res {
		id, ok := r.placeID()
		if !ok || r.DisplayName == "" {
			continue
		}
		out = append(out, Suggestion{PlaceID: id, Description: r.DisplayName})
	}
	return out, nil
}

func (n *nominatim) Detail(ctx context.Context, placeID, lang, _ string) (*Place, error) {
	m := osmID.FindStringSubmatch(placeID)
	if m == nil {
		return nil, platter.NotFound()
	}
	v := url.Values{
		"format":          {"jsonv2"},
		"addressdetails":  {"1"},
		"osm_ids":         {m[1]},
		"accept-language": {lang},
	}
	var res []nominatimResult
	if err := n.get(ctx, "/lookup", v, &res); err != nil {
		return nil, err
	}
	if len(res) == 0 {
		return nil, platter.NotFound()
	}
	r := res[0]
	lat, err1 := strconv.ParseFloat(r.Lat, 64)
	lng, err2 := strconv.ParseFloat(r.Lon, 64)
	if err1 != nil || err2 != nil {
		return nil, unavailable(fmt.Errorf("nominatim: bad coordinates %q,%q", r.Lat, r.Lon))
	}
	country := strings.ToUpper(r.Address.CountryCode)
	if country != "GB" && country != "PL" {
		// /lookup takes no countrycodes: an ID typed by hand could name
		// anything in the world.
		return nil, platter.NotFound()
	}
	a := r.Address
	return &Place{
		PlaceID:          placeID,
		FormattedAddress: r.DisplayName,
		Line1:            streetLine(country, a.HouseNumber, a.Road),
		City:             firstNonEmpty(a.City, a.Town, a.Village, a.Hamlet),
		Postcode:         a.Postcode,
		Country:          country,
		Lat:              lat,
		Lng:              lng,
	}, nil
}

// placeID builds "osm:N123" from osm_type "node" and osm_id 123.
func (r nominatimResult) placeID() (string, bool) {
	var t string
	switch r.OSMType {
	case "node":
		t = "N"
	case "way":
		t = "W"
	case "relation":
		t = "R"
	default:
		return "", false
	}
	return "osm:" + t + strconv.FormatInt(r.OSMID, 10), r.OSMID > 0
}

// get calls one endpoint, waiting first for our turn on the public instance.
func (n *nominatim) get(ctx context.Context, path string, v url.Values, dst any) error {
	if err := n.wait(ctx); err != nil {
		return unavailable(fmt.Errorf("nominatim: %w", err))
	}
	if v.Get("accept-language") == "" {
		v.Del("accept-language") // let the server pick, rather than ask for ""
	}
	h := http.Header{"User-Agent": {n.userAgent}}
	return getJSON(ctx, n.client, "nominatim "+path, n.base+path+"?"+v.Encode(), h, dst)
}

// wait reserves the next request slot and sleeps until it comes, or until
// ctx ends. With no interval it returns at once.
func (n *nominatim) wait(ctx context.Context) error {
	if n.interval == 0 {
		return nil
	}
	n.mu.Lock()
	now := time.Now()
	slot := now
	if n.next.After(now) {
		slot = n.next
	}
	n.next = slot.Add(n.interval)
	n.mu.Unlock()
	if d := slot.Sub(now); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
