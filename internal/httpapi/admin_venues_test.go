package httpapi_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestVenueScope: a membership of one venue reaches that venue only. Staff
// of soho, signed in through auth/signin, see soho and are refused
// shoreditch; a manager of the scheme reaches both.
func TestVenueScope(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		hash, err := account.HashPassword("Platter-demo-1")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []store.PlatformUser{
			{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"},
			{Email: "boss@demo.test", Role: account.RoleManager},
		} {
			p.PasswordHash, p.SchemeSlug = hash, "demo-burgers"
			if _, err := db.UpsertPlatformUser(context.Background(), p, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		signin := func(email string) []string {
			return bearerOf(e.call("auth/signin", data("business_slug", "demo-burgers", "email", email,
				"password", "Platter-demo-1")), t)
		}
		soho, boss := signin("soho@demo.test"), signin("boss@demo.test")
		list := func(auth []string, kv ...any) *response {
			return e.call("admin/venues/list", filter(append([]any{"business_slug", "demo-burgers"}, kv...)...), auth...)
		}

		if got := venueSlugs(t, list(soho)); !slices.Equal(got, []string{"soho"}) {
			t.Errorf("staff of soho see %v", got)
		}
		if got := venueSlugs(t, list(soho, "venue_slug", "soho")); !slices.Equal(got, []string{"soho"}) {
			t.Errorf("staff of soho asking for soho see %v", got)
		}
		list(soho, "venue_slug", "shoreditch").wantError(t, 403, 1403)
		list(soho, "venue_slug", "nowhere").wantError(t, 403, 1403) // nor learn which venues exist

		if got := venueSlugs(t, list(boss)); !slices.Equal(got, []string{"soho", "shoreditch"}) {
			t.Errorf("the manager sees %v", got)
		}
		res := list(boss, "venue_slug", "shoreditch")
		if got := venueSlugs(t, res); !slices.Equal(got, []string{"shoreditch"}) {
			t.Errorf("the manager asking for shoreditch sees %v", got)
		}
		if roles := res.Body["data"].([]any)[0].(map[string]any)["roles"].([]any); len(roles) != 1 || roles[0] != "manager" {
			t.Errorf("the manager's roles at shoreditch: %v", roles)
		}
		list(boss, "venue_slug", "nowhere").wantError(t, 404, 1404)
	})
}
