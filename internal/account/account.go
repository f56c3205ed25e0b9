package account

import (
	"net/mail"
	"strings"
	"time"
)

// Lifetimes and limits of issue 5.
const (
	SessionTTL      = 30 * 24 * time.Hour // sliding: renewed on use
	SessionTouch    = time.Hour           // renew at most this often, to avoid a write per request
	CodeTTL         = 15 * time.Minute
	CodeMaxAttempts = 5
)

// Platform roles, held through memberships.
const (
	RoleStaff   = "staff"
	RoleManager = "manager"
	RoleDriver  = "driver"
	RoleAdmin   = "admin"
)

// Roles lists the membership roles.
var Roles = []string{RoleStaff, RoleManager, RoleDriver, RoleAdmin}

// Code purposes.
const (
	PurposeVerify = "verify"
	PurposeReset  = "reset"
)

// User is a customer, a guest or a platform user. SchemeID is 0 for platform
// users (they reach schemes through memberships).
type User struct {
	ID            int64
	SchemeID      int64
	Email         string
	FirstName     string
	LastName      string
	ContactNumber string
	IsGuest       bool
	Verified      bool
	PasswordHash  string
}

// Session is what a valid token stands for: the user and the one scheme the
// token is bound to, with the user's memberships there (none for customers
// and guests).
type Session struct {
	UserID     int64
	SchemeID   int64
	SchemeSlug string
	IsGuest    bool
	Email      string
	// Memberships are the platform user's roles in the token's scheme, each
	// for the whole scheme or for one venue of it.
	Memberships []Membership
	// Roles are the distinct roles of Memberships, sorted: what a client
	// shows, never what a permission is decided on (that needs the venue).
	Roles      []string
	LastUsedAt time.Time
	ExpiresAt  time.Time
}

// Membership is one role of a platform user in a scheme: in every venue of
// it (VenueID 0), or in one venue only, so staff of soho are not staff of
// shoreditch.
type Membership struct {
	Role      string
	VenueID   int64  // 0: the whole scheme
	VenueSlug string // "" for the whole scheme
}

// Reaches reports whether the membership covers the venue: a scheme-wide one
// covers every venue of its scheme.
func (m Membership) Reaches(venueID int64) bool { return m.VenueID == 0 || m.VenueID == venueID }

// Profile is what a sign-up asks for. It is stored with the account when
// the address is new; later sign-ups never replace it.
type Profile struct {
	PasswordHash  string
	FirstName     string
	LastName      string
	ContactNumber string
	Email         string // as typed (trimmed): where its mail goes
}

// EmailProblem returns the i18n key of what is wrong with an address (docs/product.md
// §5: required, a standard pattern), or "".
func EmailProblem(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "validation.email_required"
	}
	a, err := mail.ParseAddress(s)
	// ParseAddress accepts "Name <a@b>"; a bare address must parse to itself.
	if err != nil || a.Address != s || len(s) > 254 {
		return "validation.email_invalid"
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") ||
		strings.HasSuffix(domain, ".") {
		return "validation.email_invalid"
	}
	return ""
}

// IsRole reports whether r is a membership role.
func IsRole(r string) bool {
	for _, x := range Roles {
		if x == r {
			return true
		}
	}
	return false
}

// SignUp is a sign-up at one scheme, as the store keeps it: the code is
// already hashed. Profile.PasswordHash is the new password's hash when the
// address had no account; for a pending (unverified) account the caller
// checked the new password against the pending one's hash instead:
// SeenHash is that hash and SamePassword the result. A pending account's
// password and profile are never replaced by a later sign-up: a later one
// with the same password just gets a new code, and one with another
// password leaves the account with no password at all (see Service.SignUp).
type SignUp struct {
	SchemeID     int64
	Email        string
	Profile      Profile
	CodeHash     string
	SeenHash     string
	SamePassword bool
}

// CodeUse is an attempt to use a one-time code: verify the address
// (PurposeVerify) or set NewPasswordHash (PurposeReset). On success a
// session for TokenHash is opened. CheckOnly checks the code (a wrong one
// counts a try) without using it, so a reset checks its code before
// spending a password hash on it.
type CodeUse struct {
	SchemeID        int64
	Email           string
	Purpose         string
	CodeHash        string
	NewPasswordHash string
	TokenHash       string
	CheckOnly       bool
}
