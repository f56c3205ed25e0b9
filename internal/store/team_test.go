package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestInvitations: an invitation is stored with its mail (scoped to the
// scheme's outbox), listed while pending, readable by its token at its own
// scheme only, used once — of 8 concurrent acceptances one signs in — and
// gives the membership; a re-invitation replaces the pending one; revoked
// or expired links are 2070; a member cannot be invited again to the same
// role.
func TestInvitations(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers := mustImport(t, db, mustParse(t, 0)).SchemeID
		pierogi := mustImport(t, db, mustParse(t, 1)).SchemeID
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		invite := func(email, role, venue, token string) (*account.Invitation, error) {
			return db.Invite(ctx, account.Invitation{SchemeID: burgers, Email: email, Role: role, VenueSlug: venue,
				TokenHash: token}, mail.Message{Subject: "Join " + email, Text: "link", HTML: "<p>link</p>"}, now)
		}
		first, err := invite("Kim@Example.test", "staff", "soho", "hash-1")
		if err != nil || first.VenueID == 0 || first.VenueName == "" || !first.ExpiresAt.Equal(now.Add(account.InvitationTTL)) {
			t.Fatalf("invite: %+v %v", first, err)
		}
		second, err := invite("kim@example.test", "staff", "soho", "hash-2")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := invite("kim@example.test", "staff", "nowhere", "hash-x"); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("unknown venue: %v", err)
		}
		list, err := db.Invitations(ctx, burgers, now)
		if err != nil || len(list) != 1 || list[0].ID != second.ID || list[0].HasAccount {
			t.Fatalf("pending: %+v %v (the second replaces the first)", list, err)
		}
		if _, err := db.InvitationByToken(ctx, burgers, "hash-1", now); platter.ErrorCode(err) != platter.CodeInvitationInvalid {
			t.Errorf("replaced link: %v", err)
		}
		if _, err := db.InvitationByToken(ctx, pierogi, "hash-2", now); platter.ErrorCode(err) != platter.CodeInvitationInvalid {
			t.Errorf("link at another scheme: %v", err)
		}
		if _, err := db.InvitationByToken(ctx, burgers, "hash-2", now.Add(account.InvitationTTL)); platter.ErrorCode(err) != platter.CodeInvitationInvalid {
			t.Errorf("expired link: %v", err)
		}
		if in, err := db.InvitationByToken(ctx, burgers, "hash-2", now); err != nil || in.Email != "kim@example.test" || in.VenueSlug != "soho" {
			t.Fatalf("by token: %+v %v", in, err)
		}

		// The mail is the scheme's, and only the scheme's.
		mails, total, err := db.OutboxPage(ctx, burgers, 10, 0)
		if err != nil || total != 2 || len(mails) != 2 || mails[0].Subject != "Join kim@example.test" || mails[0].Status != "pending" ||
			mails[0].Kind != store.MailInvitation || mails[0].ID < mails[1].ID {
			t.Fatalf("outbox: %d %+v %v", total, mails, err)
		}
		if _, total, _ := db.OutboxPage(ctx, pierogi, 10, 0); total != 0 {
			t.Errorf("pierogi's outbox lists %d of burgers' mails", total)
		}
		if page, total, _ := db.OutboxPage(ctx, burgers, 1, 1); total != 2 || len(page) != 1 || page[0].ID != mails[1].ID {
			t.Errorf("second page: %+v", page)
		}

		// Eight at once: one account, one membership, one session.
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			wins int
			errs = map[int]int{}
		)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := db.AcceptInvitation(ctx, account.Acceptance{SchemeID: burgers, TokenHash: "hash-2",
					PasswordHash: "pw-hash", SessionHash: fmt.Sprintf("session-%d", i)}, now)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					wins++
				} else {
					errs[platter.ErrorCode(err)]++
				}
			}()
		}
		wg.Wait()
		if wins != 1 || errs[platter.CodeInvitationInvalid] != 7 {
			t.Fatalf("8 acceptances: %d won, refusals %v", wins, errs)
		}
		members, err := db.Members(ctx, burgers)
		if err != nil || len(members) != 1 || members[0].Email != "kim@example.test" || members[0].Role != "staff" ||
			members[0].VenueSlug != "soho" {
			t.Fatalf("members: %+v %v", members, err)
		}
		if list, _ := db.Invitations(ctx, burgers, now); len(list) != 0 {
			t.Errorf("an accepted invitation is still pending: %+v", list)
		}
		if _, err := invite("kim@example.test", "staff", "soho", "hash-3"); platter.ErrorCode(err) != platter.CodeAlreadyMember {
			t.Errorf("invite a member again: %v", err)
		}

		// An existing account accepts with its own id; a mismatch is 1409.
		drv, err := invite("kim@example.test", "driver", "", "hash-4")
		if err != nil || !func() bool { in, _ := db.InvitationByToken(ctx, burgers, "hash-4", now); return in.HasAccount }() {
			t.Fatalf("driver invitation: %+v %v", drv, err)
		}
		if _, err := db.AcceptInvitation(ctx, account.Acceptance{SchemeID: burgers, TokenHash: "hash-4",
			PasswordHash: "other", SessionHash: "s-x"}, now); platter.ErrorCode(err) != platter.CodeConflict {
			t.Errorf("a new account for a known address: %v", err)
		}
		// The refused acceptance rolled back: the link still works.
		u, err := db.AcceptInvitation(ctx, account.Acceptance{SchemeID: burgers, TokenHash: "hash-4",
			UserID: members[0].UserID, SessionHash: "s-y"}, now)
		if err != nil || u.ID != members[0].UserID {
			t.Fatalf("accept with the existing account: %+v %v", u, err)
		}

		// Revoking an invitation kills its link at once.
		rev, _ := invite("lee@example.test", "driver", "", "hash-5")
		if err := db.RevokeInvitation(ctx, pierogi, rev.ID, now); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("revoke from another scheme: %v", err)
		}
		if err := db.RevokeInvitation(ctx, burgers, rev.ID, now); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AcceptInvitation(ctx, account.Acceptance{SchemeID: burgers, TokenHash: "hash-5",
			PasswordHash: "h", SessionHash: "s-z"}, now); platter.ErrorCode(err) != platter.CodeInvitationInvalid {
			t.Errorf("accept a revoked invitation: %v", err)
		}
	})
}

// TestRemoveMember: removing a membership (narrowed by role or venue)
// revokes the user's sessions at that scheme at once, not elsewhere;
// spared roles stay; nothing to remove is 1404.
func TestRemoveMember(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers := mustImport(t, db, mustParse(t, 0)).SchemeID
		pierogi := mustImport(t, db, mustParse(t, 1)).SchemeID
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		for _, p := range []store.PlatformUser{
			{Email: "sam@example.test", PasswordHash: "h", Role: "staff", SchemeSlug: "demo-burgers", VenueSlug: "soho"},
			{Email: "sam@example.test", Role: "staff", SchemeSlug: "demo-burgers", VenueSlug: "shoreditch"},
			{Email: "sam@example.test", Role: "admin", SchemeSlug: "demo-burgers"},
			{Email: "sam@example.test", Role: "manager", SchemeSlug: "demo-pierogi"},
		} {
			if _, err := db.UpsertPlatformUser(ctx, p, now); err != nil {
				t.Fatal(err)
			}
		}
		all, err := db.ListMembers(ctx, "")
		if err != nil || len(all) != 4 {
			t.Fatalf("all members: %+v %v", all, err)
		}
		if only, _ := db.ListMembers(ctx, "demo-pierogi"); len(only) != 1 || only[0].Role != "manager" {
			t.Errorf("pierogi's members: %+v", only)
		}
		uid := all[0].UserID
		for _, tok := range []struct {
			hash   string
			scheme int64
		}{{"b-1", burgers}, {"b-2", burgers}, {"p-1", pierogi}} {
			if err := db.CreateSession(ctx, uid, tok.scheme, tok.hash, now); err != nil {
				t.Fatal(err)
			}
		}
		gone, err := db.RemoveMember(ctx, account.MemberRemoval{SchemeSlug: "demo-burgers", Email: "SAM@example.test",
			VenueSlug: "soho"}, now)
		if err != nil || len(gone) != 1 || gone[0].VenueSlug != "soho" {
			t.Fatalf("remove soho: %+v %v", gone, err)
		}
		for hash, alive := range map[string]bool{"b-1": false, "b-2": false, "p-1": true} {
			if _, err := db.Session(ctx, hash, now); (err == nil) != alive {
				t.Errorf("session %s after removal: %v (alive %v)", hash, err, alive)
			}
		}
		gone, err = db.RemoveMember(ctx, account.MemberRemoval{SchemeID: burgers, UserID: uid, Spare: []string{"admin"}}, now)
		if err != nil || len(gone) != 1 || gone[0].VenueSlug != "shoreditch" {
			t.Fatalf("remove all but admin: %+v %v", gone, err)
		}
		if _, err := db.RemoveMember(ctx, account.MemberRemoval{SchemeID: burgers, UserID: uid, Spare: []string{"admin"}}, now); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("nothing left but a spared role: %v", err)
		}
		if _, err := db.RemoveMember(ctx, account.MemberRemoval{SchemeSlug: "demo-burgers", Email: "nobody@example.test"}, now); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("unknown user: %v", err)
		}
		if left, _ := db.ListMembers(ctx, ""); len(left) != 2 {
			t.Errorf("left: %+v", left)
		}
	})
}
