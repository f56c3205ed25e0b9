package httpapi_test

import (
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestStoresDeliverable checks the delivery check of the store list on both
// databases: an address about 10 km from every demo-burgers venue is served
// by none, each with a reason; a Soho address is served by soho.
func TestStoresDeliverable(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		far := deliverable(t, e, 51.6036, -0.1365, "en-US")
		if len(far) != 2 {
			t.Fatalf("far: %v", far)
		}
		for slug, d := range far {
			if d["delivers"] != false || d["reason"] != "outside_area" || d["message"] == "" {
				t.Errorf("far, %s: %v", slug, d)
			}
		}
		if got := far["soho"]["distance_km"]; got != 10.01 {
			t.Errorf("far from soho: %v km; want 10.01", got)
		}
		pl := deliverable(t, e, 51.6036, -0.1365, "pl-PL")
		if pl["soho"]["message"] != "Ten lokal nie dostarcza pod ten adres." {
			t.Errorf("pl message: %v", pl["soho"])
		}

		near := deliverable(t, e, 51.5140, -0.1310, "en-US") // Greek Street, Soho
		if d := near["soho"]; d["delivers"] != true || d["reason"] != nil || d["distance_km"].(float64) > 1 {
			t.Errorf("soho: %v", d)
		}

		e.call("stores/deliverable", filter("business_slug", "nope", "lat", 51.5, "lng", 0.1)).wantError(t, 404, 1404)
		bad := e.call("stores/deliverable", filter("business_slug", "demo-burgers", "lat", 91))
		bad.wantError(t, 400, 1000)
		if f := bad.Body["fields"].(map[string]any); f["lat"] == nil || f["lng"] == nil {
			t.Errorf("bad coordinates: %s", bad.Raw)
		}
	})
}

// deliverable calls stores/deliverable for demo-burgers and indexes the
// answer by venue slug.
func deliverable(t *testing.T, e *env, lat, lng float64, lang string) map[string]map[string]any {
	t.Helper()
	res := e.call("stores/deliverable", filter("business_slug", "demo-burgers", "lat", lat, "lng", lng),
		"Accept-Language", lang)
	out := map[string]map[string]any{}
	for _, v := range res.Body["data"].([]any) {
		d := v.(map[string]any)
		out[d["venue_slug"].(string)] = d
	}
	return out
}
