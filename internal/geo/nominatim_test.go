package geo_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"platter/internal/geo"
	"platter/internal/platter"
)

const testUA = "Platter/1 (+https://shop.example)"

func nominatimRoutes(r *http.Request) (string, int) {
	q := r.URL.Query()
	switch {
	case r.URL.Path == "/search" && strings.Contains(q.Get("q"), "Downing"):
		return "nominatim_search_downing.json", 0
	case r.URL.Path == "/search" && strings.Contains(q.Get("q"), "Rynek"):
		return "nominatim_search_rynek.json", 0
	case r.URL.Path == "/lookup" && q.Get("osm_ids") == "N2408316925":
		return "nominatim_lookup_rynek1.json", 0
	case r.URL.Path == "/lookup" && q.Get("osm_ids") == "W4244999":
		return "nominatim_lookup_downing.json", 0
	case r.URL.Path == "/lookup" && q.Get("osm_ids") == "R62422":
		return "nominatim_lookup_berlin.json", 0
	case r.URL.Path == "/lookup" && q.Get("osm_ids") == "N1":
		return "empty_array.json", 0
	case r.URL.Path == "/search" && q.Get("q") == "boom":
		return "", http.StatusInternalServerError
	case r.URL.Path == "/search" && q.Get("q") == "garbage":
		return "garbage.txt", 0
	}
	return "", http.StatusNotFound
}

func TestNominatimSuggest(t *testing.T) {
	up := newReplay(t, nominatimRoutes)
	g := geo.NewNominatim(up.URL+"/", testUA, nil)
	got, err := g.Suggest(context.Background(), " 10 Downing Street ", "en-US", "tok")
	if err != nil {
		t.Fatal(err)
	}
	path, q, h := up.last(t)
	if path != "/search" {
		t.Errorf("path %q; want /search", path)
	}
	wantParams(t, q, map[string]string{
		"format": "jsonv2", "addressdetails": "1", "countrycodes": "gb,pl",
		"q": "10 Downing Street", "accept-language": "en-US", "limit": "8", "layer": "address",
	})
	if h.Get("User-Agent") != testUA {
		t.Errorf("User-Agent %q; want %q", h.Get("User-Agent"), testUA)
	}
	if len(got) != 2 || got[0].PlaceID != "osm:W4244999" || got[1].PlaceID != "osm:W4253086" ||
		!strings.HasPrefix(got[0].Description, "Prime Minister’s Office, 10, Downing Street") {
		t.Errorf("suggestions %+v", got)
	}

	got, err = g.Suggest(context.Background(), "Rynek Główny Kraków", "pl-PL", "")
	if err != nil {
		t.Fatal(err)
	}
	_, q, _ = up.last(t)
	wantParams(t, q, map[string]string{"q": "Rynek Główny Kraków", "accept-language": "pl-PL"})
	if len(got) != 2 || got[1].PlaceID != "osm:N2408316925" ||
		got[1].Description != "1, Rynek Główny, Stare Miasto, Kraków, województwo małopolskie, 31-042, Polska" {
		t.Errorf("suggestions %+v", got)
	}

	n := up.count()
	if got, err := g.Suggest(context.Background(), "   ", "en-US", ""); err != nil || len(got) != 0 || got == nil {
		t.Errorf("blank query = %#v, %v; want an empty list", got, err)
	}
	if up.count() != n {
		t.Error("a blank query reached the upstream")
	}
}

func TestNominatimDetail(t *testing.T) {
	up := newReplay(t, nominatimRoutes)
	g := geo.NewNominatim(up.URL, testUA, nil)
	ctx := context.Background()

	p, err := g.Detail(ctx, "osm:N2408316925", "pl-PL", "")
	if err != nil {
		t.Fatal(err)
	}
	path, q, h := up.last(t)
	if path != "/lookup" || h.Get("User-Agent") != testUA {
		t.Errorf("path %q, User-Agent %q", path, h.Get("User-Agent"))
	}
	wantParams(t, q, map[string]string{"format": "jsonv2", "addressdetails": "1", "osm_ids": "N2408316925", "accept-language": "pl-PL"})
	want := geo.Place{
		PlaceID:          "osm:N2408316925",
		FormattedAddress: "1, Rynek Główny, Stare Miasto, Kraków, województwo małopolskie, 31-042, Polska",
		Line1:            "Rynek Główny 1", City: "Kraków", Postcode: "31-042", Country: "PL",
		Lat: 50.0619474, Lng: 19.9368564,
	}
	if *p != want {
		t.Errorf("Detail =\n %+v\nwant\n %+v", *p, want)
	}

	p, err = g.Detail(ctx, "osm:W4244999", "en-US", "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Line1 != "10 Downing Street" || p.City != "London" || p.Postcode != "SW1A 2AA" || p.Country != "GB" ||
		p.Lat != 51.5034066 || p.Lng != -0.1275923 {
		t.Errorf("Detail = %+v", p)
	}

	n := up.count()
	for _, id := range []string{"", "osm:", "osm:X1", "osm:N", "gn:PL:79226c2dbfa2", "osm:N1&osm_ids=W2"} {
		_, err := g.Detail(ctx, id, "en-US", "")
		wantCode(t, err, platter.CodeNotFound)
	}
	if up.count() != n {
		t.Error("a malformed ID reached the upstream")
	}
	_, err = g.Detail(ctx, "osm:N1", "en-US", "") // upstream answers []
	wantCode(t, err, platter.CodeNotFound)
	_, err = g.Detail(ctx, "osm:R62422", "en-US", "") // Berlin: outside GB and PL
	wantCode(t, err, platter.CodeNotFound)
}

func TestNominatimUpstreamFailures(t *testing.T) {
	up := newReplay(t, nominatimRoutes)
	g := geo.NewNominatim(up.URL, testUA, nil)
	ctx := context.Background()
	for _, q := range []string{"boom", "garbage"} {
		_, err := g.Suggest(ctx, q, "en-US", "")
		if pe := wantCode(t, err, platter.CodeUnavailable); pe.Message != "geo.unavailable" || pe.Err == nil {
			t.Errorf("%q: error %+v; want message geo.unavailable with a cause", q, pe)
		}
	}

	// A server that never answers is cut off by the client's timeout.
	hang := newReplay(t, func(r *http.Request) (string, int) {
		<-r.Context().Done()
		return "", http.StatusGatewayTimeout
	})
	slow := geo.NewNominatim(hang.URL, testUA, &http.Client{Timeout: 50 * time.Millisecond})
	start := time.Now()
	_, err := slow.Suggest(ctx, "London", "en-US", "")
	wantCode(t, err, platter.CodeUnavailable)
	if time.Since(start) > 2*time.Second {
		t.Errorf("timeout took %v", time.Since(start))
	}

	// Nothing listening at all.
	closed := newReplay(t, nominatimRoutes)
	closed.Close()
	_, err = geo.NewNominatim(closed.URL, testUA, nil).Detail(ctx, "osm:N1", "en-US", "")
	wantCode(t, err, platter.CodeUnavailable)
}
