package httpapi

import (
	"strconv"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/platter"
)

func errBadCredentials() error {
	return &platter.Error{Code: platter.CodeBadCredentials, Message: "error.bad_credentials"}
}

// signIn answers auth/signin for customers and for platform users with a
// membership in the scheme. A wrong e-mail or password is 2061, and an
// unknown e-mail burns the time of a password check so the two cannot be
// told apart. The right password for an unverified address is 2062: the
// client goes to Verify, and a fresh code is mailed (when the mail limit
// allows).
func (s *Server) signIn(r *request) (*reply, error) {
	in, sc, err := s.authStart(r, func(in *authIn, f map[string]string) {
		checkEmail(in, f)
		requireString(f, "password", in.Password)
	})
	if err != nil {
		return nil, err
	}
	norm := account.NormalizeEmail(in.Email)
	key := "signin:" + s.clientIP(r) + ":" + strconv.FormatInt(sc.ID, 10) + ":" + norm
	if err := s.limit(r, key, signInLimit, time.Minute); err != nil {
		return nil, err
	}
	users, err := s.accounts.SignInCandidates(r.Context(), sc.ID, in.Email)
	if err != nil {
		return nil, err
	}
	if len(users) == 0 {
		account.BurnTime(in.Password)
		return nil, errBadCredentials()
	}
	for i := range users {
		u := &users[i]
		ok, err := account.CheckPassword(u.PasswordHash, in.Password)
		if err != nil || !ok {
			continue
		}
		if !u.Verified {
			return nil, s.notVerified(r, sc, in.Email)
		}
		token, hash := account.NewToken()
		if err := s.accounts.CreateSession(r.Context(), u.ID, sc.ID, hash, s.now()); err != nil {
			return nil, err
		}
		sess, err := s.accounts.Session(r.Context(), hash, s.now())
		if err != nil {
			return nil, err
		}
		return &reply{Data: sessionOut{Token: token, User: toUserJSON(u, sc, sess.Roles)}}, nil
	}
	return nil, errBadCredentials()
}

// notVerified re-sends a verification code (when the per-address limit
// allows; a refusal is not the caller's problem here) and answers 2062.
func (s *Server) notVerified(r *request, sc *catalog.Scheme, email string) error {
	if s.limitMail(r, sc, mailPurposeCode, account.NormalizeEmail(email)) == nil {
		if err := s.sendVerifyCode(r, sc, email); err != nil {
			s.log.Error("re-send verification on sign-in", "err", err)
		}
	}
	return &platter.Error{Code: platter.CodeNotVerified, Message: "error.not_verified"}
}

// guest answers auth/guest: a guest of the scheme with its own token.
func (s *Server) guest(r *request) (*reply, error) {
	_, sc, err := s.authStart(r, nil)
	if err != nil {
		return nil, err
	}
	token, hash := account.NewToken()
	u, err := s.accounts.CreateGuest(r.Context(), sc.ID, hash, s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: sessionOut{Token: token, User: toUserJSON(u, sc, nil)}}, nil
}

// signOut answers auth/signout: the bearer token is revoked. It answers {}
// for a token that is already invalid too: the client is signed out either
// way.
func (s *Server) signOut(r *request) (*reply, error) {
	if tok := bearer(r); tok != "" && s.accounts != nil {
		if err := s.accounts.RevokeSession(r.Context(), account.HashToken(tok), s.now()); err != nil {
			return nil, err
		}
	}
	return &reply{Data: struct{}{}}, nil
}
