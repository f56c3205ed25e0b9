package account

import (
	"context"
	"strconv"
	"time"

	"platter/internal/platter"
)

// ErrBadCredentials is 2061: wrong e-mail or password, never which.
func ErrBadCredentials() error {
	return &platter.Error{Code: platter.CodeBadCredentials, Message: "error.bad_credentials"}
}

// SignIn signs a customer, or a platform user with a membership in the
// scheme, in. Limits first: per client and address, then the account's own
// delay (which grows with consecutive failures from anywhere); only then is
// a password hashed. An unknown address burns the time of a check. The
// right password for an unverified address is 2062: the client goes to
// Verify, and a fresh code is mailed (when the mail limit allows).
func (s *Service) SignIn(ctx context.Context, c Caller, email, password string) (*Signed, error) {
	norm := NormalizeEmail(email)
	scheme := strconv.FormatInt(c.Scheme.ID, 10)
	if err := Limit(ctx, s.store, "signin:"+c.Client+":"+scheme+":"+norm, SignInPerMinute, time.Minute, s.now()); err != nil {
		return nil, err
	}
	acct := "acct:" + scheme + ":" + norm
	until, err := s.store.SignInBlockedUntil(ctx, acct, s.now())
	if err != nil {
		return nil, err
	}
	if now := s.now(); until.After(now) {
		return nil, RateLimited(until.Sub(now))
	}
	u, err := s.matchPassword(ctx, c.Scheme.ID, email, password)
	if err != nil {
		return nil, err
	}
	if u == nil {
		if _, err := s.store.SignInFailed(ctx, acct, s.now()); err != nil {
			return nil, err
		}
		return nil, ErrBadCredentials()
	}
	if err := s.store.SignInSucceeded(ctx, acct); err != nil {
		return nil, err
	}
	if !u.Verified {
		return nil, s.notVerified(ctx, c, email)
	}
	return s.openSession(ctx, c, u)
}

// matchPassword returns the account the password opens, or nil.
func (s *Service) matchPassword(ctx context.Context, schemeID int64, email, password string) (*User, error) {
	users, err := s.store.SignInCandidates(ctx, schemeID, email)
	if err != nil {
		return nil, err
	}
	if len(users) == 0 {
		return nil, s.gate.Burn(ctx, password)
	}
	for i := range users {
		ok, err := s.gate.Check(ctx, users[i].PasswordHash, password)
		if err != nil {
			return nil, err
		}
		if ok {
			return &users[i], nil
		}
	}
	return nil, nil
}

func (s *Service) openSession(ctx context.Context, c Caller, u *User) (*Signed, error) {
	token, hash := NewToken()
	if err := s.store.CreateSession(ctx, u.ID, c.Scheme.ID, hash, s.now()); err != nil {
		return nil, err
	}
	sess, err := s.store.Session(ctx, hash, s.now())
	if err != nil {
		return nil, err
	}
	return &Signed{User: u, Token: token, Roles: sess.Roles}, nil
}

// notVerified re-sends a verification code (when the per-address limit
// allows; a refusal is not the caller's problem here) and answers 2062.
func (s *Service) notVerified(ctx context.Context, c Caller, email string) error {
	if s.limitMail(ctx, c, limitCode, NormalizeEmail(email)) == nil {
		if err := s.sendVerifyCode(ctx, c, email); err != nil {
			s.log.Error("re-send verification on sign-in", "err", err)
		}
	}
	return &platter.Error{Code: platter.CodeNotVerified, Message: "error.not_verified"}
}

// Guest makes a guest of the scheme with its own session.
func (s *Service) Guest(ctx context.Context, c Caller) (*Signed, error) {
	token, hash := NewToken()
	u, err := s.store.CreateGuest(ctx, c.Scheme.ID, hash, s.now())
	if err != nil {
		return nil, err
	}
	return &Signed{User: u, Token: token}, nil
}

// SignOut revokes a session token; an unknown or revoked one is not an
// error (the client is signed out either way).
func (s *Service) SignOut(ctx context.Context, token string) error {
	return s.store.RevokeSession(ctx, HashToken(token), s.now())
}
