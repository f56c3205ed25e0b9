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
		w.Header().Set("Cache-Control", "no-store")
		if _, raw := s.rawRoutes[strings.TrimPrefix(r.URL.Path, "/api/v3/")]; raw {
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
		r.Body = io.NopCloser(bytes.NewReader(body))
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
	bw := &bufferedWriter{header: w.Header().Clone()}
	done := make(chan any, 1)
	go func() {
		defer func() {
			p := recover()
			if p != nil && p != http.ErrAbortHandler {
				p = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
			done <- p
		}()
		next.ServeHTTP(bw, r)
	}()
	select {
	case p := <-done:
		if p != nil {
			panic(p)
		}
		if bw.status == http.StatusOK && publicCalls[strings.TrimPrefix(r.URL.Path, "/api/v3/")] &&
			bw.header.Get("Cache-Control") == "no-store" {
			bw.header.Del("Cache-Control")
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
	return b.body.Write(p)
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
	for k := range dst {
		if _, ok := b.header[k]; !ok {
			delete(dst, k)
		}
	}
	for k, v := range b.header {
		dst[k] = v
	}
	if b.status == 0 {
		b.status = http.StatusOK
	}
	w.WriteHeader(b.status)
	_, _ = w.Write(b.body.Bytes())
}
