package tracing

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel/trace"

	"platter/internal/tracing/tracingtest"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// TestOffWithoutEndpoint: with no OTLP endpoint (or with tracing disabled
// the standard ways) no exporter is built and nothing is sent.
func TestOffWithoutEndpoint(t *testing.T) {
	for _, getenv := range []func(string) string{
		env(),
		env("OTEL_SERVICE_NAME", "platter-eu"),
		env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:1", "OTEL_SDK_DISABLED", "true"),
		env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:1", "OTEL_TRACES_EXPORTER", "none"),
	} {
		tr, err := FromEnv(context.Background(), getenv, "test")
		if tr != nil || err != nil {
			t.Errorf("tracing started (%v, %v)", tr, err)
		}
	}
	if _, err := FromEnv(context.Background(), env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:1",
		"OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"), "test"); err == nil {
		t.Error("grpc accepted: only http/protobuf is exported")
	}
}

// TestEndpointFromEnv: the base endpoint gets /v1/traces, the traces one is
// taken as it is (the OTLP exporter specification).
func TestEndpointFromEnv(t *testing.T) {
	if got := Endpoint(env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/")); got != "http://collector:4318/v1/traces" {
		t.Errorf("base: %s", got)
	}
	if got := Endpoint(env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://a:4318",
		"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://b:4318/custom")); got != "http://b:4318/custom" {
		t.Errorf("traces: %s", got)
	}
}

// TestStartOffAllocatesNothing: with tracing off, the span helper the store
// and the providers call on every transaction and call costs no allocation.
func TestStartOffAllocatesNothing(t *testing.T) {
	ctx := context.WithValue(context.Background(), ctxKey{}, 1)
	allocs := testing.AllocsPerRun(1000, func() {
		c, span := Start(ctx, "store.read", trace.SpanKindClient)
		span.End()
		if c != ctx || On(c) {
			t.Fatal("a span was started")
		}
	})
	if allocs != 0 {
		t.Errorf("Start with tracing off allocates %.1f times", allocs)
	}
}

// TestGlobalAndChildSpans: spans without a traced parent go to the global
// provider (the background jobs), children follow their parent's provider.
func TestGlobalAndChildSpans(t *testing.T) {
	rc := tracingtest.New(t)
	tr, err := FromEnv(context.Background(), env("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", rc.URL), "v9")
	if err != nil || tr == nil {
		t.Fatalf("FromEnv: %v %v", tr, err)
	}
	SetGlobal(tr)
	ctx, root := Start(context.Background(), "mail.send", trace.SpanKindInternal)
	_, child := Start(ctx, "smtp", trace.SpanKindClient)
	child.End()
	root.End()
	if err := tr.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if On(context.Background()) {
		t.Error("still on after Shutdown")
	}
	spans := rc.Trace(root.SpanContext().TraceID().String())
	if len(spans) != 2 || spans[0].ServiceVersion != "v9" {
		t.Fatalf("spans: %+v", spans)
	}
	for _, s := range spans {
		if s.Name == "smtp" && s.ParentSpanID != root.SpanContext().SpanID().String() {
			t.Errorf("child's parent %q", s.ParentSpanID)
		}
	}
}

// ctxKey keys the value that gives the test a context of its own.
type ctxKey struct{}
