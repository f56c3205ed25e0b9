package httpapi_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"platter/internal/geo"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestFindAddressBuiltin drives the address search through HTTP with the
// default (builtin) geocoder: "Krak" suggests Kraków first, and its detail
// puts the pin on Kraków.
func TestFindAddressBuiltin(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite) // the calls touch no table
	e := start(t, db, options{})

	res := e.call("address/find-address", filter("query", "Krak", "session_token", "s-1"))
	list, ok := res.Body["data"].([]any)
	if !ok || len(list) == 0 {
		t.Fatalf("find-address Krak: %s", res.Raw)
	}
	first := list[0].(map[string]any)
	if !strings.HasPrefix(first["description"].(string), "Kraków") {
		t.Errorf("first suggestion = %v; want Kraków", first)
	}

	det := e.call("address/find-address-detail", filter("place_id", first["place_id"], "session_token", "s-1")).data(t)
	if math.Abs(det["lat"].(float64)-50.06) > 0.05 || det["country"] != "PL" || det["city"] != "Kraków" {
		t.Errorf("detail = %v", det)
	}
	pl := e.call("address/find-address-detail", filter("place_id", first["place_id"]), "Accept-Language", "pl-PL").data(t)
	if pl["formatted_address"] == "" {
		t.Errorf("pl detail = %v", pl)
	}

	empty := e.call("address/find-address", filter("query", "  "))
	if l, _ := empty.Body["data"].([]any); l == nil || len(l) != 0 {
		t.Errorf("empty query: %s", empty.Raw)
	}
	e.call("address/find-address-detail", filter("place_id", "gn:nowhere")).wantError(t, 404, 1404)
	e.call("address/find-address-detail", filter()).wantError(t, 400, 1000)
	e.call("address/find-address", filter("query", strings.Repeat("x", 600))).wantError(t, 400, 1000)
}

// TestFindAddressUpstreamDown: when the configured geocoder's service does
// not answer, both calls fail with 503 code 1503 in the caller's language.
func TestFindAddressUpstreamDown(t *testing.T) {
	t.Parallel()
	dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer dead.Close()
	db := storetest.Open(t, store.SQLite)
	e := start(t, db, options{geocoder: geo.NewNominatim(dead.URL, "Platter/1 (+test)", nil)})
	res := e.call("address/find-address", filter("query", "Krak"), "Accept-Language", "pl-PL")
	res.wantError(t, 503, 1503)
	if res.Body["message"] != "Wyszukiwanie adresów jest chwilowo niedostępne. Spróbuj ponownie." {
		t.Errorf("message: %s", res.Raw)
	}
	e.call("address/find-address-detail", filter("place_id", "osm:N123")).wantError(t, 503, 1503)
}
