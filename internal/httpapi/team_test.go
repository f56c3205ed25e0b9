package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mailer"
	"platter/internal/notify/mailtest"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

var inviteLink = regexp.MustCompile(`https://order\.example\.test/demo-burgers/admin/invite/([A-Za-z0-9_-]+)`)

// teamEnv is a server whose mail goes through a real SMTP server, with
// links under https://order.example.test, and a manager of demo-burgers.
type teamEnv struct {
	*mailEnv
	boss []string // the manager's Authorization header
}

func startTeam(t *testing.T, db *store.DB, now func() time.Time) *teamEnv {
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
	e := start(t, db, options{now: now, poke: w.Poke, env: map[string]string{"PLATTER_PUBLIC_URL": "https://order.example.test"}})
	hash, err := account.HashPassword("Boss-pass-1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpsertPlatformUser(context.Background(), store.PlatformUser{Email: "boss@demo.test", PasswordHash: hash,
		Role: account.RoleManager, SchemeSlug: "demo-burgers"}, now()); err != nil {
		t.Fatal(err)
	}
	boss := bearerOf(e.call("auth/signin", data("business_slug", "demo-burgers", "email", "boss@demo.test",
		"password", "Boss-pass-1")), t)
	return &teamEnv{mailEnv: &mailEnv{env: e, smtp: smtp}, boss: boss}
}

// invite has the manager invite an address and returns the link's token
// from the mail it received (the n-th mail to that address).
func (m *teamEnv) invite(t *testing.T, lang, email, role, venue string, n int) (token, subject, text string) {
	t.Helper()
	body := data("business_slug", "demo-burgers", "email", email, "role", role, "venue_slug", venue)
	if role == account.RoleDriver {
		body["data"].(map[string]any)["first_name"] = "Kim"
	}
	m.call("admin/team/invite", body, append(m.boss, "Accept-Language", lang)...).data(t)
	mail := m.waitMails(t, email, n)[n-1]
	text, html := mail.Parts(t)
	found := inviteLink.FindStringSubmatch(text)
	if found == nil || !strings.Contains(html, found[0]) {
		t.Fatalf("no invitation link in the mail:\n%s", text)
	}
	// The link's lifetime is a count (account.InvitationTTL), in its plural form.
	if !strings.Contains(text, "expires in 7 days.") && !strings.Contains(text, "wygasa po 7 dniach.") {
		t.Errorf("the invitation does not say it expires in 7 days:\n%s", text)
	}
	return found[1], subjectOf(t, mail), text
}

// TestInvitationFlow: a manager invites staff of soho through the API; the
// mail (en-US, pl-PL) arrives through SMTP with a single-use link; the
// invitee sees what it invites to, sets a password (weak ones refused),
// signs in, works the board of soho only; the link is then dead; the
// manager revokes the member and the invitee's next call is 1401; a
// revoked invitation's link is dead at once; a known account accepts with
// its own password only; the outbox lists the mail.
func TestInvitationFlow(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		m := startTeam(t, db, clk.Now)

		token, s, text := m.invite(t, "pl-PL", "kim@example.test", "staff", "soho", 1)
		if !strings.Contains(s, "zaproszenie do zespołu") || !strings.Contains(text, "(rola: pracownik) w lokalu") {
			t.Errorf("pl-PL invitation: %q\n%s", s, text)
		}
		look := m.call("auth/invitation", filter("business_slug", "demo-burgers", "token", token)).data(t)
		if look["email"] != "kim@example.test" || look["role"] != "staff" || look["venue_slug"] != "soho" ||
			look["has_account"] != false || look["scheme_name"] == "" {
			t.Errorf("invitation view: %v", look)
		}
		// The link is bound to its scheme.
		m.call("auth/invitation", filter("business_slug", "demo-pierogi", "token", token)).wantError(t, 400, 2070)

		accept := func(token, password string) *response {
			return m.call("auth/accept-invitation", data("business_slug", "demo-burgers", "token", token, "password", password))
		}
		if res := accept(token, "short"); res.Status != 400 || res.Body["fields"].(map[string]any)["password"] == nil {
			t.Errorf("a weak password: %s", res.Raw)
		}
		signed := accept(token, "Kitchen-pass-1")
		kim := bearerOf(signed, t)
		if roles := signed.data(t)["user"].(map[string]any)["roles"].([]any); len(roles) != 1 || roles[0] != "staff" {
			t.Errorf("roles after accepting: %v", roles)
		}
		accept(token, "Kitchen-pass-1").wantError(t, 400, 2070)
		wantOK(t, m.call("admin/orders/list", filter("business_slug", "demo-burgers", "venue_slug", "soho"), kim...))
		m.call("admin/orders/list", filter("business_slug", "demo-burgers", "venue_slug", "shoreditch"), kim...).wantError(t, 403, 1403)
		m.call("admin/team/list", nil, kim...).wantError(t, 403, 1403)
		// Signing in again works with the chosen password.
		again := bearerOf(m.call("auth/signin", data("business_slug", "demo-burgers", "email", "kim@example.test",
			"password", "Kitchen-pass-1")), t)

		team := m.call("admin/team/list", nil, m.boss...).data(t)
		var kimID, bossID float64
		for _, mm := range team["members"].([]any) {
			mm := mm.(map[string]any)
			switch mm["email"] {
			case "kim@example.test":
				kimID = num(mm["user_id"])
			case "boss@demo.test":
				bossID = num(mm["user_id"])
			}
		}
		if kimID == 0 || len(team["invitations"].([]any)) != 0 {
			t.Fatalf("team after accepting: %v", team)
		}

		// Removing a member ends every session at once; nobody removes themselves.
		m.call("admin/team/revoke", data("user_id", bossID), m.boss...).wantError(t, 400, 1000)
		m.call("admin/team/revoke", data("user_id", kimID, "invitation_id", 1), m.boss...).wantError(t, 400, 1000)
		if n := num(m.call("admin/team/revoke", data("user_id", kimID), m.boss...).data(t)["revoked"]); n != 1 {
			t.Errorf("revoked %v memberships", n)
		}
		for _, auth := range [][]string{kim, again} {
			m.call("admin/orders/list", filter("business_slug", "demo-burgers"), auth...).wantError(t, 401, 1401)
		}
		m.call("auth/signin", data("business_slug", "demo-burgers", "email", "kim@example.test",
			"password", "Kitchen-pass-1")).wantError(t, 401, 2061)
		m.call("admin/team/revoke", data("user_id", kimID), m.boss...).wantError(t, 404, 1404)

		// Kim has an account now: a new invitation asks for its password.
		token2, s2, _ := m.invite(t, "en-US", "Kim@Example.test", "driver", "", 1)
		if !strings.Contains(s2, "you are invited to join the team") {
			t.Errorf("en-US invitation subject %q", s2)
		}
		if look := m.call("auth/invitation", filter("business_slug", "demo-burgers", "token", token2)).data(t); look["has_account"] != true {
			t.Errorf("a known address: %v", look)
		}
		accept(token2, "Other-pass-1").wantError(t, 401, 2061)
		drv := bearerOf(accept(token2, "Kitchen-pass-1"), t)
		wantOK(t, m.call("driver/orders/list", filter("business_slug", "demo-burgers"), drv...))

		// A revoked invitation's link is dead at once.
		token3, _, _ := m.invite(t, "en-US", "lee@example.test", "staff", "", 1)
		pending := m.call("admin/team/list", nil, m.boss...).data(t)["invitations"].([]any)
		if len(pending) != 1 {
			t.Fatalf("pending: %v", pending)
		}
		m.call("admin/team/revoke", data("invitation_id", pending[0].(map[string]any)["id"]), m.boss...).data(t)
		m.call("auth/invitation", filter("business_slug", "demo-burgers", "token", token3)).wantError(t, 400, 2070)
		accept(token3, "Kitchen-pass-1").wantError(t, 400, 2070)

		// Bad invitations.
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{data("email", "not-an-address", "role", "staff"), "email"},
			{data("email", "x@example.test", "role", "admin"), "role"},
			{data("email", "x@example.test", "role", "staff", "lang", "de-DE"), "lang"},
			{data("email", "x\u0000@example.test", "role", "staff"), "email"},
			{data("email", "x@example.test", "role", "staff", "venue_slug", strings.Repeat("v", 1001)), "venue_slug"},
		} {
			res := m.call("admin/team/invite", tc.body, append(m.boss, "Accept-Language", "pl-PL")...)
			if res.Status != 400 || res.Body["fields"].(map[string]any)[tc.field] == nil {
				t.Errorf("invite %v: %s", tc.body, res.Raw)
			}
		}
		m.call("admin/team/invite", data("email", "x@example.test", "role", "staff", "venue_slug", "nowhere"),
			m.boss...).wantError(t, 404, 1404)
		res := m.call("admin/team/invite", data("email", "kim@example.test", "role", "driver", "first_name", "Kim"),
			append(m.boss, "Accept-Language", "pl-PL")...)
		res.wantError(t, 400, 2071)
		if res.Body["message"] != "Ten adres ma już tę rolę tutaj." {
			t.Errorf("2071 in pl-PL: %s", res.Raw)
		}

		// The outbox lists the scheme's mail, newest first, as sent (the
		// worker marks it just after the SMTP server took it).
		var (
			out   *response
			first map[string]any
		)
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			out = m.call("admin/outbox/list", filter("page", 1), m.boss...)
			first = out.Body["data"].([]any)[0].(map[string]any)
			if first["status"] == "sent" || time.Now().After(deadline) {
				break
			}
		}
		if num(out.Body["total"]) < 3 || first["to"] != "lee@example.test" || first["kind"] != "staff_invitation" ||
			first["status"] != "sent" || first["sent_at"] == nil {
			t.Errorf("outbox: %s", out.Raw)
		}
		m.call("admin/outbox/list", filter("page", -1), m.boss...).wantError(t, 400, 1000)
	})
}

func wantOK(t *testing.T, res *response) {
	t.Helper()
	if res.Status != 200 {
		t.Fatalf("want 200, got %d: %s", res.Status, res.Raw)
	}
}

// TestDriverInvitedWithName: a driver is invited from the Team page with a
// name (without one, 1000 at first_name in the caller's language); the
// pending invitation shows it, and once accepted the board lists the
// driver by that name, not by the e-mail address. Staff need no name.
func TestDriverInvitedWithName(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		m := startTeam(t, db, clk.Now)
		res := m.call("admin/team/invite", data("email", "dan@example.test", "role", "driver", "first_name", "  "),
			append(m.boss, "Accept-Language", "pl-PL")...)
		res.wantError(t, 400, 1000)
		if got := res.Body["fields"].(map[string]any)["first_name"]; got != "Podaj imię kierowcy: tablica zamówień pokazuje je przy przydzielaniu zamówienia." {
			t.Errorf("first_name refusal in pl-PL: %v", got)
		}
		m.call("admin/team/invite", data("email", "dan@example.test", "role", "driver", "first_name", "Dan",
			"last_name", strings.Repeat("x", 101)), m.boss...).wantError(t, 400, 1000)
		wantOK(t, m.call("admin/team/invite", data("email", "sam@example.test", "role", "staff"), m.boss...))

		inv := m.call("admin/team/invite", data("email", "dan@example.test", "role", "driver", "first_name", " Dan ",
			"last_name", "Driver"), m.boss...).data(t)
		if inv["first_name"] != "Dan" || inv["last_name"] != "Driver" {
			t.Errorf("invitation: %v", inv)
		}
		listed := false
		for _, p := range m.call("admin/team/list", nil, m.boss...).data(t)["invitations"].([]any) {
			p := p.(map[string]any)
			listed = listed || p["email"] == "dan@example.test" && p["first_name"] == "Dan" && p["last_name"] == "Driver"
		}
		if !listed {
			t.Error("the pending invitation does not name the driver")
		}
		mails := m.waitMails(t, "dan@example.test", 1)
		text, _ := mails[0].Parts(t)
		found := inviteLink.FindStringSubmatch(text)
		if found == nil {
			t.Fatalf("no link:\n%s", text)
		}
		wantOK(t, m.call("auth/accept-invitation", data("business_slug", "demo-burgers", "token", found[1],
			"password", "Driving-pass-1")))
		named := false
		for _, d := range m.call("admin/drivers/list", nil, m.boss...).Body["data"].([]any) {
			d := d.(map[string]any)
			if d["email"] == "dan@example.test" {
				named = d["name"] == "Dan Driver"
				if !named {
					t.Errorf("the board lists the driver as %q", d["name"])
				}
			}
		}
		if !named {
			t.Error("the driver is not listed by name")
		}
	})
}
