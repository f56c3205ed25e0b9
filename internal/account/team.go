package account

import (
	"time"

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
	TokenHash  string
	InvitedBy  int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
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
