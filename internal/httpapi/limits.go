package httpapi

import (
	"log"
	"net/http"
	"time"

	"platter/internal/i18n"
	"platter/internal/platter"
)

// Timeouts bound one connection and one envelope call. A zero field takes
// its default (DefaultTimeouts).
type Timeouts struct {
	// ReadHeader bounds the request line and headers.
	ReadHeader time.Duration
	// Read bounds the whole request, body included: a client that sends
	// headers and then trickles (or stalls) its body is cut off, so idle
	// sockets cannot pile up until the process runs out of descriptors.
	Read time.Duration
	// Idle bounds a keep-alive connection between requests.
	Idle time.Duration
	// Call bounds one envelope call from dispatch to answer: past it the
	// caller gets 503 code 1503 in the envelope and the handler's context is
	// cancelled. It must stay below Read, since net/http cancels a request's
	// context when the read deadline passes while its handler still runs.
	Call time.Duration
}

// DefaultTimeouts are the production timeouts.
var DefaultTimeouts = Timeouts{ReadHeader: 10 * time.Second, Read: 30 * time.Second,
	Idle: 120 * time.Second, Call: 20 * time.Second}

func (t Timeouts) withDefaults() Timeouts {
	d := DefaultTimeouts
	if t.ReadHeader > 0 {
		d.ReadHeader = t.ReadHeader
	}
	if t.Read > 0 {
		d.Read = t.Read
	}
	if t.Idle > 0 {
		d.Idle = t.Idle
	}
	if t.Call > 0 {
		d.Call = t.Call
	}
	return d
}

// Header limits. net/http answers headers over MaxHeaderBytes itself, in
// plain text; we set it well above our own limit and answer everything in
// between with a 431 envelope (code 1431) from withHeaderLimit.
const (
	maxHeaderBytes    = 64 << 10 // what we accept
	stdlibHeaderBytes = 1 << 20  // http.Server.MaxHeaderBytes: net/http's own limit
)

// HTTPServer is the *http.Server to run Handler with: the timeouts above and
// a header limit just above ours. WriteTimeout is deliberately not set: it
// would cut the coming order stream (server-sent events) off; envelope
// calls get a write deadline of their own (withCallLimits) and the stream
// will clear its read and write deadlines through http.ResponseController.
func (s *Server) HTTPServer(errorLog *log.Logger) *http.Server {
	srv := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: s.timeouts.ReadHeader,
		ReadTimeout:       s.timeouts.Read,
		IdleTimeout:       s.timeouts.Idle,
		MaxHeaderBytes:    stdlibHeaderBytes,
		ErrorLog:          errorLog,
	}
	// Shutdown waits for handlers to return, and an event stream never
	// would: end them when it starts.
	srv.RegisterOnShutdown(s.streams.close)
	return srv
}

// headerBytes is the size of the request line and headers, counted as
// net/http counts them against MaxHeaderBytes (near enough: ": " and CRLF).
func headerBytes(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4 + len("Host: ") + len(r.Host) + 2
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// withHeaderLimit refuses requests whose headers exceed maxHeaderBytes with
// a 431 envelope, where net/http would answer plain text.
func (s *Server) withHeaderLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if headerBytes(r) > maxHeaderBytes {
			w.Header().Set("Connection", "close")
			s.writeError(w, r, i18n.Negotiate(r.Header.Get("Accept-Language")),
				&platter.Error{Code: platter.CodeHeaderTooLarge, Message: "error.headers_too_large"})
			return
		}
		next.ServeHTTP(w, r)
	})
}
