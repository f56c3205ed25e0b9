package mailer_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"platter/internal/notify/mail"
	"platter/internal/notify/mailer"
	"platter/internal/notify/mailtest"
	"platter/internal/tracing"
	"platter/internal/tracing/tracingtest"
)

// TestSMTPSendIsASpan: with tracing on, a send is a client span under the
// caller's span, failed when the server refuses (docs/architecture.md §11).
func TestSMTPSendIsASpan(t *testing.T) {
	t.Parallel()
	rc := tracingtest.New(t)
	tr, err := tracing.New(context.Background(), rc.URL, "test")
	if err != nil {
		t.Fatal(err)
	}
	srv := mailtest.Start(t, mailtest.Options{})
	s, err := mailer.NewSMTP((&url.URL{Scheme: "smtp", Host: srv.Addr}).String(), "Platter <no-reply@example.test>")
	if err != nil {
		t.Fatal(err)
	}
	ctx, job := tr.Tracer().Start(context.Background(), "mail job")
	m := mail.Message{To: "anna@example.test", Subject: "Hi", Text: "Hi"}
	if err := s.Send(ctx, m); err != nil {
		t.Fatal(err)
	}
	srv.Wait(t, "anna@example.test", 5*time.Second)
	m.To = "not an address"
	if err := s.Send(ctx, m); err == nil {
		t.Fatal("a bad address was sent")
	}
	job.End()
	if err := tr.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	var ok, failed int
	for _, sp := range rc.Trace(job.SpanContext().TraceID().String()) {
		if sp.Name != "smtp send" {
			continue
		}
		if sp.Kind != tracepb.Span_SPAN_KIND_CLIENT || sp.ParentSpanID != job.SpanContext().SpanID().String() {
			t.Errorf("span %+v", sp)
		}
		if sp.Status == tracepb.Status_STATUS_CODE_ERROR {
			failed++
		} else {
			ok++
		}
	}
	if ok != 1 || failed != 1 {
		t.Errorf("smtp spans: %d sent, %d failed; want 1 and 1", ok, failed)
	}
}
