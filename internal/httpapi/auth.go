package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/platter"
)

// Caller is who a request comes from: the user behind its bearer token and
// the one scheme that token is bound to. Memberships are the user's roles
// in that scheme, each for the whole scheme or one venue (staff, manager,
// driver, admin); customers and guests have none. The route table's
// enforcement (permissions.go) resolves it; handlers receive it.
type Caller struct {
	UserID      int64
	SchemeID    int64
	SchemeSlug  string
	IsGuest     bool
	Email       string
	Memberships []account.Membership
	Roles       []string // distinct roles of Memberships, for display
}

// HasRole reports whether the caller holds one of roles anywhere in its
// scheme (in the whole scheme or in some venue).
func (c *Caller) HasRole(roles ...string) bool {
	for _, m := range c.Memberships {
		if slices.Contains(roles, m.Role) {
			return true
		}
	}
	return false
}

// SchemeWide reports whether the caller holds one of roles for the whole
// scheme, not only for some venue of it.
func (c *Caller) SchemeWide(roles ...string) bool {
	for _, m := range c.Memberships {
		if m.VenueID == 0 && slices.Contains(roles, m.Role) {
			return true
		}
	}
	return false
}

// WorksAt reports whether the caller holds one of roles at the venue: a
// handler whose venue comes from a record (an order's venue) checks it
// with this, since the route table only sees the venue_slug a call names.
func (c *Caller) WorksAt(venueID int64, roles ...string) bool {
	for _, m := range c.Memberships {
		if m.Reaches(venueID) && slices.Contains(roles, m.Role) {
			return true
		}
	}
	return false
}

// worksAtSlug is WorksAt for the venue_slug a call names.
func (c *Caller) worksAtSlug(venueSlug string, roles ...string) bool {
	for _, m := range c.Memberships {
		if (m.VenueID == 0 || m.VenueSlug == venueSlug) && slices.Contains(roles, m.Role) {
			return true
		}
	}
	return false
}

// errSignIn is the answer for a missing, unknown, expired or revoked token,
// and for a token of another scheme: to that scheme the holder is simply
// not signed in.
func errSignIn() error {
	return &platter.Error{Code: platter.CodeUnauthorized, Message: "error.unauthorized"}
}

// bearer returns the token of a v3 call's "Authorization: Bearer <token>"
// header.
func bearer(r *request) string { return bearerToken(r.Request) }

// bearerToken returns the token of an "Authorization: Bearer <token>"
// header; non-envelope routes (upload) read it here too.
func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return ""
	}
	return strings.TrimSpace(h[7:])
}

// caller returns the authenticated caller of r, or 1401 (sign-in required)
// when there is no valid, unexpired, unrevoked token. Only the route
// table's enforcement calls it.
func (s *Server) caller(r *http.Request) (*Caller, error) {
	tok := bearerToken(r)
	if tok == "" || s.accounts == nil {
		return nil, errSignIn()
	}
	sess, err := s.accounts.Session(r.Context(), account.HashToken(tok), s.now())
	if err != nil {
		if platter.ErrorCode(err) == platter.CodeNotFound {
			return nil, errSignIn()
		}
		return nil, err
	}
	return &Caller{
		UserID: sess.UserID, SchemeID: sess.SchemeID, SchemeSlug: sess.SchemeSlug,
		IsGuest: sess.IsGuest, Email: sess.Email, Memberships: sess.Memberships, Roles: sess.Roles,
	}, nil
}

// now is the server's clock (injectable for tests of expiry).
func (s *Server) now() time.Time {
	if s.clock != nil {
		return s.clock()
	}
	return time.Now()
}

// Accounts is what the API needs of the account store (store.DB).
type Accounts interface {
	account.Store // what the account service runs on
	Session(ctx context.Context, tokenHash string, now time.Time) (*account.Session, error)
	SignUp(ctx context.Context, su account.SignUp, codeMail, knownMail mail.Message, now time.Time) error
	ResendVerification(ctx context.Context, schemeID int64, email, codeHash string, m mail.Message, now time.Time) (bool, error)
	RequestReset(ctx context.Context, schemeID int64, email, codeHash string, m mail.Message, now time.Time) (bool, error)
	UseCode(ctx context.Context, in account.CodeUse, now time.Time) (*account.User, error)
	SignInCandidates(ctx context.Context, schemeID int64, email string) ([]account.User, error)
	CreateSession(ctx context.Context, userID, schemeID int64, tokenHash string, now time.Time) error
	CreateGuest(ctx context.Context, schemeID int64, tokenHash string, now time.Time) (*account.User, error)
	RevokeSession(ctx context.Context, tokenHash string, now time.Time) error
	UserByID(ctx context.Context, id int64) (*account.User, error)
	Hit(ctx context.Context, key string, window time.Duration, now time.Time) (hits int, resetAt time.Time, err error)
}
