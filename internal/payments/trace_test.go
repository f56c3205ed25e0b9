package payments_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"platter/internal/payments"
	"platter/internal/tracing"
	"platter/internal/tracing/tracingtest"
)

// TestStripeCallsAreSpans: with tracing on, each Stripe call is a client span
// under the caller's, failed when Stripe refuses it (docs/architecture.md §11).
func TestStripeCallsAreSpans(t *testing.T) {
	t.Parallel()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/v1/refunds" {
			_, _ = w.Write([]byte(`{"id":"re_1","object":"refund","status":"succeeded"}`))
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","message":"no such intent"}}`))
	}))
	defer api.Close()
	rc := tracingtest.New(t)
	tr, err := tracing.New(context.Background(), rc.URL, "test")
	if err != nil {
		t.Fatal(err)
	}
	s := payments.NewStripe("sk_test_x", api.URL, "whsec_x")
	ctx, job := tr.Tracer().Start(context.Background(), "refunds job")
	if err := s.Refund(ctx, "pi_1", "k1", 100); err != nil {
		t.Fatalf("refund: %v", err)
	}
	if err := s.CancelIntent(ctx, "pi_2", "k2"); err == nil {
		t.Fatal("cancel of a refused intent passed")
	}
	job.End()
	if err := tr.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := map[string]tracepb.Status_StatusCode{}
	for _, sp := range rc.Trace(job.SpanContext().TraceID().String()) {
		if sp.ParentSpanID == job.SpanContext().SpanID().String() && sp.Kind == tracepb.Span_SPAN_KIND_CLIENT {
			got[sp.Name] = sp.Status
		}
	}
	if st, ok := got["stripe Refunds.Create"]; !ok || st == tracepb.Status_STATUS_CODE_ERROR {
		t.Errorf("refund span: %v", got)
	}
	if got["stripe PaymentIntents.Cancel"] != tracepb.Status_STATUS_CODE_ERROR {
		t.Errorf("cancel span: %v", got)
	}
}
