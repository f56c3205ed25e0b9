package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func TestEnvelopeErrors(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})

		t.Run("other methods answer 405 in the envelope", func(t *testing.T) {
			for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete, http.MethodPatch} {
				r := e.do(m, "menu/list", nil)
				r.wantError(t, 405, 1405)
				if r.Header.Get("Allow") != "POST" {
					t.Errorf("%s: Allow = %q", m, r.Header.Get("Allow"))
				}
			}
		})
		t.Run("a body over 1 MiB answers 413 code 1413", func(t *testing.T) {
			big := []byte(`{"filter":{"business_slug":"` + strings.Repeat("a", 1<<20) + `"}}`)
			e.call("venue/info", big).wantError(t, 413, 1413)
		})
		t.Run("malformed JSON answers 400 code 1001", func(t *testing.T) {
			e.call("venue/info", []byte(`{"filter": {`)).wantError(t, 400, 1001)
			e.call("venue/info", []byte(`[1,2]`)).wantError(t, 400, 1001)
		})
		t.Run("an unknown path answers 404 code 1404", func(t *testing.T) {
			e.call("no/such/call", nil).wantError(t, 404, 1404)
			e.do(http.MethodGet, "no/such/call", nil).wantError(t, 404, 1404)
		})
		t.Run("messages follow Accept-Language", func(t *testing.T) {
			en := e.call("venue/info", map[string]any{"filter": map[string]any{"business_slug": "nope"}})
			en.wantError(t, 404, 1404)
			pl := e.call("venue/info", map[string]any{"filter": map[string]any{"business_slug": "nope"}},
				"Accept-Language", "pl-PL,pl;q=0.9")
			pl.wantError(t, 404, 1404)
			if en.Body["message"] != "This business does not exist." || pl.Body["message"] != "Ta firma nie istnieje." {
				t.Errorf("en %q, pl %q", en.Body["message"], pl.Body["message"])
			}
			bad := e.call("menu/list", map[string]any{"filter": map[string]any{"order_type": 7}}, "Accept-Language", "pl")
			bad.wantError(t, 400, 1000)
			fields, _ := bad.Body["fields"].(map[string]any)
			if fields["business_slug"] != "To pole jest wymagane." || fields["venue_slug"] == nil || fields["order_type"] == nil {
				t.Errorf("fields: %s", bad.Raw)
			}
			if b, _ := bad.Body["batch_messages"].([]any); len(b) != 3 {
				t.Errorf("batch_messages: %s", bad.Raw)
			}
		})
		t.Run("a wrongly typed field is a validation error on that field", func(t *testing.T) {
			r := e.call("venue/info", []byte(`{"filter":{"business_slug":42}}`))
			r.wantError(t, 400, 1000)
			if f, _ := r.Body["fields"].(map[string]any); f["business_slug"] == nil {
				t.Errorf("fields: %s", r.Raw)
			}
		})
	})
}

// panicky is the real store with one fault injected: asking for the scheme
// "explode" panics, as a bug in a handler would.
type panicky struct{ *store.DB }

func (p panicky) SchemeBySlug(ctx context.Context, slug string) (*catalog.Scheme, error) {
	if slug == "explode" {
		panic("boom: injected fault")
	}
	return p.DB.SchemeBySlug(ctx, slug)
}

func TestPanicAnswers500WithRequestID(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	e := start(t, db, options{catalog: panicky{db}})
	r := e.call("venue/info", map[string]any{"filter": map[string]any{"business_slug": "explode"}},
		"Accept-Language", "pl-PL")
	r.wantError(t, 500, 1500)
	id, _ := r.Body["request_id"].(string)
	if id == "" || r.Header.Get("X-Request-Id") != id {
		t.Fatalf("request id: body %q header %q", id, r.Header.Get("X-Request-Id"))
	}
	if strings.Contains(string(r.Raw), "boom") {
		t.Errorf("the panic's text leaked to the client: %s", r.Raw)
	}
	if !strings.Contains(r.Body["message"].(string), "Coś poszło nie tak") {
		t.Errorf("message not in Polish: %s", r.Raw)
	}
	logs := e.logText()
	if !strings.Contains(logs, id) || !strings.Contains(logs, "boom: injected fault") {
		t.Errorf("log lacks the request id or the panic:\n%s", logs)
	}
	// The server survives and keeps serving.
	if ok := e.call("general/shake-hand", nil); ok.Status != 200 {
		t.Errorf("after a panic: %d", ok.Status)
	}
}

// TestEnvelopeAcceptsOnlyJSON: a form or text/plain POST, which a page of
// another origin can send without a CORS preflight, is refused with 415 code
// 1415 before the call runs (issue 8).
func TestEnvelopeAcceptsOnlyJSON(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	e := start(t, db, options{})
	forgot := []byte(`{"data":{"business_slug":"demo-burgers","email":"victim@example.test"}}`)
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/json; charset=latin1", "application/jsonx"} {
		r := e.call("auth/forgotten-password", forgot, "Content-Type", ct, "Accept-Language", "pl-PL")
		r.wantError(t, 415, 1415)
		if !strings.Contains(r.Body["message"].(string), "JSON") {
			t.Errorf("%s: message %q", ct, r.Body["message"])
		}
	}
	// A body without any Content-Type is refused too; an empty one is {}.
	e.call("auth/forgotten-password", forgot, "Content-Type", "").wantError(t, 415, 1415)
	if r := e.call("general/shake-hand", nil, "Content-Type", ""); r.Status != 200 {
		t.Errorf("empty body without Content-Type: %d %s", r.Status, r.Raw)
	}
	if n := len(outbox(t, db, "victim@example.test")); n != 0 {
		t.Fatalf("a refused call queued %d mails", n)
	}
	venue := []byte(`{"filter":{"business_slug":"demo-burgers"}}`)
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON;Charset=\"UTF-8\""} {
		if r := e.call("venue/info", venue, "Content-Type", ct); r.Status != 200 {
			t.Errorf("%s: %d %s", ct, r.Status, r.Raw)
		}
	}
	if r := e.call("auth/forgotten-password", forgot); r.Status != 200 {
		t.Errorf("JSON forgotten-password: %d %s", r.Status, r.Raw)
	}
}

// TestAPIRepliesAreNotStored: replies that may carry a token or personal
// data, errors included, say Cache-Control: no-store; the public catalogue
// calls do not (issue 8).
func TestAPIRepliesAreNotStored(t *testing.T) {
	t.Parallel()
	e := start(t, storetest.Open(t, "sqlite"), options{})
	guest := e.call("auth/guest", data("business_slug", "demo-burgers"))
	auth := bearerOf(guest, t)
	private := map[string]*response{
		"auth/guest":                guest,
		"user/info":                 e.call("user/info", nil, auth...),
		"user/info without a token": e.call("user/info", nil),
		"address/list":              e.call("address/list", nil, auth...),
		"auth/signin refused":       e.call("auth/signin", data("business_slug", "demo-burgers", "email", "a@example.test", "password", "Wrong-pass-1")),
		"unknown path":              e.call("no/such/call", nil),
		"malformed":                 e.call("venue/info", []byte(`{`)),
		"not JSON":                  e.call("venue/info", []byte(`{}`), "Content-Type", "text/plain"),
	}
	for name, r := range private {
		if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s (%d): Cache-Control %q, want no-store", name, r.Status, cc)
		}
	}
	public := map[string]*response{
		"general/shake-hand": e.call("general/shake-hand", nil),
		"venue/info":         e.call("venue/info", filter("business_slug", "demo-burgers")),
		"menu/list":          e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho")),
	}
	for name, r := range public {
		if r.Status != 200 || strings.Contains(r.Header.Get("Cache-Control"), "no-store") {
			t.Errorf("%s: %d Cache-Control %q", name, r.Status, r.Header.Get("Cache-Control"))
		}
	}
}
