// Package tracingtest is a real OTLP/HTTP trace receiver for tests: an HTTP
// server on 127.0.0.1 that decodes the protobuf ExportTraceServiceRequest
// an exporter posts to /v1/traces and keeps the spans.
package tracingtest

import (
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// Span is one received span, with its ids in hex as logs show them.
type Span struct {
	Name               string
	TraceID, SpanID    string
	ParentSpanID       string
	Kind               tracepb.Span_SpanKind
	Status             tracepb.Status_StatusCode
	Attributes         map[string]string
	Service            string // the resource's service.name
	ServiceVersion     string
	StartNano, EndNano uint64
}

// Receiver collects what exporters send it.
type Receiver struct {
	URL      string // the traces endpoint: http://127.0.0.1:port/v1/traces
	mu       sync.Mutex
	spans    []Span
	requests int
}

// New starts a receiver; it stops when the test ends.
func New(t testing.TB) *Receiver {
	rc := &Receiver{}
	srv := httptest.NewServer(http.HandlerFunc(rc.serve))
	t.Cleanup(srv.Close)
	rc.URL = srv.URL + "/v1/traces"
	return rc
}

func (rc *Receiver) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/traces" ||
		r.Header.Get("Content-Type") != "application/x-protobuf" {
		http.Error(w, "want POST /v1/traces application/x-protobuf", http.StatusBadRequest)
		return
	}
	b, err := io.ReadAll(r.Body)
	var req coltracepb.ExportTraceServiceRequest
	if err == nil {
		err = proto.Unmarshal(b, &req)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rc.mu.Lock()
	rc.requests++
	for _, rs := range req.GetResourceSpans() {
		res := attrs(rs.GetResource().GetAttributes())
		for _, ss := range rs.GetScopeSpans() {
			for _, s := range ss.GetSpans() {
				rc.spans = append(rc.spans, Span{
					Name: s.GetName(), TraceID: hex.EncodeToString(s.GetTraceId()),
					SpanID: hex.EncodeToString(s.GetSpanId()), ParentSpanID: hex.EncodeToString(s.GetParentSpanId()),
					Kind: s.GetKind(), Status: s.GetStatus().GetCode(), Attributes: attrs(s.GetAttributes()),
					Service: res["service.name"], ServiceVersion: res["service.version"],
					StartNano: s.GetStartTimeUnixNano(), EndNano: s.GetEndTimeUnixNano(),
				})
			}
		}
	}
	rc.mu.Unlock()
	out, _ := proto.Marshal(&coltracepb.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(out)
}

// attrs flattens attributes to strings (ints in decimal).
func attrs(kvs []*commonpb.KeyValue) map[string]string {
	m := make(map[string]string, len(kvs))
	for _, kv := range kvs {
		v := kv.GetValue()
		switch v.GetValue().(type) {
		case *commonpb.AnyValue_IntValue:
			m[kv.GetKey()] = strconv.FormatInt(v.GetIntValue(), 10)
		case *commonpb.AnyValue_BoolValue:
			if v.GetBoolValue() {
				m[kv.GetKey()] = "true"
			} else {
				m[kv.GetKey()] = "false"
			}
		default:
			m[kv.GetKey()] = v.GetStringValue()
		}
	}
	return m
}

// Spans is every span received so far.
func (rc *Receiver) Spans() []Span {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]Span(nil), rc.spans...)
}

// Requests is how many export requests arrived.
func (rc *Receiver) Requests() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.requests
}

// Trace is the spans of one trace.
func (rc *Receiver) Trace(traceID string) []Span {
	var out []Span
	for _, s := range rc.Spans() {
		if s.TraceID == traceID {
			out = append(out, s)
		}
	}
	return out
}
