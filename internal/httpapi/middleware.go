package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"runtime/debug"
	"strings"

	"platter/internal/i18n"
	"platter/internal/platter"
)

type ctxKey int

const requestIDKey ctxKey = 1

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// requestID returns the id the middleware gave the request.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// withRequestID gives each request an id and echoes it in the response
// headers. A sane incoming X-Request-Id is kept only from a trusted proxy
// (PLATTER_TRUSTED_PROXIES): a client must not choose the id its request is
// logged under, e.g. to make its requests look like someone else's.
func (s *Server) withRequestID(next http.Handler) http.Handler {
	if s.tracing != nil {
		return s.withTrace(next)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || !validRequestID.MatchString(id) || !s.fromTrustedProxy(r) {
			var b [12]byte
			var x [24]byte
			_, _ = rand.Read(b[:])
			hex.Encode(x[:], b[:])
			id = string(x[:])
		}
		ctx := &requestIDCtx{Context: r.Context(), id: id}
		ctx.header[0] = id
		w.Header()["X-Request-Id"] = ctx.header[:]
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// requestIDCtx carries the request id: context.WithValue's job, with the
// header's value in the same allocation (a cached menu/list call allocated
// the id's context, its boxed value and the header's slice apart; issue 23).
type requestIDCtx struct {
	context.Context
	id     string
	header [1]string
}

func (c *requestIDCtx) Value(key any) any {
	if key == requestIDKey {
		return c.id
	}
	return c.Context.Value(key)
}

// fromTrustedProxy reports whether the peer of r is a trusted proxy.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	return err == nil && s.trusted(peer)
}

// withRecover turns a panic into a 500 envelope (code 1500) and logs it with
// the request id and stack, so the user's report can be matched to the log.
func (s *Server) withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v) // the client went away: let net/http handle it quietly
			}
			s.log.Error("panic", "request_id", requestID(r.Context()), "path", r.URL.Path,
				"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
			e := &platter.Error{Code: platter.CodeInternal, Message: "error.internal"}
			s.writeError(w, r, lang, e)
		}()
		next.ServeHTTP(w, r)
	})
}

// Header values every response shares (withSecurityHeaders, writeReply): never changed in place.
var (
	nosniff        = []string{"nosniff"}
	referrerPolicy = []string{"strict-origin-when-cross-origin"}
	frameDeny      = []string{"DENY"}
	jsonType       = []string{"application/json; charset=utf-8"}
)

// withSecurityHeaders sets the CSP (allowing the map tile host, and
// Stripe's hosts only when PLATTER_PAYMENTS=stripe: Stripe.js, its API and
// its card frames) and the other headers every response carries.
func (s *Server) withSecurityHeaders(next http.Handler) http.Handler {
	img := "'self' data: blob:"
	script, connect, frame := "'self'", "'self'", ""
	if s.cfg != nil {
		if h := s.cfg.TileHost(); h != "" {
			img += " " + h
		}
		if s.cfg.Payments == "stripe" {
			// Stripe's list for the Payment Element (docs.stripe.com/security/guide#content-security-policy).
			script += " https://js.stripe.com https://*.js.stripe.com"
			connect += " https://api.stripe.com"
			frame = "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com"
			img += " https://*.stripe.com"
		}
	}
	directives := []string{
		"default-src 'self'",
		"script-src " + script,
		"style-src 'self' 'unsafe-inline'",
		"img-src " + img,
		"font-src 'self' data:",
		"connect-src " + connect,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}
	if frame != "" {
		directives = append(directives, frame)
	}
	csp := []string{strings.Join(directives, "; ")}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The values' slices are shared by every response, not made per
		// request (h.Set would): safe, since each has len == cap, so Add
		// copies before appending, and Set and Del replace the slice.
		h := w.Header()
		h["Content-Security-Policy"] = csp
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = referrerPolicy
		h["X-Frame-Options"] = frameDeny
		next.ServeHTTP(w, r)
	})
}
