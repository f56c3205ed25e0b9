package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func TestSessionsSlideAndRevoke(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		g, err := db.CreateGuest(ctx, schemeID, "h1", now)
		if err != nil {
			t.Fatal(err)
		}
		s, err := db.Session(ctx, "h1", now.Add(30*time.Minute))
		if err != nil || s.UserID != g.ID || !s.IsGuest || s.SchemeSlug != "demo-burgers" {
			t.Fatalf("session: %+v, %v", s, err)
		}
		if !s.ExpiresAt.Equal(now.Add(account.SessionTTL)) {
			t.Errorf("used within the hour, expiry moved to %v", s.ExpiresAt)
		}
		later := now.Add(29 * 24 * time.Hour)
		if s, err = db.Session(ctx, "h1", later); err != nil || !s.ExpiresAt.Equal(later.Add(account.SessionTTL)) {
			t.Fatalf("slide: %+v, %v", s, err)
		}
		if _, err := db.Session(ctx, "h1", later.Add(account.SessionTTL-time.Second)); err != nil {
			t.Errorf("the slid session expired early: %v", err)
		}
		if err := db.RevokeSession(ctx, "h1", later); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Session(ctx, "h1", later); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("revoked session: %v", err)
		}
	})
}

func TestPlatformUsers(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers := mustImport(t, db, mustParse(t, 0)).SchemeID
		pierogi := mustImport(t, db, mustParse(t, 1)).SchemeID
		now := time.Now()
		add := func(p store.PlatformUser) {
			t.Helper()
			if _, err := db.UpsertPlatformUser(ctx, p, now); err != nil {
				t.Fatal(err)
			}
		}
		add(store.PlatformUser{Email: "Boss@Example.test", PasswordHash: "h", Role: "manager", SchemeSlug: "demo-burgers"})
		add(store.PlatformUser{Email: "boss@example.test", Role: "staff", SchemeSlug: "demo-burgers", VenueSlug: "soho"})
		add(store.PlatformUser{Email: "boss@example.test", Role: "staff", SchemeSlug: "demo-burgers", VenueSlug: "soho"})
		if _, err := db.UpsertPlatformUser(ctx, store.PlatformUser{Email: "x@example.test", PasswordHash: "h",
			Role: "owner", SchemeSlug: "demo-burgers"}, now); platter.ErrorCode(err) != platter.CodeValidation {
			t.Errorf("unknown role: %v", err)
		}
		us, err := db.SignInCandidates(ctx, burgers, "boss@example.test")
		if err != nil || len(us) != 1 || us[0].SchemeID != 0 || !us[0].Verified {
			t.Fatalf("candidates at burgers: %+v, %v", us, err)
		}
		if us, _ := db.SignInCandidates(ctx, pierogi, "boss@example.test"); len(us) != 0 {
			t.Errorf("a member of burgers only may sign in at pierogi: %+v", us)
		}
		if err := db.CreateSession(ctx, us[0].ID, burgers, "staff", now); err != nil {
			t.Fatal(err)
		}
		s, err := db.Session(ctx, "staff", now)
		if err != nil || len(s.Roles) != 2 || s.Roles[0] != "manager" || s.Roles[1] != "staff" {
			t.Fatalf("roles: %+v, %v", s, err)
		}
	})
}

// TestCodeSingleUseUnderRace: two requests with the same right code; one
// signs in.
func TestCodeSingleUseUnderRace(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := queueSignUps(t, db, 1, time.Now())
		var (
			wg sync.WaitGroup
			mu sync.Mutex
			ok int
		)
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := db.UseCode(ctx, account.CodeUse{SchemeID: schemeID, Email: "Q0@example.test",
					Purpose: account.PurposeVerify, CodeHash: account.HashToken("123456"),
					TokenHash: string(rune('a' + i))}, time.Now())
				if err == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				} else if platter.ErrorCode(err) != platter.CodeBadCode {
					t.Error(err)
				}
			}(i)
		}
		wg.Wait()
		if ok != 1 {
			t.Errorf("%d requests used one code", ok)
		}
	})
}
