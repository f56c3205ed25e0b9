package geo_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"platter/internal/geo"
	"platter/internal/platter"
)

func suggest(t *testing.T, g geo.Geocoder, q, lang string) []geo.Suggestion {
	t.Helper()
	got, err := g.Suggest(context.Background(), q, lang, "")
	if err != nil {
		t.Fatalf("Suggest(%q): %v", q, err)
	}
	return got
}

func TestBuiltinSuggestFirst(t *testing.T) {
	g := geo.NewBuiltin()
	tests := []struct{ query, lang, first string }{
		{"Krak", "en-US", "Kraków, Poland"},
		{"krakow", "en-US", "Kraków, Poland"},
		{"KRAKÓW", "en-US", "Kraków, Poland"},
		{"  kraków ", "pl-PL", "Kraków, Polska"},
		{"lodz", "en-US", "Łódź, Poland"},
		{"ŁÓDŹ", "pl-PL", "Łódź, Polska"},
		{"Lond", "en-US", "London, United Kingdom"},
		{"london", "pl-PL", "London, Wielka Brytania"},
		{"Manch", "en-US", "Manchester, United Kingdom"},
		{"gdansk", "en-US", "Gdańsk, Poland"},
		{"edin", "en-US", "Edinburgh, United Kingdom"},
		{"glas", "en-US", "Glasgow, United Kingdom"},
		{"bielsko biała", "en-US", "Bielsko-Biala, Poland"},
		{"upon hull", "en-US", "Kingston upon Hull, United Kingdom"},
		{"Warszawa", "pl-PL", "Warszawa, Polska"},
		{"warsz", "en-US", "Warsaw, Poland"},
		{"Warsaw", "en-US", "Warsaw, Poland"},
	}
	for _, tt := range tests {
		got := suggest(t, g, tt.query, tt.lang)
		if len(got) == 0 || got[0].Description != tt.first {
			t.Errorf("Suggest(%q, %s) = %v; want %q first", tt.query, tt.lang, got, tt.first)
		}
	}
}

func TestBuiltinSuggestLimitsAndOrder(t *testing.T) {
	g := geo.NewBuiltin()
	if got := suggest(t, g, "", "en-US"); got == nil || len(got) != 0 {
		t.Errorf("empty query: %#v; want an empty, non-nil list", got)
	}
	if got := suggest(t, g, " - ", "en-US"); len(got) != 0 {
		t.Errorf("punctuation only: %v; want none", got)
	}
	if got := suggest(t, g, "zzzzqx", "en-US"); len(got) != 0 {
		t.Errorf("nonsense: %v; want none", got)
	}
	got := suggest(t, g, "B", "en-US")
	if len(got) != 8 {
		t.Errorf("%d suggestions for %q; want 8", len(got), "B")
	}
	// Same-named places are told apart by their district.
	seen := map[string]bool{}
	for _, s := range suggest(t, g, "Newport", "en-US") {
		if !strings.HasPrefix(s.Description, "Newport") {
			t.Errorf("Newport query suggested %q", s.Description)
		}
		if seen[s.Description] {
			t.Errorf("duplicate description %q", s.Description)
		}
		seen[s.Description] = true
	}
	if len(seen) < 2 {
		t.Errorf("want several Newports, got %v", seen)
	}
	// The answer is stable from call to call.
	a, b := suggest(t, g, "Bia", "pl-PL"), suggest(t, g, "Bia", "pl-PL")
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("order changed between calls: %v vs %v", a, b)
		}
	}
}

func TestBuiltinDetail(t *testing.T) {
	g := geo.NewBuiltin()
	ctx := context.Background()
	s := suggest(t, g, "Kraków", "en-US")[0]
	if !strings.HasPrefix(s.PlaceID, "gn:PL:") {
		t.Errorf("place ID %q; want a gn:PL: prefix", s.PlaceID)
	}
	p, err := g.Detail(ctx, s.PlaceID, "en-US", "")
	if err != nil {
		t.Fatal(err)
	}
	if p.City != "Kraków" || p.Country != "PL" || p.FormattedAddress != "Kraków, Poland" ||
		p.Line1 != "" || p.Postcode != "" || p.PlaceID != s.PlaceID {
		t.Errorf("Detail = %+v", p)
	}
	if math.Abs(p.Lat-50.06) > 0.01 || math.Abs(p.Lng-19.94) > 0.01 {
		t.Errorf("Kraków at %v,%v; want ≈50.06,19.94", p.Lat, p.Lng)
	}
	w := suggest(t, g, "Warszawa", "pl-PL")[0]
	if p, err := g.Detail(ctx, w.PlaceID, "pl-PL", ""); err != nil || p.City != "Warszawa" || p.FormattedAddress != "Warszawa, Polska" {
		t.Errorf("Detail(Warszawa, pl-PL) = %+v, %v", p, err)
	}
	for _, id := range []string{"gn:PL:000000000000", "osm:N123", "", "ChIJdd4hrwug2EcRmSrV3Vo6llI"} {
		_, err := g.Detail(ctx, id, "en-US", "")
		var pe *platter.Error
		if !errors.As(err, &pe) || pe.Code != platter.CodeNotFound {
			t.Errorf("Detail(%q) error = %v; want not found", id, err)
		}
	}
}

// Every place reachable from a suggestion must resolve to itself: IDs are
// unique across the whole gazetteer.
func TestBuiltinIDsUnique(t *testing.T) {
	g := geo.NewBuiltin()
	ctx := context.Background()
	seen := map[string]string{}
	for c := 'a'; c <= 'z'; c++ {
		for d := 'a'; d <= 'z'; d++ {
			for _, s := range suggest(t, g, string([]rune{c, d}), "en-US") {
				if prev, ok := seen[s.PlaceID]; ok && prev != s.Description {
					t.Fatalf("ID %s used by %q and %q", s.PlaceID, prev, s.Description)
				}
				seen[s.PlaceID] = s.Description
				p, err := g.Detail(ctx, s.PlaceID, "en-US", "")
				if err != nil || p.PlaceID != s.PlaceID || (p.Country != "GB" && p.Country != "PL") {
					t.Fatalf("Detail(%s) = %+v, %v", s.PlaceID, p, err)
				}
			}
		}
	}
}

// The gazetteer loads once, whichever request comes first.
func TestBuiltinConcurrentFirstUse(t *testing.T) {
	g := geo.NewBuiltin()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := g.Suggest(context.Background(), "krak", "en-US", "")
			if err != nil || len(got) == 0 {
				t.Errorf("Suggest = %v, %v", got, err)
			}
		}()
	}
	wg.Wait()
}
