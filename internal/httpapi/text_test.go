package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// wantField asserts a 1000 validation error naming field.
func wantField(t *testing.T, r *response, field string) {
	t.Helper()
	r.wantError(t, 400, 1000)
	if f, _ := r.Body["fields"].(map[string]any); f[field] == nil {
		t.Errorf("fields lack %s: %s", field, r.Raw)
	}
}

// TestControlCharactersRefused: NUL and other control characters in any
// string of any call are a validation error (1000, field named) on both
// databases — on PostgreSQL they used to answer 500. One-line fields refuse
// line breaks too; the address note (multi-line) takes \n and \t (issue 8).
func TestControlCharactersRefused(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		wantField(t, e.call("venue/info", filter("business_slug", "demo-burgers\u0000")), "business_slug")
		wantField(t, e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "so\u001bho",
			"order_type", 0)), "venue_slug")
		sign := signUpBody("demo-burgers", "nul@example.test")
		sign["data"].(map[string]any)["first_name"] = "An\u0000na"
		wantField(t, e.call("auth/signup", sign), "first_name")
		sign["data"].(map[string]any)["first_name"] = "Anna\r\nBcc: x@example.test"
		wantField(t, e.call("auth/signup", sign), "first_name")
		sign["data"].(map[string]any)["first_name"] = strings.Repeat("A", 1001)
		r := e.call("auth/signup", sign, "Accept-Language", "pl-PL")
		wantField(t, r, "first_name")
		if f := r.Body["fields"].(map[string]any)["first_name"]; f != "To pole jest za długie." {
			t.Errorf("too long in Polish: %v", f)
		}
		wantField(t, e.call("auth/signin", data("business_slug", "demo-burgers", "email", "a@example.test",
			"password", "Pass\u0000word-1")), "password")
		wantField(t, e.call("user/validate-contact-number", filter("contact_number", "+44\u00007911123456")), "contact_number")
		wantField(t, e.call("address/find-address", filter("query", "Soho\u0085")), "query")

		auth := signIn(t, e, "demo-burgers", "text@example.test")
		wantField(t, e.call("address/upsert", upsertData("line1", "10 Greek\u0000 Street"), auth...), "line1")
		wantField(t, e.call("address/upsert", upsertData("city", "Lon\ndon"), auth...), "city")
		wantField(t, e.call("address/upsert", upsertData("note", "Ring\u0000twice"), auth...), "note")
		wantField(t, e.call("address/upsert", upsertData("note", "Ring\r\ntwice"), auth...), "note")
		ok := e.call("address/upsert", upsertData("note", "Ring twice,\n\tthen wait"), auth...)
		if ok.Status != 200 || ok.data(t)["note"] != "Ring twice,\n\tthen wait" {
			t.Errorf("a multi-line note was refused: %s", ok.Raw)
		}
		if n := len(outbox(t, db, "nul@example.test")); n != 0 {
			t.Errorf("a refused sign-up queued %d mails", n)
		}
	})
}

// TestNoCallAnswers500ForControlCharacters sends every route the common
// string fields with a NUL, anonymously and signed in, on both databases.
func TestNoCallAnswers500ForControlCharacters(t *testing.T) {
	t.Parallel()
	names := []string{"business_slug", "venue_slug", "email", "password", "first_name", "last_name",
		"contact_number", "code", "query", "place_id", "session_token", "line1", "line2", "city",
		"country", "postcode", "name", "note"}
	body := map[string]any{}
	for _, n := range names {
		body[n] = "x\u0000y"
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		auth := signIn(t, e, "demo-burgers", "sweep@example.test")
		for _, route := range e.api.Routes() {
			for _, key := range []string{"filter", "data"} {
				for _, h := range [][]string{nil, auth} {
					status, raw := rawCall(t, e, route, map[string]any{key: body}, h...)
					if status >= 500 {
						t.Errorf("%s (%s, signed in %v): %d %s", route, key, h != nil, status, raw)
					}
				}
			}
		}
	})
}

// rawCall posts body to a route without checking the answer against the
// contract (a sweep sends every route fields it does not take).
func rawCall(t *testing.T, e *env, route string, body any, headers ...string) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/api/v3/"+route, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, raw
}
