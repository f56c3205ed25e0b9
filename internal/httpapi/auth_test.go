package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestSignUpThroughRealMail signs up, reads the code from the mail a real
// SMTP server received (sent by the worker after commit), verifies, and uses
// the token; then signs out, signs in, and checks the 2061 answer in both
// languages.
func TestSignUpThroughRealMail(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		me := startWithSMTP(t, db, nil)
		e, smtp := me.env, me.smtp

		res := e.call("auth/signup", signUpBody("demo-burgers", "Anna@Example.test"))
		if d := res.data(t); d["email"] != "Anna@Example.test" || d["verification_required"] != true {
			t.Fatalf("signup: %s", res.Raw)
		}
		m := smtp.Wait(t, "Anna@Example.test", 10*time.Second)
		text, html := m.Parts(t)
		code := codeRE.FindString(text)
		if code == "" || !strings.Contains(text, "Ember & Bun") || !strings.Contains(html, code) {
			t.Fatalf("verification mail: %q\n%s", text, html)
		}
		if !strings.Contains(m.Msg.Header.Get("From"), "no-reply@example.test") {
			t.Errorf("From %q", m.Msg.Header.Get("From"))
		}
		e.call("user/info", nil).wantError(t, 401, 1401)
		v := e.call("auth/verify", data("business_slug", "demo-burgers", "email", "anna@example.test", "code", code))
		auth := bearerOf(v, t)
		info := e.call("user/info", nil, auth...).data(t)
		if info["email"] != "Anna@Example.test" || info["first_name"] != "Anna" || info["is_guest"] != false ||
			info["contact_number"] != "+447911123456" || info["business_slug"] != "demo-burgers" {
			t.Errorf("user/info: %v", info)
		}
		if st := info["stamps"].(map[string]any); st["balance"] != 0.0 || st["per_reward"] != 8.0 {
			t.Errorf("stamps: %v", st)
		}
		e.call("auth/verify", data("business_slug", "demo-burgers", "email", "anna@example.test", "code", code)).
			wantError(t, 400, 2063) // single use

		e.call("auth/signout", nil, auth...)
		e.call("user/info", nil, auth...).wantError(t, 401, 1401)

		in := e.call("auth/signin", data("business_slug", "demo-burgers", "email", "ANNA@example.test", "password", "Sesame-open-1"))
		e.call("user/info", filter("business_slug", "demo-burgers"), bearerOf(in, t)...)

		wrong := data("business_slug", "demo-burgers", "email", "anna@example.test", "password", "Wrong-pass-1")
		r := e.call("auth/signin", wrong)
		r.wantError(t, 401, 2061)
		if r.Body["message"] != "Incorrect username or password." {
			t.Errorf("en-US: %v", r.Body["message"])
		}
		r = e.call("auth/signin", wrong, "Accept-Language", "pl-PL")
		if r.Body["message"] != "Nieprawidłowa nazwa użytkownika lub hasło." {
			t.Errorf("pl-PL: %v", r.Body["message"])
		}
		unknown := e.call("auth/signin", data("business_slug", "demo-burgers", "email", "nobody@example.test", "password", "Wrong-pass-1"))
		unknown.wantError(t, 401, 2061)
		if unknown.Body["message"] != "Incorrect username or password." {
			t.Errorf("unknown e-mail: %s", unknown.Raw)
		}
	})
}

// TestNoEnumeration checks that sign-up, resend and forgotten-password
// answer a registered address exactly as an unknown one, while the mail
// differs.
func TestNoEnumeration(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		e := startAuth(t, db, clk.Now, nil)
		e.call("auth/signup", signUpBody("demo-burgers", "known@example.test"))
		code := lastCode(t, db, "known@example.test")
		e.call("auth/verify", data("business_slug", "demo-burgers", "email", "known@example.test", "code", code))
		clk.Add(2 * time.Minute) // past the per-address mail limit

		same := func(what string, a, b *response, ea, eb string) {
			t.Helper()
			if a.Status != b.Status || strings.ReplaceAll(string(a.Raw), ea, "X") != strings.ReplaceAll(string(b.Raw), eb, "X") {
				t.Errorf("%s: registered %d %s, unknown %d %s", what, a.Status, a.Raw, b.Status, b.Raw)
			}
		}
		known := e.call("auth/signup", signUpBody("demo-burgers", "known@example.test"))
		fresh := e.call("auth/signup", signUpBody("demo-burgers", "fresh@example.test"))
		same("signup", known, fresh, "known@example.test", "fresh@example.test")
		if ms := outbox(t, db, "known@example.test"); ms[len(ms)-1].Kind != "already_registered" ||
			codeRE.MatchString(ms[len(ms)-1].Text) {
			t.Errorf("a registered address got %+v", ms[len(ms)-1])
		}

		clk.Add(2 * time.Minute)
		for _, path := range []string{"auth/resend-confirmation", "auth/forgotten-password"} {
			a := e.call(path, data("business_slug", "demo-burgers", "email", "known@example.test"))
			b := e.call(path, data("business_slug", "demo-burgers", "email", "nobody@example.test"))
			same(path, a, b, "known@example.test", "nobody@example.test")
			if a.Status != 200 {
				t.Errorf("%s: %s", path, a.Raw)
			}
		}
		if n := len(outbox(t, db, "nobody@example.test")); n != 0 {
			t.Errorf("an unknown address got %d mails", n)
		}
		if ms := outbox(t, db, "known@example.test"); ms[len(ms)-1].Kind != "reset" {
			t.Errorf("no reset mail for a registered address: %+v", ms[len(ms)-1])
		}
	})
}
