package httpapi

import (
	"context"
	"net/http"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"platter/internal/tracing"
)

// withTrace is withRequestID when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT,
// docs/architecture.md §11): each request gets a server span named by its
// route ("POST /api/v3/menu/list", never the raw path), and the span's
// trace id is the request id, so the X-Request-Id header, the envelope's
// request_id and the log lines all name the trace. A W3C traceparent is
// continued only from a trusted proxy (PLATTER_TRUSTED_PROXIES), like its
// X-Request-Id when tracing is off; a client's own is ignored.
func (s *Server) withTrace(next http.Handler) http.Handler {
	tracer := s.tracing.Tracer()
	prop := tracing.Propagator()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if r.Header.Get("Traceparent") != "" && s.fromTrustedProxy(r) {
			ctx = prop.Extract(ctx, propagation.HeaderCarrier(r.Header))
		}
		method, route := methodLabel(r.Method), s.traceRoute(r.URL.Path)
		ctx, span := tracer.Start(ctx, method+" "+route, trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(attribute.String("http.request.method", method),
				attribute.String("http.route", route), attribute.String("url.scheme", scheme(r))))
		defer span.End()
		id := span.SpanContext().TraceID().String()
		w.Header().Set("X-Request-Id", id)
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r.WithContext(context.WithValue(ctx, requestIDKey, id)))
		status := sw.status
		if status == 0 {
			status = http.StatusOK
		}
		span.SetAttributes(attribute.Int("http.response.status_code", status))
		if status >= 500 {
			span.SetStatus(codes.Error, http.StatusText(status))
		}
	})
}

// traceRoute is the metrics' path label, with a printer's URL named by its
// pattern: the key in it is the printer's credential and stays out of spans.
func (s *Server) traceRoute(p string) string {
	route := s.pathLabel(p)
	if route == "/api/v3/unknown" && strings.HasPrefix(p, "/api/v3/printers/") {
		return "/api/v3/" + printerPath
	}
	return route
}

func scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	return "http"
}
