package httpapi_test

import (
	"strconv"
	"testing"
	"time"

	"platter/internal/store/storetest"
)

// TestForwardedForOnlyFromTrustedProxies checks how rate limits tell clients
// apart: X-Forwarded-For counts only when the peer is a configured proxy.
func TestForwardedForOnlyFromTrustedProxies(t *testing.T) {
	t.Parallel()
	signin := data("business_slug", "demo-burgers", "email", "mallory@example.test", "password", "Wrong-pass-1")
	burst := func(e *env, xff string) int {
		status := 0
		for i := 0; i < 11; i++ {
			status = e.call("auth/signin", signin, "X-Forwarded-For", xff).Status
		}
		return status
	}

	t.Run("untrusted peer: a forged header changes nothing", func(t *testing.T) {
		c := &clock{t: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)}
		e := start(t, storetest.Open(t, "sqlite"), options{now: c.Now})
		for i := 0; i < 10; i++ {
			e.call("auth/signin", signin, "X-Forwarded-For", "198.51.100."+strconv.Itoa(i+1))
		}
		e.call("auth/signin", signin, "X-Forwarded-For", "198.51.100.99").wantError(t, 429, 1429)
	})
	t.Run("trusted proxy: clients behind it are counted apart", func(t *testing.T) {
		// A fixed clock: a burst that straddled a minute's edge would fall
		// into two rate-limit windows.
		c := &clock{t: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)}
		e := start(t, storetest.Open(t, "sqlite"), options{now: c.Now,
			env: map[string]string{"PLATTER_TRUSTED_PROXIES": "127.0.0.1"}})
		if got := burst(e, "203.0.113.5"); got != 429 {
			t.Fatalf("11th sign-in from one client: %d, want 429", got)
		}
		// Another customer behind the same load balancer is not locked out;
		// a spoofed left-most entry does not pick the key either.
		r := e.call("auth/signin", signin, "X-Forwarded-For", "203.0.113.5, 203.0.113.6")
		r.wantError(t, 401, 2061)
	})
}

// TestRequestIDOnlyFromTrustedProxies: a client cannot choose the id its
// request is logged under; a trusted load balancer can (issue 8).
func TestRequestIDOnlyFromTrustedProxies(t *testing.T) {
	t.Parallel()
	const chosen = "chosen-by-client-0001"
	t.Run("untrusted peer", func(t *testing.T) {
		e := start(t, storetest.Open(t, "sqlite"), options{})
		r := e.call("no/such/call", nil, "X-Request-Id", chosen)
		if id := r.Header.Get("X-Request-Id"); id == chosen || id == "" || r.Body["request_id"] != id {
			t.Errorf("X-Request-Id %q, body %v", id, r.Body["request_id"])
		}
	})
	t.Run("trusted proxy", func(t *testing.T) {
		e := start(t, storetest.Open(t, "sqlite"), options{env: map[string]string{"PLATTER_TRUSTED_PROXIES": "127.0.0.0/8"}})
		r := e.call("no/such/call", nil, "X-Request-Id", chosen)
		if id := r.Header.Get("X-Request-Id"); id != chosen || r.Body["request_id"] != chosen {
			t.Errorf("X-Request-Id %q, body %v", id, r.Body["request_id"])
		}
		// Even a trusted proxy's id must be sane to be kept.
		if id := e.call("no/such/call", nil, "X-Request-Id", "bad id\u00e9").Header.Get("X-Request-Id"); id == "bad id\u00e9" {
			t.Error("an insane id was kept")
		}
	})
}
