package account

import (
	"context"
	"strconv"
	"strings"
	"time"

	"platter/internal/i18n"
	"platter/internal/notify/mail"
	"platter/internal/platter"
)

// InvitationTTL is how long an invitation link stays usable.
const InvitationTTL = 7 * 24 * time.Hour

// InvitableRoles are the roles a manager may invite to: never admin (an
// operator grants that with `platter user add`).
var InvitableRoles = []string{RoleStaff, RoleDriver, RoleManager}

// Member is one membership of a platform user in a scheme, as the team
// page and `platter user list` show it.
type Member struct {
	UserID     int64
	Email      string
	SchemeSlug string
	Role       string
	VenueID    int64  // 0: the whole scheme
	VenueSlug  string // "" for the whole scheme
	Since      time.Time
}

// MemberRemoval names the memberships to withdraw: a user (by id, or by
// e-mail for the command line) in a scheme (by id or slug), narrowed to one
// role and/or one venue when given. Spare lists roles left alone (a manager
// may not remove a platform admin).
type MemberRemoval struct {
	SchemeID   int64
	SchemeSlug string
	UserID     int64
	Email      string
	Role       string
	VenueSlug  string
	Spare      []string
}

// Invitation is an e-mail address invited to a role in a scheme, or in one
// venue of it. Only the SHA-256 of its link's token is stored.
type Invitation struct {
	ID         int64
	SchemeID   int64
	SchemeSlug string
	SchemeName string
	Role       string
	VenueID    int64
	VenueSlug  string
	VenueName  string
	Email      string
	// FirstName and LastName name the person invited (required for a
	// driver, whom the board names when assigning an order); accepting
	// gives them to a new account, or to an existing one without a name.
	FirstName string
	LastName  string
	TokenHash string
	InvitedBy int64
	CreatedAt time.Time
	ExpiresAt time.Time
	// HasAccount: the address is already a platform user (it signs in with
	// its own password to accept; a new one chooses a password).
	HasAccount bool
}

// ErrInvitationInvalid is 2070: the link is unknown, expired, used or
// revoked (never which).
func ErrInvitationInvalid() error {
	return &platter.Error{Code: platter.CodeInvitationInvalid, Message: "team.invitation_invalid"}
}

// ErrAlreadyMember is 2071: the address already holds the role there.
func ErrAlreadyMember() error {
	return &platter.Error{Code: platter.CodeAlreadyMember, Message: "team.already_member",
		Fields: map[string]string{"email": "team.already_member"}}
}

// TeamStore is what the team flows need of storage (store.DB).
type TeamStore interface {
	Hitter
	Invite(ctx context.Context, inv Invitation, msg mail.Message, now time.Time) (*Invitation, error)
	InvitationByToken(ctx context.Context, schemeID int64, tokenHash string, now time.Time) (*Invitation, error)
	PlatformUserByEmail(ctx context.Context, email string) (*User, error)
	AcceptInvitation(ctx context.Context, a Acceptance, now time.Time) (*User, error)
	Session(ctx context.Context, tokenHash string, now time.Time) (*Session, error)
}

// Acceptance is what accepting an invitation does: the link's token hash
// at its scheme; for an address without an account the password hash of
// the new one (UserID 0), for an existing account its id (its password has
// been checked); and the hash of the session token it signs in with.
type Acceptance struct {
	SchemeID     int64
	TokenHash    string
	UserID       int64
	PasswordHash string
	SessionHash  string
}

// InviteMailer writes the invitation mail, whose link carries token.
type InviteMailer interface {
	ComposeInvitation(lang string, b mail.Brand, params map[string]string, token string) (mail.Message, error)
}

// Team runs the invitation flows: a manager invites an address, its holder
// opens the link, sets a password (or signs in with theirs) and becomes a
// member. Hashing happens outside transactions, through the gate.
type Team struct {
	Store  TeamStore
	Mailer InviteMailer
	Gate   *Gate
	Now    func() time.Time
	Queued func() // wakes the mail worker; may be nil
}

// Invites per scheme and hour, and link checks per client and minute.
const (
	InvitesPerHour     = 50
	InviteOpensPerMin  = 20
	inviteAcceptPerMin = 10
)

// Invitee is who an invitation is for: an address, a role and, for a
// venue's role, the venue (its slug and name); FirstName and LastName as
// Invitation's.
type Invitee struct {
	Email, Role          string
	VenueSlug, VenueName string
	FirstName, LastName  string
}

// Invite invites who.Email to who.Role in the caller's scheme (in one
// venue when who.VenueSlug names it) and mails the link, in the caller's
// language. by is the inviting user.
func (t *Team) Invite(ctx context.Context, c Caller, by int64, who Invitee) (*Invitation, error) {
	if err := Limit(ctx, t.Store, "invite:"+strconv.FormatInt(c.Scheme.ID, 10), InvitesPerHour, time.Hour, t.Now()); err != nil {
		return nil, err
	}
	token, hash := NewToken()
	params := map[string]string{"role": who.Role, "venue": who.VenueName,
		i18n.CountParam: strconv.Itoa(int(InvitationTTL / (24 * time.Hour)))}
	m, err := t.Mailer.ComposeInvitation(c.Lang, c.Scheme.Brand, params, token)
	if err != nil {
		return nil, platter.Internal(err)
	}
	inv, err := t.Store.Invite(ctx, Invitation{SchemeID: c.Scheme.ID, Email: strings.TrimSpace(who.Email),
		Role: who.Role, VenueSlug: who.VenueSlug, FirstName: strings.TrimSpace(who.FirstName),
		LastName: strings.TrimSpace(who.LastName), TokenHash: hash, InvitedBy: by}, m, t.Now())
	if err != nil {
		return nil, err
	}
	if t.Queued != nil {
		t.Queued()
	}
	return inv, nil
}

// Look returns the pending invitation of a link at the caller's scheme
// (2070 for anything else).
func (t *Team) Look(ctx context.Context, c Caller, token string) (*Invitation, error) {
	if err := Limit(ctx, t.Store, "invite-open:"+c.Client, InviteOpensPerMin, time.Minute, t.Now()); err != nil {
		return nil, err
	}
	return t.Store.InvitationByToken(ctx, c.Scheme.ID, HashToken(token), t.Now())
}

// Accept uses an invitation link and signs in. An address without an
// account gets one with password (already checked against the rules); an
// existing account must give its own password (2061 otherwise), so a link
// can never change a password.
func (t *Team) Accept(ctx context.Context, c Caller, token, password string) (*Signed, error) {
	if err := Limit(ctx, t.Store, "invite-accept:"+c.Client, inviteAcceptPerMin, time.Minute, t.Now()); err != nil {
		return nil, err
	}
	inv, err := t.Store.InvitationByToken(ctx, c.Scheme.ID, HashToken(token), t.Now())
	if err != nil {
		return nil, err
	}
	a := Acceptance{SchemeID: c.Scheme.ID, TokenHash: HashToken(token)}
	if inv.HasAccount {
		u, err := t.Store.PlatformUserByEmail(ctx, inv.Email)
		if err != nil {
			return nil, err
		}
		ok, err := t.Gate.Check(ctx, u.PasswordHash, password)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, ErrBadCredentials()
		}
		a.UserID = u.ID
	} else if a.PasswordHash, err = t.Gate.Hash(ctx, password); err != nil {
		return nil, err
	}
	tok, sessionHash := NewToken()
	a.SessionHash = sessionHash
	u, err := t.Store.AcceptInvitation(ctx, a, t.Now())
	if err != nil {
		return nil, err
	}
	sess, err := t.Store.Session(ctx, sessionHash, t.Now())
	if err != nil {
		return nil, err
	}
	return &Signed{User: u, Token: tok, Roles: sess.Roles}, nil
}
