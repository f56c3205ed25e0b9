package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

const menuListBody = `{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":0}}`

// menuListAllocs is the allocations of one menu/list call served by h
// (request and recorder included), after a warm-up that fills the cache.
func menuListAllocs(t *testing.T, h http.Handler) float64 {
	t.Helper()
	serve := func() {
		req := httptest.NewRequest(http.MethodPost, "/api/v3/menu/list", strings.NewReader(menuListBody))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			t.Fatalf("menu/list: %d %s", w.Code, w.Body)
		}
	}
	serve()
	return testing.AllocsPerRun(200, serve)
}

// TestMenuListAllocationsTracingOff logs what one menu/list call allocates
// with tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT), to compare with the same
// test before tracing existed (bench/RESULTS.md): off must cost nothing.
func TestMenuListAllocationsTracingOff(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	e := start(t, db, options{})
	t.Logf("menu/list, tracing off: %.0f allocations per call", menuListAllocs(t, e.api.Handler()))
}
