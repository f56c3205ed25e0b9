package geo_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"platter/internal/geo"
	"platter/internal/platter"
)

const testKey = "AIzaTestKey123"

func googleRoutes(r *http.Request) (string, int) {
	q := r.URL.Query()
	if q.Get("key") != testKey {
		return "google_denied.json", 0
	}
	switch r.URL.Path {
	case "/maps/api/place/autocomplete/json":
		switch q.Get("input") {
		case "10 Downing":
			return "google_autocomplete_downing.json", 0
		case "quota":
			return "google_over_limit.json", 0
		case "boom":
			return "", http.StatusBadGateway
		}
		return "google_zero_results.json", 0
	case "/maps/api/place/details/json":
		switch q.Get("place_id") {
		case "ChIJRxzRQcUEdkgRGVaKyzmkgvg":
			return "google_details_downing.json", 0
		case "ChIJChurchLaneCheltenham":
			return "google_details_postal_town.json", 0
		case "ChIJRynekGlowny1":
			return "google_details_rynek.json", 0
		case "ChIJParis":
			return "google_details_paris.json", 0
		case "ChIJQuota":
			return "google_over_limit.json", 0
		}
		return "google_details_not_found.json", 0
	}
	return "", http.StatusNotFound
}

func TestGoogleSuggest(t *testing.T) {
	up := newReplay(t, googleRoutes)
	g := geo.NewGoogle(up.URL, testKey, nil)
	got, err := g.Suggest(context.Background(), "10 Downing", "en-US", "sess-1")
	if err != nil {
		t.Fatal(err)
	}
	path, q, _ := up.last(t)
	if path != "/maps/api/place/autocomplete/json" {
		t.Errorf("path %q", path)
	}
	wantParams(t, q, map[string]string{
		"input": "10 Downing", "key": testKey, "types": "geocode",
		"components": "country:gb|country:pl", "language": "en", "sessiontoken": "sess-1",
	})
	if len(got) != 2 || got[0] != (geo.Suggestion{PlaceID: "ChIJRxzRQcUEdkgRGVaKyzmkgvg", Description: "10 Downing Street, London, UK"}) ||
		got[1].Description != "Downing Street, London, UK" {
		t.Errorf("suggestions %+v", got)
	}

	got, err = g.Suggest(context.Background(), "nowhere at all", "pl-PL", "")
	if err != nil || got == nil || len(got) != 0 {
		t.Errorf("ZERO_RESULTS = %#v, %v; want an empty list", got, err)
	}
	_, q, _ = up.last(t)
	if q.Get("language") != "pl" || q.Has("sessiontoken") {
		t.Errorf("language %q, sessiontoken present %v", q.Get("language"), q.Has("sessiontoken"))
	}

	n := up.count()
	if got, err := g.Suggest(context.Background(), "", "en-US", "s"); err != nil || len(got) != 0 {
		t.Errorf("empty query = %v, %v", got, err)
	}
	if up.count() != n {
		t.Error("an empty query reached Google")
	}
}

func TestGoogleDetail(t *testing.T) {
	up := newReplay(t, googleRoutes)
	g := geo.NewGoogle(up.URL+"/", testKey, nil)
	ctx := context.Background()

	p, err := g.Detail(ctx, "ChIJRxzRQcUEdkgRGVaKyzmkgvg", "en-US", "sess-1")
	if err != nil {
		t.Fatal(err)
	}
	path, q, _ := up.last(t)
	if path != "/maps/api/place/details/json" {
		t.Errorf("path %q", path)
	}
	wantParams(t, q, map[string]string{
		"place_id": "ChIJRxzRQcUEdkgRGVaKyzmkgvg", "key": testKey, "sessiontoken": "sess-1",
		"fields": "formatted_address,address_component,geometry", "language": "en",
	})
	want := geo.Place{
		PlaceID: "ChIJRxzRQcUEdkgRGVaKyzmkgvg", FormattedAddress: "10 Downing St, London SW1A 2AA, UK",
		Line1: "10 Downing Street", City: "London", Postcode: "SW1A 2AA", Country: "GB",
		Lat: 51.5033635, Lng: -0.1276248,
	}
	if *p != want {
		t.Errorf("Detail =\n %+v\nwant\n %+v", *p, want)
	}

	if p, err := g.Detail(ctx, "ChIJChurchLaneCheltenham", "en-US", ""); err != nil || p.City != "Cheltenham" || p.Line1 != "3 Church Lane" {
		t.Errorf("postal_town fallback: %+v, %v", p, err)
	}
	if p, err := g.Detail(ctx, "ChIJRynekGlowny1", "pl-PL", ""); err != nil ||
		p.Line1 != "Rynek Główny 1" || p.City != "Kraków" || p.Postcode != "31-042" || p.Country != "PL" {
		t.Errorf("Polish address: %+v, %v", p, err)
	}

	for _, id := range []string{"ChIJUnknown", "ChIJParis"} {
		_, err := g.Detail(ctx, id, "en-US", "")
		wantCode(t, err, platter.CodeNotFound)
	}
	n := up.count()
	for _, id := range []string{"", "gn:PL:79226c2dbfa2", "osm:N1", "a b", "x&key=other"} {
		_, err := g.Detail(ctx, id, "en-US", "")
		wantCode(t, err, platter.CodeNotFound)
	}
	if up.count() != n {
		t.Error("a malformed place ID reached Google")
	}
}

func TestGoogleFailures(t *testing.T) {
	up := newReplay(t, googleRoutes)
	ctx := context.Background()
	g := geo.NewGoogle(up.URL, testKey, nil)

	check := func(name string, err error) {
		t.Helper()
		pe := wantCode(t, err, platter.CodeUnavailable)
		if pe.Message != "geo.unavailable" || pe.Err == nil {
			t.Errorf("%s: %+v; want geo.unavailable with a cause", name, pe)
		}
		if strings.Contains(pe.Error(), testKey) {
			t.Errorf("%s: the API key leaked into the error: %v", name, pe)
		}
	}
	_, err := g.Suggest(ctx, "quota", "en-US", "")
	check("OVER_QUERY_LIMIT", err)
	_, err = g.Suggest(ctx, "boom", "en-US", "")
	check("HTTP 502", err)
	_, err = g.Detail(ctx, "ChIJQuota", "en-US", "")
	check("details OVER_QUERY_LIMIT", err)
	_, err = geo.NewGoogle(up.URL, "wrong-key", nil).Suggest(ctx, "10 Downing", "en-US", "")
	check("REQUEST_DENIED", err)

	closed := newReplay(t, googleRoutes)
	closed.Close()
	_, err = geo.NewGoogle(closed.URL, testKey, nil).Detail(ctx, "ChIJRxzRQcUEdkgRGVaKyzmkgvg", "en-US", "")
	check("connection refused", err)
}
