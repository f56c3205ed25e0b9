package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"platter/internal/geo"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/tracing"
	"platter/internal/tracing/tracingtest"
)

// traced starts a server that sends its spans to a real OTLP/HTTP receiver
// on 127.0.0.1, as OTEL_EXPORTER_OTLP_ENDPOINT does in platter serve.
func traced(t *testing.T, db *store.DB, o options) (*env, *tracing.Tracing, *tracingtest.Receiver) {
	t.Helper()
	rc := tracingtest.New(t)
	tr, err := tracing.New(context.Background(), rc.URL, "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tr.Shutdown(context.Background()) })
	o.tracing = tr
	return start(t, db, o), tr, rc
}

func flushed(t *testing.T, tr *tracing.Tracing, rc *tracingtest.Receiver, traceID string) []tracingtest.Span {
	t.Helper()
	if err := tr.Flush(context.Background()); err != nil {
		t.Fatalf("export to the receiver: %v", err)
	}
	return rc.Trace(traceID)
}

// requestSpan is the trace's server span (the one without a parent here).
func requestSpan(t *testing.T, spans []tracingtest.Span) tracingtest.Span {
	t.Helper()
	for _, s := range spans {
		if s.Kind == tracepb.Span_SPAN_KIND_SERVER {
			return s
		}
	}
	t.Fatalf("no request span among %+v", spans)
	return tracingtest.Span{}
}

// TestTracingSpansAndRequestIDs: with tracing on, a call gets a server span
// named by its route with its status, its store transactions are child
// spans in the same trace, and the trace id is the request id: in
// X-Request-Id, in the error envelope and in the log line of a failure.
func TestTracingSpansAndRequestIDs(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, tr, rc := traced(t, db, options{catalog: panicky{db}})

		ok := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho"))
		if ok.Status != 200 {
			t.Fatalf("menu/list: %d %s", ok.Status, ok.Raw)
		}
		id := ok.Header.Get("X-Request-Id")
		if len(id) != 32 {
			t.Fatalf("X-Request-Id %q is not a trace id", id)
		}
		spans := flushed(t, tr, rc, id)
		req := requestSpan(t, spans)
		if req.Name != "POST /api/v3/menu/list" || req.Attributes["http.route"] != "/api/v3/menu/list" ||
			req.Attributes["http.response.status_code"] != "200" || req.Status == tracepb.Status_STATUS_CODE_ERROR {
			t.Errorf("request span: %+v", req)
		}
		if req.Service != "platter" || req.ServiceVersion != "test" {
			t.Errorf("resource: service %q version %q", req.Service, req.ServiceVersion)
		}
		var storeSpans int
		for _, s := range spans {
			if strings.HasPrefix(s.Name, "store.read ") && s.ParentSpanID == req.SpanID {
				storeSpans++
				want := map[string]string{"sqlite": "sqlite", "postgres": "postgresql"}[db.Dialect()]
				if s.Attributes["db.system.name"] != want || s.StartNano < req.StartNano || s.EndNano > req.EndNano {
					t.Errorf("store span %+v (request %d–%d)", s, req.StartNano, req.EndNano)
				}
			}
		}
		if storeSpans == 0 {
			t.Errorf("no store transaction span under the request: %+v", spans)
		}

		// A refused call: the envelope's request_id is the trace id.
		gone := e.call("venue/info", filter("business_slug", "no-such-scheme"))
		gone.wantError(t, 404, 1404)
		goneID, _ := gone.Body["request_id"].(string)
		if goneID != gone.Header.Get("X-Request-Id") || len(goneID) != 32 {
			t.Fatalf("request_id %q, X-Request-Id %q", goneID, gone.Header.Get("X-Request-Id"))
		}
		if s := requestSpan(t, flushed(t, tr, rc, goneID)); s.Name != "POST /api/v3/venue/info" ||
			s.Attributes["http.response.status_code"] != "404" {
			t.Errorf("refused call's span: %+v", s)
		}

		// A failing call: 1500, logged under the trace id, span marked failed.
		bad := e.call("venue/info", filter("business_slug", "explode"))
		bad.wantError(t, 500, 1500)
		badID, _ := bad.Body["request_id"].(string)
		s := requestSpan(t, flushed(t, tr, rc, badID))
		if s.Status != tracepb.Status_STATUS_CODE_ERROR || s.Attributes["http.response.status_code"] != "500" {
			t.Errorf("failed call's span: %+v", s)
		}
		var logged bool
		for _, line := range strings.Split(e.logText(), "\n") {
			var l map[string]any
			if json.Unmarshal([]byte(line), &l) == nil && l["request_id"] == badID && l["msg"] == "panic" {
				logged = true
			}
		}
		if !logged {
			t.Errorf("no log line with request_id %s:\n%s", badID, e.logText())
		}
	})
}

// TestTracingTraceparentFromTrustedProxyOnly: a W3C traceparent continues
// the caller's trace when a trusted proxy sends it, and is ignored from
// anyone else (who must not choose the id their request is logged under).
func TestTracingTraceparentFromTrustedProxyOnly(t *testing.T) {
	t.Parallel()
	const parentTrace, parentSpan = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
	tp := "00-" + parentTrace + "-" + parentSpan + "-01"
	db := storetest.Open(t, "sqlite")
	proxied, tr, rc := traced(t, db, options{env: map[string]string{"PLATTER_TRUSTED_PROXIES": "127.0.0.1"}})
	r := proxied.call("general/shake-hand", nil, "Traceparent", tp)
	if got := r.Header.Get("X-Request-Id"); got != parentTrace {
		t.Fatalf("behind a trusted proxy: request id %q, want the trace %s", got, parentTrace)
	}
	if s := requestSpan(t, flushed(t, tr, rc, parentTrace)); s.ParentSpanID != parentSpan {
		t.Errorf("span's parent %q, want %s", s.ParentSpanID, parentSpan)
	}

	direct, dtr, drc := traced(t, db, options{})
	r = direct.call("general/shake-hand", nil, "Traceparent", tp)
	if got := r.Header.Get("X-Request-Id"); got == parentTrace || len(got) != 32 {
		t.Errorf("a client's own traceparent was honoured or lost: request id %q", got)
	}

	// A printer's URL holds its key: the span names the pattern, not the key.
	res, err := http.Get(direct.srv.URL + "/api/v3/printers/secretkey0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	s := requestSpan(t, flushed(t, dtr, drc, res.Header.Get("X-Request-Id")))
	if s.Name != "GET /api/v3/printers/{key}" || strings.Contains(fmt.Sprint(s), "secretkey") {
		t.Errorf("printer URL's span: %+v", s)
	}
}

// TestTracingGeocoderCall: a geocoder call is a client span under the
// request's, failed with the request when the service is down.
func TestTracingGeocoderCall(t *testing.T) {
	t.Parallel()
	dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer dead.Close()
	db := storetest.Open(t, store.SQLite)
	e, tr, rc := traced(t, db, options{geocoder: geo.NewNominatim(dead.URL, "Platter/1 (+test)", nil)})
	res := e.call("address/find-address", filter("query", "Krak"))
	res.wantError(t, 503, 1503)
	spans := flushed(t, tr, rc, res.Header.Get("X-Request-Id"))
	req := requestSpan(t, spans)
	if req.Status != tracepb.Status_STATUS_CODE_ERROR || req.Attributes["http.response.status_code"] != "503" {
		t.Errorf("request span %+v", req)
	}
	var calls int
	for _, s := range spans {
		if strings.HasPrefix(s.Name, "geocoder nominatim") {
			calls++
			if s.ParentSpanID != req.SpanID || s.Kind != tracepb.Span_SPAN_KIND_CLIENT ||
				s.Status != tracepb.Status_STATUS_CODE_ERROR {
				t.Errorf("geocoder span %+v", s)
			}
		}
	}
	if calls != 1 {
		t.Errorf("%d geocoder spans in %+v", calls, spans)
	}
}

// TestMenuListAllocationsTracingOn logs what tracing on adds to a menu/list
// call (a span and its attributes, the store transaction's span).
func TestMenuListAllocationsTracingOn(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	e, _, _ := traced(t, db, options{})
	t.Logf("menu/list, tracing on: %.0f allocations per call", menuListAllocs(t, e.api.Handler()))
}
