package httpapi_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestStaffSignIn: a platform user signs in at a scheme it belongs to, with
// its roles there, and nowhere else.
func TestStaffSignIn(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startAuth(t, db, nil, nil)
		hash, err := account.HashPassword("Platter-demo-1")
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.UpsertPlatformUser(context.Background(), store.PlatformUser{Email: "driver@demo.test",
			PasswordHash: hash, Role: account.RoleDriver, SchemeSlug: "demo-burgers"}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		in := e.call("auth/signin", data("business_slug", "demo-burgers", "email", "driver@demo.test", "password", "Platter-demo-1"))
		u := in.data(t)["user"].(map[string]any)
		if roles := u["roles"].([]any); len(roles) != 1 || roles[0] != "driver" {
			t.Errorf("roles: %v", u)
		}
		info := e.call("user/info", nil, bearerOf(in, t)...).data(t)
		if info["business_slug"] != "demo-burgers" || len(info["roles"].([]any)) != 1 {
			t.Errorf("user/info: %v", info)
		}
		e.call("auth/signin", data("business_slug", "demo-pierogi", "email", "driver@demo.test", "password", "Platter-demo-1")).
			wantError(t, 401, 2061)
	})
}

// TestSecondSignUpBeforeVerification: earlier codes are void once a later
// sign-up asks for one, and when two sign-ups with different passwords
// claim one pending address neither password is applied (nobody can tell
// which one the mailbox owner made): the code signs its holder in, who
// then chooses a password with forgotten-password. See also
// TestLaterSignUpCannotTakeOverPending.
func TestSecondSignUpBeforeVerification(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		e.call("auth/signup", signUpBody("demo-burgers", "twice@example.test"))
		stranger := lastCode(t, db, "twice@example.test")
		clk.Add(61 * time.Second)
		body := signUpBody("demo-burgers", "twice@example.test")
		body["data"].(map[string]any)["password"] = "Owner-pass-7"
		e.call("auth/signup", body)
		owner := lastCode(t, db, "twice@example.test")
		if stranger != owner {
			e.call("auth/verify", data("business_slug", "demo-burgers", "email", "twice@example.test", "code", stranger)).
				wantError(t, 400, 2063)
		}
		v := e.call("auth/verify", data("business_slug", "demo-burgers", "email", "twice@example.test", "code", owner))
		e.call("user/info", nil, bearerOf(v, t)...)
		signin := func(pw string) *response {
			return e.call("auth/signin", data("business_slug", "demo-burgers", "email", "twice@example.test", "password", pw))
		}
		signin("Sesame-open-1").wantError(t, 401, 2061)
		signin("Owner-pass-7").wantError(t, 401, 2061)
	})
}
