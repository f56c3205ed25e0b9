package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// minCompress is the smallest body worth compressing on the fly: below
// about 1 KB gzip's header and the CPU cost outweigh the bytes saved.
const minCompress = 1024

// gzipLevel trades CPU for bytes on answers compressed per request; the
// hashed assets are compressed at build time at the highest levels.
const gzipLevel = 6

// Content codings the server sends, by preference.
const (
	encBrotli = "br"
	encGzip   = "gzip"
)

// acceptsEncoding reports whether an Accept-Encoding value allows coding:
// named with q > 0, or covered by "*" with q > 0 and not named with q=0
// (RFC 9110 §12.5.3).
func acceptsEncoding(header, coding string) bool {
	named, star := -1.0, -1.0
	// strings.Cut, not Split: this runs on every request and allocates nothing.
	for rest := header; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		name, params, _ := strings.Cut(part, ";")
		name, q := strings.TrimSpace(name), 1.0
		for params != "" {
			var p string
			p, params, _ = strings.Cut(params, ";")
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0 // an unreadable weight never selects a coding
				}
				q = f
			}
		}
		switch {
		case strings.EqualFold(name, coding):
			named = q
		case name == "*":
			star = q
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}

// chooseEncoding picks the preferred coding the client accepts among those
// available: br before gzip, "" for identity.
func chooseEncoding(header string, available ...string) string {
	for _, c := range []string{encBrotli, encGzip} {
		for _, a := range available {
			if a == c && acceptsEncoding(header, c) {
				return c
			}
		}
	}
	return ""
}

var varyEncoding = []string{"Accept-Encoding"}

// addVary adds Accept-Encoding to Vary once: a cache must not give a
// compressed answer to a client that cannot read it.
func addVary(h http.Header) {
	if _, set := h["Vary"]; !set {
		h["Vary"] = varyEncoding // shared, never changed: Add appends to a copy (cap 1)
		return
	}
	for _, v := range h.Values("Vary") {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), "Accept-Encoding") {
				return
			}
		}
	}
	h.Add("Vary", "Accept-Encoding")
}

// compressible reports whether a Content-Type is text worth compressing.
// Images, fonts and the event stream (which must flush each event) are not.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	ct = strings.TrimSpace(ct)
	switch ct {
	case "application/json", "application/manifest+json", "application/xml", "application/yaml",
		"image/svg+xml", "text/javascript", "application/javascript":
		return true
	}
	return strings.HasPrefix(ct, "text/") && ct != "text/event-stream"
}

// gzipper keeps gzip writers for reuse (each holds hundreds of KB of state,
// too much to allocate per request) and counts the bodies it compresses, so
// an operator sees the CPU spent and a test sees menu/list compressed once
// per menu version.
type gzipper struct {
	pool  sync.Pool
	count *prometheus.CounterVec // by "source": "response" (on the fly) or "menu" (the cache)
}

func newGzipper(reg prometheus.Registerer) *gzipper {
	g := &gzipper{count: prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "platter_http_gzip_compressions_total",
		Help: "Bodies gzipped by the server: response (on the fly) or menu (once per menu version).",
	}, []string{"source"})}
	reg.MustRegister(g.count)
	g.pool.New = func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzipLevel)
		return w
	}
	return g
}

// bytes compresses b in one go (the menu cache's stored copy).
func (g *gzipper) bytes(b []byte) []byte {
	var out bytes.Buffer
	zw := g.pool.Get().(*gzip.Writer)
	zw.Reset(&out)
	_, _ = zw.Write(b)
	_ = zw.Close()
	g.pool.Put(zw)
	g.count.WithLabelValues("menu").Inc()
	return out.Bytes()
}

// withCompression gzips text answers of at least minCompress bytes for
// clients that accept gzip. An answer that already has a Content-Encoding
// (a precompressed asset, menu/list from its cache) passes as it is, so
// nothing is compressed twice; so do HEAD requests and partial content.
func (s *Server) withCompression(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{ResponseWriter: w, gz: s.gzip,
			accepts: acceptsEncoding(r.Header.Get("Accept-Encoding"), encGzip)}
		next.ServeHTTP(cw, r)
		cw.finish()
	})
}

// compressWriter holds the start of an answer until it knows whether to
// compress it: at minCompress bytes, or at the end for a smaller answer.
type compressWriter struct {
	http.ResponseWriter
	gz      *gzipper
	accepts bool
	status  int
	buf     []byte
	decided bool
	zw      *gzip.Writer // set when compressing
}

func (c *compressWriter) WriteHeader(code int) {
	if c.decided || c.status != 0 {
		if c.decided {
			c.ResponseWriter.WriteHeader(code)
		}
		return
	}
	if code < 200 { // 1xx are interim answers: pass them on, keep waiting
		c.ResponseWriter.WriteHeader(code)
		return
	}
	c.status = code
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if !c.decided {
		if c.status == 0 {
			c.status = http.StatusOK
		}
		if len(c.buf) == 0 && len(p) >= minCompress {
			// Big enough to decide on at once: written through, not copied
			// (decide keeps no reference to it).
			c.buf = p
		} else {
			c.buf = append(c.buf, p...)
		}
		if len(c.buf) < minCompress {
			return len(p), nil
		}
		if err := c.decide(); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	if c.zw != nil {
		return c.zw.Write(p)
	}
	return c.ResponseWriter.Write(p)
}

// decide sends the header, compressed or not, and what was held back.
func (c *compressWriter) decide() error {
	c.decided = true
	h := c.Header()
	text := compressible(h.Get("Content-Type"))
	if text && h.Get("Content-Encoding") == "" {
		addVary(h)
	}
	if text && c.accepts && c.status == http.StatusOK && h.Get("Content-Encoding") == "" &&
		len(c.buf) >= minCompress {
		h.Del("Content-Length")
		h.Set("Content-Encoding", encGzip)
		c.zw = c.gz.pool.Get().(*gzip.Writer)
		c.zw.Reset(c.ResponseWriter)
		c.gz.count.WithLabelValues("response").Inc()
	}
	if c.status == 0 {
		c.status = http.StatusOK
	}
	c.ResponseWriter.WriteHeader(c.status)
	buf := c.buf
	c.buf = nil
	if len(buf) == 0 {
		return nil
	}
	var err error
	if c.zw != nil {
		_, err = c.zw.Write(buf)
	} else {
		_, err = c.ResponseWriter.Write(buf)
	}
	return err
}

// finish decides for an answer smaller than minCompress (or one with no
// body) and closes the gzip stream.
func (c *compressWriter) finish() {
	if !c.decided && c.status != 0 {
		_ = c.decide()
	}
	if c.zw != nil {
		_ = c.zw.Close()
		c.gz.pool.Put(c.zw)
		c.zw = nil
	}
}

// Flush sends what is held (the event stream needs each event at once).
func (c *compressWriter) Flush() {
	if !c.decided {
		_ = c.decide()
	}
	if c.zw != nil {
		_ = c.zw.Flush()
	}
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (deadlines).
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }
