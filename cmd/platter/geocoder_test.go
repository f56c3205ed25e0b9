package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"platter/internal/config"
)

// TestNewGeocoder checks the wiring of PLATTER_GEOCODER: builtin by default
// (it finds Kraków offline), and nominatim at PLATTER_NOMINATIM_URL with a
// User-Agent naming the installation, as Nominatim's policy asks.
func TestNewGeocoder(t *testing.T) {
	t.Parallel()
	load := func(env map[string]string) *config.Config {
		t.Helper()
		cfg, err := config.Load(func(k string) string { return env[k] }, nil)
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	ctx := context.Background()
	got, err := newGeocoder(load(nil)).Suggest(ctx, "krakow", "en-US", "")
	if err != nil || len(got) == 0 {
		t.Fatalf("builtin: %v, %v", got, err)
	}

	agent := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agent <- r.Header.Get("User-Agent")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	}))
	defer srv.Close()
	g := newGeocoder(load(map[string]string{"PLATTER_GEOCODER": "nominatim",
		"PLATTER_NOMINATIM_URL": srv.URL, "PLATTER_PUBLIC_URL": "https://shop.example"}))
	if _, err := g.Suggest(ctx, "Krak", "en-US", ""); err != nil {
		t.Fatal(err)
	}
	if ua := <-agent; ua != "Platter/1 (+https://shop.example)" {
		t.Errorf("User-Agent = %q", ua)
	}

	if newGeocoder(load(map[string]string{"PLATTER_GEOCODER": "google", "PLATTER_GOOGLE_MAPS_KEY": "k"})) == nil {
		t.Error("google: nil geocoder")
	}
}
