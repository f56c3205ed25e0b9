package httpapi_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"platter/internal/store/storetest"
)

// scrape reads the private metrics endpoint.
func scrape(t *testing.T, e *env) string {
	t.Helper()
	srv := httptest.NewServer(e.api.MetricsHandler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("metrics: %d", res.StatusCode)
	}
	return string(b)
}

// series counts the lines of one metric family in a scrape.
func series(text, name string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, name+"{") {
			n++
		}
	}
	return n
}

// TestMetricsLabelsAreBounded: 4,000 requests with made-up methods and paths
// add a handful of series, not one per method (issue 8: /metrics grew to
// 32 MB and stayed there).
func TestMetricsLabelsAreBounded(t *testing.T) {
	t.Parallel()
	e := start(t, storetest.Open(t, "sqlite"), options{web: testWeb})
	e.call("general/shake-hand", nil)
	before := scrape(t, e)
	paths := []string{"/api/v3/no-such-%d", "/some/page-%d", "/assets/x-%d.js", "/demo-assets/%d.svg", "/metrics?%d"}
	for i := 0; i < 4000; i++ {
		req, _ := http.NewRequest(fmt.Sprintf("M%dX", i), e.srv.URL+fmt.Sprintf(paths[i%len(paths)], i), nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	after := scrape(t, e)
	grew := series(after, "platter_http_requests_total") - series(before, "platter_http_requests_total")
	if grew > 10 {
		t.Errorf("4,000 made-up methods added %d request series:\n%s", grew, after)
	}
	if !strings.Contains(after, `method="OTHER"`) {
		t.Errorf("made-up methods are not counted as OTHER:\n%s", after)
	}
	if len(after)-len(before) > 16<<10 {
		t.Errorf("the scrape grew by %d bytes", len(after)-len(before))
	}
}

// TestMetricsOnlyOnThePrivateListener: the public handler answers 404 for
// /metrics (it used to serve them to the world); MetricsHandler serves them.
func TestMetricsOnlyOnThePrivateListener(t *testing.T) {
	t.Parallel()
	e := start(t, storetest.Open(t, "sqlite"), options{web: testWeb})
	for _, m := range []string{http.MethodGet, http.MethodHead} {
		req, _ := http.NewRequest(m, e.srv.URL+"/metrics", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 404 || strings.Contains(string(b), "platter_http") {
			t.Errorf("%s /metrics on the public listener: %d %.80s", m, res.StatusCode, b)
		}
	}
	if text := scrape(t, e); !strings.Contains(text, "go_goroutines") {
		t.Errorf("private metrics lack the runtime collector:\n%.400s", text)
	}
}
