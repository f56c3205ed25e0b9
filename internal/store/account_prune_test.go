package store_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestPruneGuests: a guest nobody has used for 30 days goes, with its
// sessions; a guest used since, and every registered customer, stay. Two
// instances pruning at once is harmless.
func TestPruneGuests(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		t0 := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		idle, err := db.CreateGuest(ctx, schemeID, "idle", t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SaveAddress(ctx, home(idle.ID, schemeID), t0); err != nil {
			t.Fatal(err)
		}
		busy, err := db.CreateGuest(ctx, schemeID, "busy", t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Session(ctx, "busy", t0.Add(20*24*time.Hour)); err != nil { // used on day 20
			t.Fatal(err)
		}
		su := account.SignUp{SchemeID: schemeID, Email: "cus@example.test", CodeHash: "c",
			Profile: account.Profile{PasswordHash: "x", Email: "cus@example.test"}}
		if err := db.SignUp(ctx, su, mailTo("cus@example.test"), mailTo("cus@example.test"), t0); err != nil {
			t.Fatal(err)
		}
		exists := func(id int64) bool {
			_, err := db.UserByID(ctx, id)
			if err != nil && platter.ErrorCode(err) != platter.CodeNotFound {
				t.Fatal(err)
			}
			return err == nil
		}

		prune := func(at time.Time) {
			t.Helper()
			errs := make(chan error, 2)
			for i := 0; i < 2; i++ {
				go func() { errs <- db.PruneGuests(ctx, at) }()
			}
			for i := 0; i < 2; i++ {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
		}
		prune(t0.Add(30*24*time.Hour - time.Minute))
		if !exists(idle.ID) || !exists(busy.ID) {
			t.Fatal("a guest used within 30 days was pruned")
		}
		if as, err := db.Addresses(ctx, idle.ID, schemeID); err != nil || len(as) != 1 {
			t.Fatalf("the guest's address before pruning: %v %v", as, err)
		}
		prune(t0.Add(30*24*time.Hour + time.Minute))
		if exists(idle.ID) {
			t.Error("a guest unused for 30 days was kept")
		}
		if _, err := db.Session(ctx, "idle", t0.Add(time.Hour)); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("the pruned guest's session: %v", err)
		}
		if as, err := db.Addresses(ctx, idle.ID, schemeID); err != nil || len(as) != 0 {
			t.Errorf("the pruned guest's addresses: %v %v", as, err)
		}
		if !exists(busy.ID) {
			t.Error("a guest used on day 20 was pruned on day 30")
		}
		prune(t0.Add(51 * 24 * time.Hour))
		if exists(busy.ID) {
			t.Error("a guest unused since day 20 was kept on day 51")
		}
		us, err := db.SignInCandidates(ctx, schemeID, "cus@example.test")
		if err != nil || len(us) != 1 {
			t.Errorf("a registered customer was pruned: %v %v", us, err)
		}
		// Prune, the periodic job's one call, prunes guests too.
		g, _ := db.CreateGuest(ctx, schemeID, "g3", t0)
		if err := db.Prune(ctx, t0.Add(40*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if exists(g.ID) {
			t.Error("Prune kept an idle guest")
		}
	})
}

// TestRenormalizeEmails: rows written under the old normalisation (lower
// case only) are brought to NFKC + case fold; when two rows of one scheme
// become the same address, the verified (then the older) one keeps it and
// the other can no longer be reached by e-mail.
func TestRenormalizeEmails(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		ins := func(email, norm string, verified bool) int64 {
			t.Helper()
			var v any
			if verified {
				v = time.Now().UTC()
			}
			var id int64
			err := db.SQL().QueryRow(rebind(db, `INSERT INTO users (scheme_id, email, email_norm, password_hash,
				verified_at, created_at, updated_at) VALUES (?, ?, ?, 'h', ?, ?, ?) RETURNING id`),
				schemeID, email, norm, v, time.Now().UTC(), time.Now().UTC()).Scan(&id)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		plain := ins("Kate@Example.test", "kate@example.test", false)
		wide := ins("\uff4bate@example.test", "\uff4bate@example.test", true) // fullwidth k
		other := ins("STRASSE@example.test", "strasse@example.test", true)
		// A reset code mailed to the fullwidth row before the upgrade.
		_, err := db.SQL().Exec(rebind(db, `INSERT INTO auth_codes (purpose, scheme_id, email_norm, code_hash,
			created_at, expires_at) VALUES ('reset', ?, ?, ?, ?, ?)`), schemeID, "\uff4bate@example.test",
			account.HashToken("123456"), time.Now().UTC(), time.Now().UTC().Add(10*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := db.RenormalizeEmails(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UseCode(ctx, account.CodeUse{SchemeID: schemeID, Email: "kate@example.test",
			Purpose: account.PurposeReset, CodeHash: account.HashToken("123456"), CheckOnly: true}, time.Now()); err != nil {
			t.Errorf("a code issued before re-normalisation: %v", err)
		}
		us, err := db.SignInCandidates(ctx, schemeID, "KATE@example.test")
		if err != nil || len(us) != 1 || us[0].ID != wide {
			t.Fatalf("kate: %+v %v (want the verified row %d, not %d)", us, err, wide, plain)
		}
		if us, _ := db.SignInCandidates(ctx, schemeID, "stra\u00dfe@example.test"); len(us) != 1 || us[0].ID != other {
			t.Errorf("straße: %+v", us)
		}
		if err := db.RenormalizeEmails(ctx); err != nil { // idempotent
			t.Fatal(err)
		}
	})
}

func mailTo(to string) mail.Message { return mail.Message{To: to, Subject: "s", Text: "t"} }
