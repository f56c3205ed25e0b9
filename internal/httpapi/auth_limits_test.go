package httpapi_test

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// behindProxy starts a server that believes X-Forwarded-For from the test
// client (127.0.0.1), so each call can come from another address.
func behindProxy(t *testing.T, db *store.DB, clk *clock) *env {
	t.Helper()
	return start(t, db, options{now: clk.Now, env: map[string]string{"PLATTER_TRUSTED_PROXIES": "127.0.0.1/32,::1/128"}})
}

// TestSignInDelayPerAccount: wrong passwords for one account from 40
// addresses are not all checked; past a free allowance each failure doubles
// the wait before the next try (1429 with Retry-After), and once the wait is
// over the owner signs in with the right password: a delay, not a lockout.
func TestSignInDelayPerAccount(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
		e := behindProxy(t, db, clk)
		signUpVerified(t, e, clk, "demo-burgers", "ola@example.test")
		try := func(ip, pw string) *response {
			return e.call("auth/signin", data("business_slug", "demo-burgers", "email", "ola@example.test", "password", pw),
				"X-Forwarded-For", ip)
		}
		var wrong, limited int
		for i := 0; i < 40; i++ {
			r := try(fmt.Sprintf("198.51.100.%d", i+1), "Wrong-pass-1")
			switch r.Status {
			case 401:
				wrong++
			case 429:
				limited++
				if ra, _ := strconv.Atoi(r.Header.Get("Retry-After")); ra < 1 {
					t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
				}
			default:
				t.Fatalf("attempt %d: %s", i+1, r.Raw)
			}
		}
		if limited == 0 || wrong > 20 {
			t.Fatalf("40 wrong passwords from 40 addresses: %d checked, %d delayed", wrong, limited)
		}
		// Even the right password waits while the delay runs (otherwise the
		// delay would still answer the attacker's guesses).
		r := try("203.0.113.9", "Sesame-open-1")
		r.wantError(t, 429, 1429)
		wait, _ := strconv.Atoi(r.Header.Get("Retry-After"))
		if wait < 1 || wait > 15*60 {
			t.Fatalf("Retry-After %d", wait)
		}
		clk.Add(time.Duration(wait) * time.Second)
		bearerOf(try("203.0.113.9", "Sesame-open-1"), t)
		// Success clears the count: the next mistake is answered at once.
		try("203.0.113.9", "Wrong-pass-1").wantError(t, 401, 2061)
	})
}

// TestIPv6ClientsGroupedBy64: a client holds a whole /64, so addresses in
// one /64 share one per-IP limit, while another /64 has its own.
func TestIPv6ClientsGroupedBy64(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	clk := &clock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
	e := behindProxy(t, db, clk)
	guest := data("business_slug", "demo-burgers")
	for i := 0; i < 100; i++ {
		if r := e.call("auth/guest", guest, "X-Forwarded-For", fmt.Sprintf("2001:db8:1:2::%x", i+1)); r.Status != 200 {
			t.Fatalf("guest %d: %s", i+1, r.Raw)
		}
	}
	e.call("auth/guest", guest, "X-Forwarded-For", "2001:db8:1:2:ffff::1").wantError(t, 429, 1429)
	if r := e.call("auth/guest", guest, "X-Forwarded-For", "2001:db8:1:3::1"); r.Status != 200 {
		t.Errorf("another /64 was limited: %s", r.Raw)
	}
	if r := e.call("auth/guest", guest, "X-Forwarded-For", "192.0.2.1"); r.Status != 200 {
		t.Errorf("an IPv4 client was limited: %s", r.Raw)
	}
}

// TestLookupLimits: address search, place detail and phone validation
// spend the operator's geocoder quota, so one client is limited (1429 with
// Retry-After), per IP and, for a signed-in caller, per session; other
// clients are not held back.
func TestLookupLimits(t *testing.T) {
	t.Parallel()
	calls := map[string]map[string]any{
		"address/find-address":         filter("query", "Krak"),
		"address/find-address-detail":  filter("place_id", "gn:nowhere"),
		"user/validate-contact-number": filter("contact_number", "+447911123456"),
	}
	for path, body := range calls {
		t.Run(path, func(t *testing.T) {
			db := storetest.Open(t, store.SQLite)
			clk := &clock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
			e := behindProxy(t, db, clk)
			n := 0
			var r *response
			for n = 0; n < 500; n++ {
				if r = e.call(path, body, "X-Forwarded-For", "198.51.100.7"); r.Status == 429 {
					break
				}
			}
			if n == 500 {
				t.Fatalf("500 calls from one address were all answered")
			}
			r.wantError(t, 429, 1429)
			if ra, _ := strconv.Atoi(r.Header.Get("Retry-After")); ra < 1 || ra > 60 {
				t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
			}
			if r := e.call(path, body, "X-Forwarded-For", "198.51.100.8"); r.Status == 429 {
				t.Errorf("another address was limited")
			}
			clk.Add(time.Minute)
			if r := e.call(path, body, "X-Forwarded-For", "198.51.100.7"); r.Status == 429 {
				t.Errorf("still limited in the next minute")
			}

			// One session from many addresses is limited too.
			auth := bearerOf(e.call("auth/guest", data("business_slug", "demo-burgers"), "X-Forwarded-For", "192.0.2.1"), t)
			clk.Add(time.Minute)
			limited := false
			for i := 0; i < n+1 && !limited; i++ {
				r := e.call(path, body, append(auth, "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i%250+1))...)
				limited = r.Status == 429
			}
			if !limited {
				t.Errorf("one session from many addresses was not limited after %d calls", n+1)
			}
		})
	}
}
