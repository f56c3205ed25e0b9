package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestSessionMemberships: a session carries the user's memberships in its
// scheme with the venue of each, so the API can tell staff of soho from
// staff of shoreditch; memberships of another scheme do not come along.
func TestSessionMemberships(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers := mustImport(t, db, mustParse(t, 0)).SchemeID
		mustImport(t, db, mustParse(t, 1))
		now := time.Now()
		for _, p := range []store.PlatformUser{
			{Email: "sam@example.test", PasswordHash: "h", Role: "staff", SchemeSlug: "demo-burgers", VenueSlug: "soho"},
			{Email: "sam@example.test", Role: "driver", SchemeSlug: "demo-burgers"},
			{Email: "sam@example.test", Role: "manager", SchemeSlug: "demo-pierogi"},
		} {
			if _, err := db.UpsertPlatformUser(ctx, p, now); err != nil {
				t.Fatal(err)
			}
		}
		us, err := db.SignInCandidates(ctx, burgers, "sam@example.test")
		if err != nil || len(us) != 1 {
			t.Fatalf("candidates: %v %v", us, err)
		}
		if err := db.CreateSession(ctx, us[0].ID, burgers, "sam-token", now); err != nil {
			t.Fatal(err)
		}
		s, err := db.Session(ctx, "sam-token", now)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Memberships) != 2 {
			t.Fatalf("memberships: %+v", s.Memberships)
		}
		drv, stf := s.Memberships[0], s.Memberships[1]
		if drv != (account.Membership{Role: "driver"}) || stf.Role != "staff" || stf.VenueSlug != "soho" || stf.VenueID == 0 {
			t.Errorf("memberships: %+v", s.Memberships)
		}
		if !stf.Reaches(stf.VenueID) || stf.Reaches(stf.VenueID+1) || !drv.Reaches(stf.VenueID+1) {
			t.Errorf("a venue membership reaches its venue only, a scheme one every venue")
		}
		if !slices.Equal(s.Roles, []string{"driver", "staff"}) {
			t.Errorf("roles: %v", s.Roles)
		}
	})
}
