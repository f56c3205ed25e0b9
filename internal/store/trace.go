package store

import (
	"context"
	"runtime"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"platter/internal/platter"
	"platter/internal/tracing"
)

// startTx starts the span of one store transaction (docs/architecture.md §11),
// named by its kind and the store method that asked for it ("store.write
// PlaceOrder"), when the caller's request (or job's call) is traced. A
// background job's own polling transactions start no trace: one per poll
// every second would bury the requests' traces. Off, it costs one context
// lookup and no allocation.
func (db *DB) startTx(ctx context.Context, kind string) (context.Context, trace.Span) {
	if parent := trace.SpanFromContext(ctx); !parent.IsRecording() {
		return ctx, parent // not recording: End does nothing
	}
	name := "store." + kind
	if pc, _, _, ok := runtime.Caller(2); ok { // startTx ← read/write ← the store method
		if f := runtime.FuncForPC(pc); f != nil {
			name += " " + methodName(f.Name())
		}
	}
	ctx, span := tracing.Start(ctx, name, trace.SpanKindClient)
	system := "sqlite"
	if db.dialect == Postgres {
		system = "postgresql"
	}
	span.SetAttributes(attribute.String("db.system.name", system))
	return ctx, span
}

// endTx ends a transaction's span, marking it failed on an internal error
// (not on a refusal such as not-found or a conflict, which are answers).
func endTx(span trace.Span, err error) {
	if err != nil && span.IsRecording() {
		if e := platter.AsError(err); e.Code == platter.CodeInternal || e.Code == platter.CodeUnavailable {
			span.SetStatus(codes.Error, err.Error())
		}
	}
	span.End()
}

// methodName is "PlaceOrder" of "platter/internal/store.(*DB).PlaceOrder.func1".
func methodName(fn string) string {
	fn = fn[strings.LastIndexByte(fn, '/')+1:]
	_, fn, _ = strings.Cut(fn, ".")
	fn = strings.TrimPrefix(fn, "(*DB).")
	fn, _, _ = strings.Cut(fn, ".")
	return fn
}
