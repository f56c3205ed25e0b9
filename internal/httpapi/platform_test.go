package httpapi_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// nobodyButPlatform: no token of any scheme opens platform/* (the
// permission test's callers all hold scheme tokens); TestPlatformConsole
// covers the platform admin's own token.
func nobodyButPlatform() map[kind]outcome {
	w := map[kind]outcome{}
	for _, k := range kinds {
		w[k] = signIn401
	}
	return w
}

func init() {
	permCases["platform/schemes/list"] = permCase{perm: "platform/none", body: writes(), want: nobodyButPlatform()}
	permCases["platform/schemes/create"] = permCase{perm: "platform/none", want: nobodyButPlatform(),
		body: writes("business_slug", "perm-new", "name", "New", "country", "GB", "currency", "GBP",
			"languages", []string{"en-US"}, "manager_email", "new-boss@example.test"),
		intact: func(t *testing.T, f *permFixture, k kind) {
			if _, err := f.db.SchemeBySlug(context.Background(), "perm-new"); err == nil {
				t.Errorf("%s: a refused create made the scheme", k)
			}
		}}
}

var newSchemeLink = regexp.MustCompile(`https://order\.example\.test/tasty-tacos/admin/invite/([A-Za-z0-9_-]+)`)

// TestPlatformConsole: a platform admin (no scheme) signs in without
// business_slug; the token opens platform/* and nothing of any scheme, and
// no scheme's token (a manager's) opens platform/*; the admin lists the
// schemes, is refused bad input field by field in the caller's language,
// creates a scheme whose first manager is e-mailed an invitation that
// lands in the new scheme's back office; the manager accepts it and reads
// the new scheme's document and its log; a taken slug is 1409; sign-out
// ends the platform token.
func TestPlatformConsole(t *testing.T) {
	t.Parallel()
	storetest.RunParallel(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		m := startTeam(t, db, func() time.Time { return now })
		ctx := context.Background()
		hash, err := account.HashPassword("Root-pass-1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AddPlatformAdmin(ctx, store.PlatformUser{Email: "root@platform.test", PasswordHash: hash}, now); err != nil {
			t.Fatal(err)
		}
		m.call("auth/signin", data("email", "root@platform.test", "password", "Wrong-pass-1")).wantError(t, 401, 2061)
		// A scheme's manager is no platform admin, whatever the password.
		m.call("auth/signin", data("email", "boss@demo.test", "password", "Boss-pass-1")).wantError(t, 401, 2061)
		signed := m.call("auth/signin", data("email", "root@platform.test", "password", "Root-pass-1"))
		root := bearerOf(signed, t)
		if roles := signed.data(t)["user"].(map[string]any)["roles"].([]any); len(roles) != 1 || roles[0] != "admin" || signed.data(t)["user"].(map[string]any)["business_slug"] != "" {
			t.Errorf("platform admin's roles: %v", roles)
		}
		// The platform token is good for platform/* only; a scheme's never is.
		m.call("admin/team/list", filter("business_slug", "demo-burgers"), root...).wantError(t, 401, 1401)
		m.call("user/info", filter("business_slug", "demo-burgers"), root...).wantError(t, 401, 1401)
		m.call("platform/schemes/list", nil, m.boss...).wantError(t, 401, 1401)

		list := m.call("platform/schemes/list", nil, root...)
		slugs := map[string]bool{}
		for _, s := range list.Body["data"].([]any) {
			s := s.(map[string]any)
			slugs[s["business_slug"].(string)] = true
			if s["business_slug"] == "demo-burgers" && (num(s["venues"]) != 2 || s["currency"] != "GBP") {
				t.Errorf("demo-burgers listed as %v", s)
			}
		}
		if !slugs["demo-burgers"] || !slugs["demo-pierogi"] {
			t.Errorf("schemes listed: %v", slugs)
		}

		create := func(slug, country string, langs []string, email string, lang string) *response {
			return m.call("platform/schemes/create", data("business_slug", slug, "name", "Tasty Tacos", "country", country,
				"currency", "PLN", "languages", langs, "manager_email", email), append(root, "Accept-Language", lang)...)
		}
		bad := create("Tasty Tacos!", "FR", []string{}, "not-an-address", "pl-PL")
		bad.wantError(t, 400, 1000)
		f, _ := bad.Body["fields"].(map[string]any)
		for _, k := range []string{"business_slug", "country", "languages", "manager_email"} {
			if f[k] == nil {
				t.Errorf("no problem named on %s: %s", k, bad.Raw)
			}
		}
		if !strings.Contains(f["country"].(string), "Wybierz GB lub PL") {
			t.Errorf("country problem not in Polish: %v", f["country"])
		}
		create("platform", "PL", []string{"pl-PL"}, "szef@tacos.test", "en-US").wantError(t, 400, 1000)
		create("demo-burgers", "PL", []string{"pl-PL"}, "szef@tacos.test", "en-US").wantError(t, 409, 1409)
		if d := m.call("admin/scheme/document", filter("business_slug", "demo-burgers"), m.boss...).data(t); d["currency"] != "GBP" {
			t.Errorf("a refused create changed demo-burgers: %v", d["currency"])
		}

		made := create("tasty-tacos", "PL", []string{"pl-PL", "en-US"}, "Szef@Tacos.test", "en-US").data(t)
		if made["business_slug"] != "tasty-tacos" {
			t.Fatalf("create: %v", made)
		}
		// Created at the server's clock, not the machine's: the console's "Created" column and the
		// new scheme's first audit row say the same moment as every other date the server gives.
		for _, s := range m.call("platform/schemes/list", nil, root...).Body["data"].([]any) {
			if s := s.(map[string]any); s["business_slug"] == "tasty-tacos" && s["created_at"] != "2026-03-02T12:00:00Z" {
				t.Errorf("tasty-tacos created at %v, the server's clock said %s", s["created_at"], now.Format(time.RFC3339))
			}
		}
		mail := m.waitMails(t, "Szef@Tacos.test", 1)[0]
		text, _ := mail.Parts(t)
		link := newSchemeLink.FindStringSubmatch(text)
		if link == nil {
			t.Fatalf("no link into tasty-tacos' back office in the invitation:\n%s", text)
		}
		if !strings.Contains(text, "Tasty Tacos") {
			t.Errorf("the invitation does not name the scheme:\n%s", text)
		}
		accepted := m.call("auth/accept-invitation", data("business_slug", "tasty-tacos", "token", link[1], "password", "Szef-pass-1"))
		boss := bearerOf(accepted, t)
		doc := m.call("admin/scheme/document", filter("business_slug", "tasty-tacos"), boss...).data(t)
		if doc["name"] != "Tasty Tacos" || doc["currency"] != "PLN" || doc["country"] != "PL" || len(doc["menus"].([]any)) != 0 {
			t.Errorf("the new scheme's document: %v", doc)
		}
		log := m.call("admin/audit/list", filter("business_slug", "tasty-tacos"), boss...)
		rows, _ := log.Body["data"].([]any)
		if len(rows) != 1 || rows[0].(map[string]any)["action"] != "scheme.create" ||
			rows[0].(map[string]any)["actor_email"] != "root@platform.test" ||
			rows[0].(map[string]any)["at"] != "2026-03-02T12:00:00Z" {
			t.Errorf("tasty-tacos' log: %s", log.Raw)
		}
		// The new manager is tasty-tacos', not demo-burgers'.
		m.call("admin/scheme/document", filter("business_slug", "demo-burgers"), boss...).wantError(t, 401, 1401)

		m.call("auth/signout", nil, root...)
		m.call("platform/schemes/list", nil, root...).wantError(t, 401, 1401)
	})
}
