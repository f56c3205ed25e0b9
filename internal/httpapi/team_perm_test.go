package httpapi_test

import (
	"context"
	"fmt"
	"testing"

	"platter/internal/account"
	"platter/internal/notify/mail"
)

// The team, outbox and invitation rows of the permission matrix
// (TestRoutePermissions): the team and the outbox are a scheme's managers'
// (and admins'); staff of a venue, drivers, customers and another scheme's
// manager are refused. The invitation calls are public: the link's token
// is the credential, so an unknown one answers everyone alike.
func init() {
	permCases["admin/team/list"] = permCase{perm: "manager/scheme", body: burgers(), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			d := res.data(t)
			emails := map[string]bool{}
			for _, m := range d["members"].([]any) {
				m := m.(map[string]any)
				emails[m["email"].(string)] = true
				if you := int64(num(m["user_id"])) == f.users[k]; m["is_you"] != you {
					t.Errorf("%s: is_you of %v is %v", k, m["email"], m["is_you"])
				}
			}
			if !emails["soho@demo.test"] || !emails["boss@demo.test"] || emails["szef@demo.test"] {
				t.Errorf("%s: members %v (another scheme's manager must not be listed)", k, emails)
			}
		}}
	permCases["admin/team/invite"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "email", fmt.Sprintf("invitee-%d@example.test", f.keys),
				"role", "staff", "venue_slug", "soho")
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); d["role"] != "staff" || d["venue_slug"] != "soho" {
				t.Errorf("%s: invite answered %s", k, res.Raw)
			}
		}}
	permCases["admin/team/revoke"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "invitation_id", f.freshInvitation())
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if f.invitationPending(f.lastInvite) {
				t.Errorf("%s: the invitation is still pending after revoke", k)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if !f.invitationPending(f.lastInvite) {
				t.Errorf("%s: a refused revoke withdrew the invitation", k)
			}
		}}
	permCases["admin/outbox/list"] = permCase{perm: "manager/scheme", body: burgers(), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			theirs, _, err := f.db.OutboxPage(context.Background(), f.schemes[foreigner], 1000, 0)
			if err != nil || len(theirs) == 0 {
				t.Fatalf("pierogi's outbox: %v %v", theirs, err)
			}
			other := map[int64]bool{}
			for _, m := range theirs {
				other[m.ID] = true
			}
			list := res.Body["data"].([]any)
			if len(list) == 0 {
				t.Errorf("%s: burgers' outbox is empty", k)
			}
			for _, m := range list {
				if other[int64(num(m.(map[string]any)["id"]))] {
					t.Errorf("%s: burgers' outbox lists pierogi's mail %v", k, m)
				}
			}
		}}
	permCases["auth/invitation"] = permCase{perm: "anyone/none", body: burgers("token", "not-a-token")}
	permCases["auth/accept-invitation"] = permCase{perm: "anyone/none",
		body: writes("business_slug", "demo-burgers", "token", "not-a-token", "password", "Sesame-open-1")}
}

// freshInvitation stores a pending invitation at demo-burgers for one
// revoke call and remembers it.
func (f *permFixture) freshInvitation() int64 {
	f.t.Helper()
	f.keys++
	inv, err := f.db.Invite(context.Background(), account.Invitation{SchemeID: f.schemes[manager],
		Email: fmt.Sprintf("pending-%d@example.test", f.keys), Role: account.RoleDriver,
		TokenHash: fmt.Sprintf("perm-invite-%d", f.keys)}, mail.Message{Subject: "Join", Text: "x", HTML: "x"}, f.clk.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	f.lastInvite = inv.ID
	return inv.ID
}

// invitationPending tells whether an invitation is still listed pending.
func (f *permFixture) invitationPending(id int64) bool {
	f.t.Helper()
	list, err := f.db.Invitations(context.Background(), f.schemes[manager], f.clk.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	for _, in := range list {
		if in.ID == id {
			return true
		}
	}
	return false
}
