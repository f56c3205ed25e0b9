package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics holds the Prometheus collectors of one server (no global registry,
// so tests can run several servers in one process).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	byLabels sync.Map // seriesKey → *seriesPair: the vectors' children, looked up once
}

// seriesKey is one request's labels; every part is bounded (pathLabel,
// methodLabel, the status codes written), so byLabels is too.
type seriesKey struct {
	path, method string
	status       int
}

type seriesPair struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

// series is the counter and histogram of one request's labels. The vectors'
// own lookup hashed the labels and formatted the status on every request
// (issue 23); the children they return are the same each time, as nothing
// deletes or resets them.
func (m *metrics) series(path, method string, status int) *seriesPair {
	k := seriesKey{path, method, status}
	if p, ok := m.byLabels.Load(k); ok {
		return p.(*seriesPair)
	}
	code := strconv.Itoa(status)
	p := &seriesPair{m.requests.WithLabelValues(path, method, code), m.latency.WithLabelValues(path, code)}
	m.byLabels.Store(k, p)
	return p
}

func newMetrics() *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "platter_http_requests_total", Help: "HTTP requests by path, method and status.",
	}, []string{"path", "method", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "platter_http_request_duration_seconds",
		Help:    "HTTP request latency by path and status.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	}, []string{"path", "status"})
	m.reg.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// MetricsHandler serves /metrics (Prometheus text). It belongs on the
// private PLATTER_METRICS_ADDR listener: the public one answers 404 there.
func (s *Server) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", s.metrics.handler())
	return mux
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Flush keeps server-sent events working through the wrapper.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// withMetrics counts and times every request under a bounded path label.
func (s *Server) withMetrics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		c := s.metrics.series(s.pathLabel(r.URL.Path), methodLabel(r.Method), sw.status)
		c.requests.Inc()
		c.latency.Observe(time.Since(start).Seconds())
	})
}

// methodLabel keeps the method label to a fixed set: any client may send any
// token as a method, and one series per made-up method would grow /metrics
// (and the process) without bound.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// pathLabel keeps the label set small: known API paths by name (the route
// pattern), every other path by kind.
func (s *Server) pathLabel(p string) string {
	switch {
	case strings.HasPrefix(p, "/api/v3/"):
		path := strings.TrimPrefix(p, "/api/v3/")
		if _, ok := s.routes[path]; ok {
			return p
		}
		if rt, ok := s.rawRoute(path); ok {
			// The pattern, never the path: a printer's URL holds its key.
			return "/api/v3/" + rt.path
		}
		return "/api/v3/unknown"
	case p == "/healthz", p == "/readyz", p == "/metrics":
		return p
	case strings.HasPrefix(p, "/assets/"):
		return "/assets"
	case strings.HasPrefix(p, "/demo-assets/"):
		return "/demo-assets"
	}
	return "/spa"
}
