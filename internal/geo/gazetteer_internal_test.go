package geo

import "testing"

func TestFold(t *testing.T) {
	tests := map[string]string{
		"Kraków":             "krakow",
		"ŁÓDŹ":               "lodz",
		"Bielsko-Biała":      "bielsko biala",
		"Bishop’s Stortford": "bishops stortford",
		"  St. Albans ":      "st albans",
		"Zielona  Góra":      "zielona gora",
		"Żółć":               "zolc",
		"":                   "",
		" - ":                "",
	}
	for in, want := range tests {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestGazetteerLoads(t *testing.T) {
	places, err := parseGazetteer(gazetteerGz)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	count := map[string]int{}
	for _, p := range places {
		if ids[p.id] {
			t.Fatalf("duplicate place ID %s (%s)", p.id, p.name)
		}
		ids[p.id] = true
		count[p.country]++
		if p.lat < 49 || p.lat > 61 || p.lng < -9 || p.lng > 25 {
			t.Errorf("%s %s at %v,%v lies outside GB and PL", p.country, p.name, p.lat, p.lng)
		}
	}
	if count["GB"] < 4000 || count["PL"] < 2500 || len(count) != 2 {
		t.Errorf("places per country: %v; want about 4644 GB and 3022 PL only", count)
	}
	if len(gazetteerGz) > 300<<10 {
		t.Errorf("gazetteer is %d bytes; keep it under 300 KB", len(gazetteerGz))
	}
}
