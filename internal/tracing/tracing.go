// Package tracing is Platter's OpenTelemetry tracing (docs/architecture.md §11):
// spans exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, with the standard OTEL_*
// variables (headers, timeout, compression, service name, resource
// attributes, sampler). Unset, nothing is started: Start hands back the
// caller's context and a no-op span without allocating.
package tracing

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// Scope is the instrumentation scope of Platter's spans.
const Scope = "platter"

// Tracing is a running tracer provider with its OTLP/HTTP exporter.
type Tracing struct {
	provider *sdktrace.TracerProvider
	tracer   trace.Tracer
}

// global is the provider of spans that start without a traced parent (the
// background jobs' mail and refunds); nil while tracing is off.
var global atomic.Pointer[Tracing]

// Enabled reports whether getenv configures an OTLP trace exporter:
// OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT set,
// and neither OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none.
func Enabled(getenv func(string) string) bool {
	if strings.EqualFold(strings.TrimSpace(getenv("OTEL_SDK_DISABLED")), "true") ||
		strings.EqualFold(strings.TrimSpace(getenv("OTEL_TRACES_EXPORTER")), "none") {
		return false
	}
	return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// FromEnv starts tracing as the process environment (read through getenv,
// os.Getenv in production) asks, or returns nil when it does not: then no
// exporter runs. The exporter itself reads the OTEL_EXPORTER_OTLP_* variables
// of the process, as every OpenTelemetry SDK does.
func FromEnv(ctx context.Context, getenv func(string) string, version string) (*Tracing, error) {
	if !Enabled(getenv) {
		return nil, nil
	}
	for _, name := range []string{"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"} {
		if p := getenv(name); p != "" {
			if p != "http/protobuf" {
				return nil, fmt.Errorf("%s %q: platter exports http/protobuf only", name, p)
			}
			break
		}
	}
	if v := getenv("OTEL_TRACES_EXPORTER"); v != "" && v != "otlp" {
		return nil, fmt.Errorf("OTEL_TRACES_EXPORTER %q: platter exports otlp only", v)
	}
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(Endpoint(getenv)))
	if err != nil {
		return nil, fmt.Errorf("tracing: %w", err)
	}
	return start(ctx, exp, resourceAttrs(getenv, version))
}

// resourceAttrs names this process: service.name platter (or
// OTEL_SERVICE_NAME), service.version, and OTEL_RESOURCE_ATTRIBUTES
// (key=value,… percent-encoded), as the OpenTelemetry SDKs read them.
func resourceAttrs(getenv func(string) string, version string) []attribute.KeyValue {
	attrs := []attribute.KeyValue{attribute.String("service.version", version)}
	name := "platter"
	for _, kv := range strings.Split(getenv("OTEL_RESOURCE_ATTRIBUTES"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			continue
		}
		if dv, err := url.PathUnescape(strings.TrimSpace(v)); err == nil {
			v = dv
		}
		if k == "service.name" {
			name = v
			continue
		}
		attrs = append(attrs, attribute.String(k, v))
	}
	if n := getenv("OTEL_SERVICE_NAME"); n != "" {
		name = n
	}
	return append(attrs, attribute.String("service.name", name))
}

// Endpoint is the URL spans are sent to: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
// as it is, or OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces appended.
func Endpoint(getenv func(string) string) string {
	if u := getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"); u != "" {
		return u
	}
	return strings.TrimRight(getenv("OTEL_EXPORTER_OTLP_ENDPOINT"), "/") + "/v1/traces"
}

// New starts tracing to one OTLP/HTTP endpoint URL (…/v1/traces); the
// exporter takes its other settings (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT,
// _COMPRESSION, _CERTIFICATE) from the process environment. Tests use it
// with a receiver of their own.
func New(ctx context.Context, endpointURL, version string) (*Tracing, error) {
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(endpointURL))
	if err != nil {
		return nil, fmt.Errorf("tracing: %w", err)
	}
	return start(ctx, exp, resourceAttrs(func(string) string { return "" }, version))
}

func start(_ context.Context, exp sdktrace.SpanExporter, attrs []attribute.KeyValue) (*Tracing, error) {
	res := resource.NewSchemaless(attrs...)
	// The sampler comes from OTEL_TRACES_SAMPLER (default: parent-based,
	// always on), the batch limits from OTEL_BSP_*.
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	return &Tracing{provider: tp, tracer: tp.Tracer(Scope)}, nil
}

// SetGlobal makes t the provider of spans started without a traced parent.
func SetGlobal(t *Tracing) { global.Store(t) }

// Tracer is the tracer of Platter's spans.
func (t *Tracing) Tracer() trace.Tracer { return t.tracer }

// Propagator reads and writes W3C traceparent and tracestate headers.
func Propagator() propagation.TextMapPropagator { return propagation.TraceContext{} }

// Flush exports the spans ended so far.
func (t *Tracing) Flush(ctx context.Context) error { return t.provider.ForceFlush(ctx) }

// Shutdown exports what is left and stops the exporter, within 5 seconds.
func (t *Tracing) Shutdown(ctx context.Context) error {
	if global.Load() == t {
		global.Store(nil)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	return t.provider.Shutdown(ctx)
}

// Start starts a span: a child of ctx's span when that one is recorded (with
// its provider, so a test's server keeps its own spans), else a new trace of
// the global provider. With neither it returns ctx and a no-op span and
// allocates nothing: this is the whole cost of tracing when it is off.
func Start(ctx context.Context, name string, kind trace.SpanKind) (context.Context, trace.Span) {
	parent := trace.SpanFromContext(ctx)
	if parent.IsRecording() {
		return parent.TracerProvider().Tracer(Scope).Start(ctx, name, trace.WithSpanKind(kind))
	}
	if t := global.Load(); t != nil {
		return t.tracer.Start(ctx, name, trace.WithSpanKind(kind))
	}
	return ctx, parent
}

// On reports whether a span started from ctx would be recorded.
func On(ctx context.Context) bool {
	return trace.SpanFromContext(ctx).IsRecording() || global.Load() != nil
}

// StartCall starts the client span of a call to a provider ("stripe",
// "geocoder", "smtp") named provider+" "+op, building the name only when
// the span is recorded.
func StartCall(ctx context.Context, provider, op string) (context.Context, trace.Span) {
	if !On(ctx) {
		return ctx, trace.SpanFromContext(ctx)
	}
	ctx, span := Start(ctx, provider+" "+op, trace.SpanKindClient)
	span.SetAttributes(attribute.String("peer.service", provider))
	return ctx, span
}

// End ends span, marked failed with err's text when err is not nil.
func End(span trace.Span, err error) {
	if err != nil && span.IsRecording() {
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}
