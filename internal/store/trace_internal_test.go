package store

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel/trace"

	"platter/internal/tracing"
	"platter/internal/tracing/tracingtest"
)

// TestTxSpanOffAllocatesNothing: with tracing off a transaction's span costs
// no allocation (docs/architecture.md §11: off and free).
func TestTxSpanOffAllocatesNothing(t *testing.T) {
	db := &DB{dialect: SQLite}
	ctx := context.WithValue(context.Background(), ctxKey{}, 1)
	allocs := testing.AllocsPerRun(1000, func() {
		c, span := db.startTx(ctx, "read")
		endTx(span, nil)
		if c != ctx {
			t.Fatal("a span was started")
		}
	})
	if allocs != 0 {
		t.Errorf("a transaction's span with tracing off allocates %.1f times", allocs)
	}
}

func TestMethodName(t *testing.T) {
	for in, want := range map[string]string{
		"platter/internal/store.(*DB).PlaceOrder.func1": "PlaceOrder",
		"platter/internal/store.(*DB).Menu":             "Menu",
		"platter/internal/store.insertSession":          "insertSession",
	} {
		if got := methodName(in); got != want {
			t.Errorf("%s: %s", in, got)
		}
	}
}

// TestTxSpanNeedsATracedCaller: with tracing on, a transaction outside any
// traced call (a background job's poll) starts no trace of its own.
func TestTxSpanNeedsATracedCaller(t *testing.T) {
	rc := tracingtest.New(t)
	tr, err := tracing.New(context.Background(), rc.URL, "test")
	if err != nil {
		t.Fatal(err)
	}
	tracing.SetGlobal(tr)
	defer func() { _ = tr.Shutdown(context.Background()) }()
	db := &DB{dialect: Postgres}
	if _, span := db.startTx(context.Background(), "read"); span.IsRecording() {
		t.Error("a job's poll started a trace")
	}
	ctx, call := tracing.Start(context.Background(), "smtp send", trace.SpanKindClient)
	_, span := db.startTx(ctx, "write")
	if !span.IsRecording() {
		t.Error("a traced call's transaction has no span")
	}
	span.End()
	call.End()
}

// ctxKey keys the value that gives the test a context of its own.
type ctxKey struct{}
