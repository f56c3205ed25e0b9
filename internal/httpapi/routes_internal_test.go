package httpapi

// An internal test, against the house rule of external test packages: it
// mounts two raw routes of its own (a webhook that echoes its body, a GET
// route that needs a token) beside the real table, to show what the mux
// does for any raw route.

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRawRoutesBypassTheEnvelope: a raw route gets its body untouched (the
// envelope would refuse it as malformed JSON), its own method with 1405 and
// Allow for the others, the same enforcement as envelope calls, and the
// envelope still answers unknown paths with 1404.
func TestRawRoutesBypassTheEnvelope(t *testing.T) {
	t.Parallel()
	s := New(Options{})
	echo := func(w http.ResponseWriter, r *http.Request, _ *Caller) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(b)
	}
	table := append(s.routeTable(),
		route{path: "payments/webhook/test", access: anyone, method: http.MethodPost, raw: echo},
		route{path: "orders/stream-test", access: anySession, scope: scopeOwn, method: http.MethodGet, raw: echo})
	mux := http.NewServeMux()
	s.mountAPI(mux, table)
	srv := httptest.NewServer(mux)
	defer srv.Close()

	do := func(method, path, body string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+"/api/v3/"+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	code := func(body string) int {
		var e struct{ Code int }
		_ = json.Unmarshal([]byte(body), &e)
		return e.Code
	}
	message := func(body string) string {
		var e struct{ Message string }
		_ = json.Unmarshal([]byte(body), &e)
		return e.Message
	}

	if res, body := do("POST", "payments/webhook/test", "t=1,v1=abc {not json"); res.StatusCode != 200 || body != "t=1,v1=abc {not json" {
		t.Errorf("raw POST: %d %q", res.StatusCode, body)
	}
	for _, c := range []struct{ method, path, allow string }{
		{"GET", "payments/webhook/test", "POST"},
		{"POST", "orders/stream-test", "GET"},
		{"GET", "general/shake-hand", "POST"},
	} {
		res, body := do(c.method, c.path, "")
		if res.StatusCode != 405 || code(body) != 1405 || res.Header.Get("Allow") != c.allow ||
			message(body) != "Method not allowed: use "+c.allow+"." {
			t.Errorf("%s %s: %d Allow %q %s", c.method, c.path, res.StatusCode, res.Header.Get("Allow"), body)
		}
	}
	if res, body := do("GET", "orders/stream-test", ""); res.StatusCode != 401 || code(body) != 1401 {
		t.Errorf("a raw route's row is enforced too: %d %s", res.StatusCode, body)
	}
	for _, m := range []string{"POST", "GET"} {
		if res, body := do(m, "no/such-call", ""); res.StatusCode != 404 || code(body) != 1404 {
			t.Errorf("%s unknown path: %d %s", m, res.StatusCode, body)
		}
	}
	if res, body := do("POST", "general/schemes", "{not json"); res.StatusCode != 400 || code(body) != 1001 {
		t.Errorf("an envelope call still reads JSON: %d %s", res.StatusCode, body)
	}
}
