package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"platter/internal/notify/mailer"
	"platter/internal/notify/mailtest"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// mailEnv is a server whose mail goes through the real worker to a real
// SMTP server, as in production.
type mailEnv struct {
	*env
	smtp *mailtest.Server
}

// The worker sends on the real clock, so tests start the server's clock
// in the past and move it forward from there.
func startWithSMTP(t *testing.T, db *store.DB, now func() time.Time) *mailEnv {
	t.Helper()
	smtp := mailtest.Start(t, mailtest.Options{})
	sender, err := mailer.NewSMTP("smtp://"+smtp.Addr, "Platter <no-reply@example.test>")
	if err != nil {
		t.Fatal(err)
	}
	w := mailer.NewWorker(db, sender, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return &mailEnv{env: startAuth(t, db, now, w.Poke), smtp: smtp}
}

// waitMails waits until n messages reached `to` and returns them in the
// order the SMTP server received them.
func (m *mailEnv) waitMails(t *testing.T, to string, n int) []mailtest.Mail {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var got []mailtest.Mail
		for _, r := range m.smtp.Received() {
			if r.To == to {
				got = append(got, r)
			}
		}
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d mails to %s, want %d", len(got), to, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// codeIn is the 6-digit code of a received mail.
func codeIn(t *testing.T, m mailtest.Mail) string {
	t.Helper()
	text, _ := m.Parts(t)
	code := codeRE.FindString(text)
	if code == "" {
		t.Fatalf("no code in %q", text)
	}
	// Its validity is a count (account.CodeTTL), in its plural form.
	if !strings.Contains(text, "valid for 15 minutes.") && !strings.Contains(text, "ważny przez 15 minut.") {
		t.Errorf("the code mail does not say it is valid for 15 minutes: %q", text)
	}
	return code
}

// TestLaterSignUpCannotTakeOverPending is the attack of issue 8: a victim
// signs up, an attacker signs up with the victim's address 61 s later (or
// before), and the victim types the newest code from their mailbox. The
// attacker's password must never sign in, and the attacker's profile is
// never applied over the first one. When two sign-ups with different
// passwords compete for one pending address, nobody can tell which one the
// mailbox owner made, so the code proves the mailbox and signs its holder
// in, and the password is then chosen through forgotten-password.
func TestLaterSignUpCannotTakeOverPending(t *testing.T) {
	t.Parallel()
	const victimPW, attackerPW = "Victim-pass-1", "Attacker-pass-1"
	signUp := func(e *mailEnv, first, pw string) {
		t.Helper()
		r := e.call("auth/signup", data("business_slug", "demo-burgers", "email", "vic@example.test", "password", pw,
			"first_name", first, "last_name", "X", "contact_number", "+447911123456"))
		if r.Status != 200 {
			t.Fatalf("signup %s: %s", first, r.Raw)
		}
	}
	signIn := func(e *mailEnv, pw string) *response {
		return e.call("auth/signin", data("business_slug", "demo-burgers", "email", "vic@example.test", "password", pw))
	}
	for _, order := range []string{"victim first", "attacker first"} {
		t.Run(order, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, db *store.DB) {
				clk := &clock{t: time.Now().Add(-10 * time.Minute)} // behind the worker's real clock
				e := startWithSMTP(t, db, clk.Now)
				if order == "victim first" {
					signUp(e, "Victoria", victimPW)
					clk.Add(61 * time.Second)
					signUp(e, "Mallory", attackerPW)
				} else {
					signUp(e, "Mallory", attackerPW)
					clk.Add(61 * time.Second)
					signUp(e, "Victoria", victimPW)
				}
				mails := e.waitMails(t, "vic@example.test", 2)
				v := e.call("auth/verify", data("business_slug", "demo-burgers", "email", "vic@example.test",
					"code", codeIn(t, mails[len(mails)-1])))
				auth := bearerOf(v, t)
				e.call("user/info", nil, auth...)
				if r := signIn(e, attackerPW); r.Status == 200 || r.Status == 403 {
					t.Fatalf("the attacker's password was applied: %d %s", r.Status, r.Raw)
				}
				signIn(e, attackerPW).wantError(t, 401, 2061)
				// The mailbox owner chooses the password with a reset code.
				clk.Add(2 * time.Minute)
				e.call("auth/forgotten-password", data("business_slug", "demo-burgers", "email", "vic@example.test"))
				reset := e.waitMails(t, "vic@example.test", 3)
				e.call("auth/reset-password", data("business_slug", "demo-burgers", "email", "vic@example.test",
					"code", codeIn(t, reset[2]), "password", "Victim-pass-2"))
				bearerOf(signIn(e, "Victim-pass-2"), t)
				signIn(e, attackerPW).wantError(t, 401, 2061)
			})
		})
	}
	// The same person signing up twice with the same password (the first
	// mail was slow) keeps that password and the first profile.
	t.Run("same password twice", func(t *testing.T) {
		db := storetest.Open(t, store.SQLite)
		clk := &clock{t: time.Now().Add(-10 * time.Minute)} // behind the worker's real clock
		e := startWithSMTP(t, db, clk.Now)
		signUp(e, "Victoria", victimPW)
		clk.Add(61 * time.Second)
		signUp(e, "Vicky", victimPW)
		mails := e.waitMails(t, "vic@example.test", 2)
		v := e.call("auth/verify", data("business_slug", "demo-burgers", "email", "vic@example.test",
			"code", codeIn(t, mails[1])))
		if u := v.data(t)["user"].(map[string]any); u["first_name"] != "Victoria" {
			t.Errorf("profile of the later sign-up applied: %v", u)
		}
		bearerOf(signIn(e, victimPW), t)
	})
}
