package httpapi_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"platter/internal/store/storetest"
)

var testWeb = fstest.MapFS{
	"index.html":                &fstest.MapFile{Data: []byte(`<!doctype html><div id="root"></div>`)},
	"assets/index-3f2a9c1b.js":  &fstest.MapFile{Data: []byte(`console.log("app")`)},
	"assets/index-77aa01ff.css": &fstest.MapFile{Data: []byte(`body{}`)},
	"favicon.svg":               &fstest.MapFile{Data: []byte(`<svg/>`)},
}

func TestSPAServing(t *testing.T) {
	t.Parallel()
	e := start(t, storetest.Open(t, "sqlite"), options{web: testWeb})

	// Every route gets the app; a scheme that does not exist is a 404 (the
	// client shows its not-found page).
	for p, status := range map[string]int{"/": 200, "/demo-burgers/home": 200, "/demo-burgers/soho/menu": 200,
		"/no/such/page/here": 404} {
		res, body := e.get(p)
		if res.StatusCode != status || !strings.Contains(string(body), `<div id="root">`) {
			t.Errorf("%s: %d %q", p, res.StatusCode, body)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", p, cc)
		}
	}
	res, body := e.get("/assets/index-3f2a9c1b.js")
	if res.StatusCode != 200 || string(body) != `console.log("app")` {
		t.Errorf("asset: %d %q", res.StatusCode, body)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("asset Cache-Control %q", cc)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("asset Content-Type %q", ct)
	}
	if res, _ := e.get("/assets/missing-000.js"); res.StatusCode != 404 {
		t.Errorf("a missing asset answered %d, want 404 (never index.html)", res.StatusCode)
	}
	res, _ = e.get("/demo-burgers/home")
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "https://tile.openstreetmap.org") {
		t.Errorf("CSP %q", csp)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") == "" {
		t.Errorf("security headers: %v", res.Header)
	}
	if res, _ := e.get("/demo-assets/no-such.svg"); res.StatusCode != 404 {
		t.Errorf("missing demo asset: %d", res.StatusCode)
	}
}

func TestDemoImagesAreServed(t *testing.T) {
	t.Parallel()
	e := start(t, storetest.Open(t, "sqlite"), options{})
	menu := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho"))
	seen := map[string]bool{}
	for _, it := range menu.data(t)["items"].([]any) {
		url := it.(map[string]any)["image_url"].(string)
		if url == "" || seen[url] {
			continue
		}
		seen[url] = true
		res, body := e.get(url)
		if res.StatusCode != 200 || !strings.Contains(string(body), "<svg") {
			t.Errorf("%s: %d", url, res.StatusCode)
		}
	}
	if len(seen) == 0 {
		t.Error("no item has an image")
	}
}

func TestHealthReadyMetrics(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	e := start(t, db, options{})
	if res, _ := e.get("/healthz"); res.StatusCode != 200 {
		t.Errorf("healthz %d", res.StatusCode)
	}
	if res, body := e.get("/readyz"); res.StatusCode != 200 {
		t.Errorf("readyz %d %s", res.StatusCode, body)
	}
	e.call("general/shake-hand", nil)
	e.call("no/such", nil)
	// Paths with a wildcard are counted by their pattern: a printer's
	// URL holds its key, which must not reach /metrics.
	e.get("/api/v3/printers/sEcReTkEy0123456789")
	e.get("/api/v3/media/demo-burgers/no-such.webp")
	text := scrape(t, e)
	if !strings.Contains(text, `path="/api/v3/printers/{key}"`) || !strings.Contains(text, `path="/api/v3/media/{scheme}/{file}"`) ||
		strings.Contains(text, "sEcReTkEy") {
		t.Errorf("wildcard paths in the metrics:\n%s", text)
	}
	if !strings.Contains(text, `platter_http_requests_total{method="POST",path="/api/v3/general/shake-hand",status="200"} 1`) ||
		!strings.Contains(text, `platter_http_requests_total{method="POST",path="/api/v3/unknown",status="404"} 1`) ||
		!strings.Contains(text, `platter_http_request_duration_seconds_bucket{path="/api/v3/general/shake-hand",status="200"`) {
		t.Errorf("metrics:\n%s", text)
	}
	// Closing the database makes the instance unready.
	db.Close()
	if res, _ := e.get("/readyz"); res.StatusCode != 503 {
		t.Errorf("readyz with the database closed: %d", res.StatusCode)
	}
}
