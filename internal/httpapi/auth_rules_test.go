package httpapi_test

import (
	"strconv"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// signUpVerified signs an address up at a scheme and verifies it; it
// returns the Authorization header of the new session.
func signUpVerified(t *testing.T, e *env, clk *clock, slug, email string) []string {
	t.Helper()
	e.call("auth/signup", signUpBody(slug, email))
	v := e.call("auth/verify", data("business_slug", slug, "email", email, "code", lastCode(t, e.db, email)))
	clk.Add(2 * time.Minute) // past the per-address mail limit
	return bearerOf(v, t)
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
		e := startAuth(t, db, clk.Now, nil)
		wrong := data("business_slug", "demo-burgers", "email", "x@example.test", "password", "Wrong-pass-1")
		for i := 0; i < 10; i++ {
			e.call("auth/signin", wrong).wantError(t, 401, 2061)
		}
		clk.Add(20 * time.Second)
		r := e.call("auth/signin", wrong)
		r.wantError(t, 429, 1429)
		if ra, _ := strconv.Atoi(r.Header.Get("Retry-After")); ra != 40 {
			t.Errorf("Retry-After %q, want 40", r.Header.Get("Retry-After"))
		}
		// Another address from the same IP is not held back by this one.
		e.call("auth/signin", data("business_slug", "demo-burgers", "email", "y@example.test", "password", "Wrong-pass-1")).
			wantError(t, 401, 2061)
		clk.Add(time.Minute)
		e.call("auth/signin", wrong).wantError(t, 401, 2061)

		// Codes: once a minute and five times an hour per address.
		resend := data("business_slug", "demo-burgers", "email", "z@example.test")
		e.call("auth/resend-confirmation", resend)
		e.call("auth/resend-confirmation", resend).wantError(t, 429, 1429)
		for i := 0; i < 4; i++ {
			clk.Add(61 * time.Second)
			if r := e.call("auth/resend-confirmation", resend); r.Status != 200 {
				t.Fatalf("resend %d: %s", i+2, r.Raw)
			}
		}
		clk.Add(61 * time.Second)
		e.call("auth/resend-confirmation", resend).wantError(t, 429, 1429)
	})
}

func TestPerIPLimit(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	clk := &clock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
	e := startAuth(t, db, clk.Now, nil)
	for i := 0; i < 100; i++ {
		e.call("auth/guest", data("business_slug", "demo-burgers"))
	}
	e.call("auth/guest", data("business_slug", "demo-burgers")).wantError(t, 429, 1429)
}

func TestCodeExpiryAndAttempts(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		verify := func(code string) *response {
			return e.call("auth/verify", data("business_slug", "demo-burgers", "email", "eve@example.test", "code", code))
		}
		e.call("auth/signup", signUpBody("demo-burgers", "eve@example.test"))
		code := lastCode(t, db, "eve@example.test")
		clk.Add(15*time.Minute + time.Second)
		verify(code).wantError(t, 400, 2063)

		e.call("auth/resend-confirmation", data("business_slug", "demo-burgers", "email", "eve@example.test"))
		code = lastCode(t, db, "eve@example.test")
		bad := "000000"
		if code == bad {
			bad = "111111"
		}
		for i := 0; i < 4; i++ {
			verify(bad).wantError(t, 400, 2063)
		}
		verify(bad).wantError(t, 400, 2064)
		verify(code).wantError(t, 400, 2064) // void, even with the right code now
		verify("12a456").wantError(t, 400, 1000)

		// Until verified, the right password answers 2062 (go to Verify) and mails a code.
		clk.Add(2 * time.Minute)
		before := len(outbox(t, db, "eve@example.test"))
		r := e.call("auth/signin", data("business_slug", "demo-burgers", "email", "eve@example.test", "password", "Sesame-open-1"))
		r.wantError(t, 403, 2062)
		if after := len(outbox(t, db, "eve@example.test")); after != before+1 {
			t.Errorf("sign-in of an unverified account queued %d mails", after-before)
		}
		verify(lastCode(t, db, "eve@example.test"))
	})
}

func TestResetRevokesEverySession(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		first := signUpVerified(t, e, clk, "demo-burgers", "rob@example.test")
		signin := func(pw string) *response {
			return e.call("auth/signin", data("business_slug", "demo-burgers", "email", "rob@example.test", "password", pw))
		}
		second := bearerOf(signin("Sesame-open-1"), t)
		e.call("auth/forgotten-password", data("business_slug", "demo-burgers", "email", "rob@example.test"))
		code := lastCode(t, db, "rob@example.test")
		reset := func(pw string) *response {
			return e.call("auth/reset-password", data("business_slug", "demo-burgers", "email", "rob@example.test",
				"code", code, "password", pw))
		}
		r := reset("weak")
		r.wantError(t, 400, 1000)
		if f, _ := r.Body["fields"].(map[string]any); f["password"] == nil {
			t.Errorf("no password field: %s", r.Raw)
		}
		third := bearerOf(reset("New-sesame-2"), t)
		e.call("user/info", nil, first...).wantError(t, 401, 1401)
		e.call("user/info", nil, second...).wantError(t, 401, 1401)
		e.call("user/info", nil, third...)
		signin("Sesame-open-1").wantError(t, 401, 2061)
		bearerOf(signin("New-sesame-2"), t)
	})
}

func TestSchemeIsolation(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		burgers := signUpVerified(t, e, clk, "demo-burgers", "kim@example.test")
		// The same address at another scheme is a new, separate account.
		e.call("auth/signup", data("business_slug", "demo-pierogi", "email", "kim@example.test",
			"password", "Pierogi-pass-9", "first_name", "Kim", "last_name", "Lee", "contact_number", "+48 601 234 567"))
		if ms := outbox(t, db, "kim@example.test"); ms[len(ms)-1].Kind != "verify" {
			t.Fatalf("the second scheme treated the address as registered: %+v", ms[len(ms)-1])
		}
		v := e.call("auth/verify", data("business_slug", "demo-pierogi", "email", "kim@example.test",
			"code", lastCode(t, db, "kim@example.test")))
		pierogi := bearerOf(v, t)
		a := e.call("user/info", nil, burgers...).data(t)
		b := e.call("user/info", nil, pierogi...).data(t)
		if a["id"] == b["id"] || b["first_name"] != "Kim" || b["contact_number"] != "+48601234567" {
			t.Errorf("accounts: %v / %v", a, b)
		}
		e.call("user/info", filter("business_slug", "demo-pierogi"), burgers...).wantError(t, 401, 1401)
		e.call("user/info", filter("business_slug", "demo-burgers"), pierogi...).wantError(t, 401, 1401)
		e.call("auth/signin", data("business_slug", "demo-pierogi", "email", "kim@example.test",
			"password", "Sesame-open-1")).wantError(t, 401, 2061)
	})
}

func TestGuestAndSlidingExpiry(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		g := e.call("auth/guest", data("business_slug", "demo-pierogi"))
		if u := g.data(t)["user"].(map[string]any); u["is_guest"] != true || u["email"] != "" {
			t.Errorf("guest: %s", g.Raw)
		}
		auth := bearerOf(g, t)
		for i := 0; i < 3; i++ { // used every 20 days: the expiry slides
			clk.Add(20 * 24 * time.Hour)
			if info := e.call("user/info", nil, auth...).data(t); info["is_guest"] != true {
				t.Fatalf("guest info: %v", info)
			}
		}
		clk.Add(31 * 24 * time.Hour)
		e.call("user/info", nil, auth...).wantError(t, 401, 1401)
		e.call("user/info", nil, "Authorization", "Bearer nonsense").wantError(t, 401, 1401)
		e.call("auth/guest", data("business_slug", "nowhere")).wantError(t, 404, 1404)
	})
}

func TestSignUpValidation(t *testing.T) {
	t.Parallel()
	e := startAuth(t, storetest.Open(t, store.SQLite), nil, nil)
	r := e.call("auth/signup", data("business_slug", "demo-burgers", "email", "not-an-email", "password", "short",
		"first_name", " ", "contact_number", "+44 12"), "Accept-Language", "pl-PL")
	r.wantError(t, 400, 1000)
	f := r.Body["fields"].(map[string]any)
	want := map[string]string{"email": "Adres e-mail jest nieprawidłowy", "first_name": "Imię jest wymagane",
		"last_name": "Nazwisko jest wymagane", "contact_number": "Numer telefonu jest nieprawidłowy"}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s: %v, want %q", k, f[k], v)
		}
	}
	if f["password"] == nil || len(r.Body["batch_messages"].([]any)) != 5 {
		t.Errorf("fields: %s", r.Raw)
	}
}
