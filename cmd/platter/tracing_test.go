package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"platter/internal/tracing/tracingtest"
)

func venueInfo(t *testing.T, base string) string {
	t.Helper()
	res, err := http.Post(base+"/api/v3/venue/info", "application/json",
		strings.NewReader(`{"filter":{"business_slug":"demo-burgers"}}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("venue/info: %v %v", res, err)
	}
	res.Body.Close()
	return res.Header.Get("X-Request-Id")
}

func stop(t *testing.T, b *booted) {
	t.Helper()
	b.cancel()
	select {
	case err := <-b.done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeTracesWithOTLPEndpoint: OTEL_EXPORTER_OTLP_ENDPOINT turns tracing
// on; the spans of served requests reach the receiver by the time serve
// returns, under the service name OTEL_SERVICE_NAME gives.
func TestServeTracesWithOTLPEndpoint(t *testing.T) {
	t.Parallel()
	rc := tracingtest.New(t)
	b := boot(t, "OTEL_EXPORTER_OTLP_ENDPOINT", strings.TrimSuffix(rc.URL, "/v1/traces"),
		"OTEL_SERVICE_NAME", "platter-eu")
	id := venueInfo(t, b.base)
	stop(t, b)
	spans := rc.Trace(id)
	var names []string
	for _, s := range spans {
		names = append(names, s.Name)
		if s.Service != "platter-eu" {
			t.Errorf("service.name %q", s.Service)
		}
	}
	if len(spans) < 2 || spans[len(spans)-1].Name != "POST /api/v3/venue/info" {
		t.Errorf("spans of request %s: %v", id, names)
	}
	if !strings.Contains(b.log.String(), "tracing on") {
		t.Errorf("no log line says tracing is on:\n%s", b.log)
	}
}

// TestServeWithoutOTLPEndpointTracesNothing: unset, no exporter runs and the
// request id is today's random 24 hex digits, not a trace id.
func TestServeWithoutOTLPEndpointTracesNothing(t *testing.T) {
	t.Parallel()
	b := boot(t, "OTEL_SERVICE_NAME", "platter-eu")
	if id := venueInfo(t, b.base); len(id) != 24 {
		t.Errorf("request id %q", id)
	}
	stop(t, b)
	if strings.Contains(b.log.String(), "tracing on") {
		t.Errorf("tracing started without an endpoint:\n%s", b.log)
	}
}
