package httpapi_test

import (
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestLookAlikeAddressesReachNoAccount is the Kelvin-sign finding of issue
// 8: "\u212aate@example.test" (K is U+212A KELVIN SIGN) is the same account
// as kate@example.test once normalised (NFKC + case fold), so every mail
// about that account goes to the address the account was registered with,
// never to the look-alike as typed.
func TestLookAlikeAddressesReachNoAccount(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		signUpVerified(t, e, clk, "demo-burgers", "kate@example.test")
		const kelvin = "\u212aate@example.test"
		before := len(outbox(t, db, "kate@example.test"))

		r := e.call("auth/forgotten-password", data("business_slug", "demo-burgers", "email", kelvin))
		if r.Status != 200 {
			t.Fatalf("forgotten-password: %s", r.Raw)
		}
		if n := len(outbox(t, db, kelvin)); n != 0 {
			t.Fatalf("%d mails went to the look-alike address", n)
		}
		ms := outbox(t, db, "kate@example.test")
		if len(ms) != before+1 || ms[len(ms)-1].Kind != "reset" {
			t.Fatalf("the account's own address got %+v", ms[before:])
		}

		clk.Add(2 * time.Minute)
		e.call("auth/signup", signUpBody("demo-burgers", "KATE@EXAMPLE.TEST "))
		e.call("auth/signup", signUpBody("demo-burgers", "\uff4bate@example.test")) // fullwidth k
		e.call("auth/resend-confirmation", data("business_slug", "demo-burgers", "email", kelvin))
		for _, to := range []string{kelvin, "KATE@EXAMPLE.TEST", "\uff4bate@example.test"} {
			if n := len(outbox(t, db, to)); n != 0 {
				t.Errorf("%d mails went to %q", n, to)
			}
		}
		// The look-alike signs in to the one account: it is the same address.
		in := e.call("auth/signin", data("business_slug", "demo-burgers", "email", kelvin, "password", "Sesame-open-1"))
		if u := in.data(t)["user"].(map[string]any); u["email"] != "kate@example.test" {
			t.Errorf("signed in as %v", u)
		}
	})
}
