package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"platter/internal/i18n"
	"platter/internal/platter"
)

var noStore = []string{"no-store"}

// publicCalls answer the same to everyone and carry nothing personal: their
// successful answers may be kept by caches. Every other v3 reply, and every
// error, is Cache-Control: no-store, because it may carry a session token
// or a customer's data.
var publicCalls = map[string]bool{
	"general/shake-hand": true,
	"general/schemes":    true,
	"venue/info":         true,
	"menu/list":          true,
}

// writeMargin is how long after the call deadline the answer may take to
// reach a slow reader before the connection is cut.
const writeMargin = 10 * time.Second

// withCallLimits wraps /api/v3/. Raw routes (the event stream, upload,
// card webhook) only get no-store. Envelope calls get: no-store unless the
// call is public, the body read in full (within the server's ReadTimeout),
// then a deadline on the call and on writing its answer, for this request
// only.
func (s *Server) withCallLimits(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Cache-Control"] = noStore // shared, never changed: Set replaces it
		if _, raw := s.rawRoute(strings.TrimPrefix(r.URL.Path, "/api/v3/")); raw {
			// Webhook, upload and the event stream read their own bodies and
			// set their own deadlines: a buffered 20-second call would end a
			// stream that is meant to stay open.
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			s.writeError(w, r, i18n.Negotiate(r.Header.Get("Accept-Language")), bodyError(err))
			return
		}
		r.Body = &readBody{Reader: bytes.NewReader(body), b: body}
		if s.serveCachedMenu(w, r) { // menu_fast.go: ready bytes, nothing to wait for
			return
		}
		// net/http cancels a running handler's context when the connection's
		// read deadline (ReadTimeout from the request's start) passes, so
		// the read deadline moves past the call's own.
		limit := s.timeouts.Call
		end := time.Now().Add(limit + writeMargin)
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(end)
		_ = rc.SetWriteDeadline(end)
		ctx, cancel := context.WithTimeout(r.Context(), limit)
		defer cancel()
		s.serveWithin(ctx, w, r.WithContext(ctx), next)
	})
}

// readBody is a call's body withCallLimits has read in full (within
// maxBody): readRequest takes its bytes instead of reading them again.
type readBody struct {
	*bytes.Reader
	b []byte
}

func (*readBody) Close() error { return nil }

// errTimeout is the answer to a call that passed its deadline: busy, try
// again shortly.
func errTimeout(err error) *platter.Error {
	return &platter.Error{Code: platter.CodeUnavailable, Message: "error.timeout",
		Params: map[string]string{"retry_after": "1"}, Err: err}
}

// serveWithin runs next into a buffer and copies its answer out, or, when
// ctx ends first, answers 503 code 1503 and drops whatever next writes
// later. Handlers honour ctx in their database and network calls, so they
// stop soon after; one that ignores it runs on in the background but holds
// the caller no longer. A panic is re-raised here so withRecover answers it.
func (s *Server) serveWithin(ctx context.Context, w http.ResponseWriter, r *http.Request, next http.Handler) {
	// The handler's header map is its own (one that runs on after the
	// deadline must not share w's), and starts empty: copyTo lays what it
	// sets over what the middleware set (no handler removes one of those).
	bw := &bufferedWriter{header: make(http.Header, 4)}
	done := make(chan any, 1)
	s.workers.run(func() {
		defer func() {
			p := recover()
			if p != nil && p != http.ErrAbortHandler {
				p = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
			done <- p
		}()
		next.ServeHTTP(bw, r)
	})
	select {
	case p := <-done:
		if p != nil {
			panic(p)
		}
		if bw.status == http.StatusOK && publicCalls[strings.TrimPrefix(r.URL.Path, "/api/v3/")] {
			cc := bw.header.Get("Cache-Control")
			if _, set := bw.header["Cache-Control"]; !set {
				cc = w.Header().Get("Cache-Control")
			}
			if cc == "no-store" {
				bw.header.Del("Cache-Control")
				w.Header().Del("Cache-Control")
			}
		}
		bw.copyTo(w)
	case <-ctx.Done():
		bw.abandon()
		if ctx.Err() != context.DeadlineExceeded {
			return // the client went away: nobody to answer
		}
		s.log.Warn("call deadline passed", "request_id", requestID(r.Context()), "path", r.URL.Path,
			"limit", s.timeouts.Call.String())
		s.writeError(w, r, i18n.Negotiate(r.Header.Get("Accept-Language")), errTimeout(ctx.Err()))
	}
}

// bufferedWriter holds a handler's answer until serveWithin decides whether
// it is sent.
type bufferedWriter struct {
	mu        sync.Mutex
	header    http.Header
	status    int
	body      bytes.Buffer
	shared    []byte // a cached answer held by reference (writeShared), sent before body
	abandoned bool
}

func (b *bufferedWriter) Header() http.Header { return b.header }

func (b *bufferedWriter) WriteHeader(code int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.status == 0 {
		b.status = code
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.abandoned {
		return 0, http.ErrHandlerTimeout
	}
	if b.status == 0 {
		b.status = http.StatusOK
	}
	b.flushShared()
	return b.body.Write(p)
}

// writeShared holds p, which nobody changes (a cached answer: reply.Raw),
// without copying it: 23 KB per menu/list call was most of what the call
// allocated.
func (b *bufferedWriter) writeShared(p []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.abandoned {
		return
	}
	if b.status == 0 {
		b.status = http.StatusOK
	}
	if b.shared == nil && b.body.Len() == 0 {
		b.shared = p
		return
	}
	b.flushShared()
	b.body.Write(p)
}

// flushShared moves a held shared answer into body, before more is written.
func (b *bufferedWriter) flushShared() {
	if b.shared != nil {
		b.body.Write(b.shared)
		b.shared = nil
	}
}

func (b *bufferedWriter) abandon() {
	b.mu.Lock()
	b.abandoned = true
	b.mu.Unlock()
}

func (b *bufferedWriter) copyTo(w http.ResponseWriter) {
	b.mu.Lock()
	defer b.mu.Unlock()
	dst := w.Header()
	for k, v := range b.header {
		dst[k] = v
	}
	if b.status == 0 {
		b.status = http.StatusOK
	}
	w.WriteHeader(b.status)
	if b.shared != nil {
		_, _ = w.Write(b.shared)
		return
	}
	_, _ = w.Write(b.body.Bytes())
}
