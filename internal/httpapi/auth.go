package httpapi

import (
	"context"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/notify"
	"platter/internal/platter"
)

// Caller is who a request comes from: the user behind its bearer token and
// the one scheme that token is bound to. Roles are the user's membership
// roles in that scheme (staff, manager, driver, admin); customers and guests
// have none.
type Caller struct {
	UserID     int64
	SchemeID   int64
	SchemeSlug string
	IsGuest    bool
	Email      string
	Roles      []string
}

// HasRole reports whether the caller holds one of roles in its scheme.
func (c *Caller) HasRole(roles ...string) bool {
	for _, have := range c.Roles {
		for _, want := range roles {
			if have == want {
				return true
			}
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

// bearer returns the token of an "Authorization: Bearer <token>" header.
func bearer(r *request) string {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return ""
	}
	return strings.TrimSpace(h[7:])
}

// caller returns the authenticated caller of r, or 1401 (sign-in required)
// when there is no valid, unexpired, unrevoked token.
func (s *Server) caller(r *request) (*Caller, error) {
	tok := bearer(r)
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
		IsGuest: sess.IsGuest, Email: sess.Email, Roles: sess.Roles,
	}, nil
}

// callerFor is caller plus: the token must belong to the scheme
// businessSlug. A token of one scheme is refused (1401) by every call of
// another, exactly as if there were no token.
func (s *Server) callerFor(r *request, businessSlug string) (*Caller, error) {
	c, err := s.caller(r)
	if err != nil {
		return nil, err
	}
	if c.SchemeSlug != businessSlug {
		return nil, errSignIn()
	}
	return c, nil
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
	Session(ctx context.Context, tokenHash string, now time.Time) (*account.Session, error)
	SignUp(ctx context.Context, su account.SignUp, codeMail, knownMail notify.Message, now time.Time) error
	ResendVerification(ctx context.Context, schemeID int64, email, codeHash string, m notify.Message, now time.Time) (bool, error)
	RequestReset(ctx context.Context, schemeID int64, email, codeHash string, m notify.Message, now time.Time) (bool, error)
	UseCode(ctx context.Context, in account.CodeUse, now time.Time) (*account.User, error)
	SignInCandidates(ctx context.Context, schemeID int64, email string) ([]account.User, error)
	CreateSession(ctx context.Context, userID, schemeID int64, tokenHash string, now time.Time) error
	CreateGuest(ctx context.Context, schemeID int64, tokenHash string, now time.Time) (*account.User, error)
	RevokeSession(ctx context.Context, tokenHash string, now time.Time) error
	UserByID(ctx context.Context, id int64) (*account.User, error)
	Hit(ctx context.Context, key string, window time.Duration, now time.Time) (hits int, resetAt time.Time, err error)
}
