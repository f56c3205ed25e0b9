package httpapi

import (
	"strings"

	"platter/internal/account"
)

// signIn answers auth/signin for customers and for platform users with a
// membership in the scheme (account.Service.SignIn has the rules): a wrong
// e-mail or password is 2061, the right password of an unverified address
// 2062, a delayed account or client 1429 with Retry-After.
//
// Without business_slug it is a platform admin's sign-in (platformSignIn).
func (s *Server) signIn(r *request) (*reply, error) {
	if in, ok := platformAuth(r); ok {
		return s.platformSignIn(r, in)
	}
	in, c, sc, err := s.authStart(r, func(in *authIn, f map[string]string) {
		checkEmail(in, f)
		requireString(f, "password", in.Password)
	})
	if err != nil {
		return nil, err
	}
	out, err := s.acct.SignIn(r.Context(), c, in.Email, in.Password)
	return signedIn(sc, out, err)
}

// guest answers auth/guest: a guest of the scheme with its own token.
func (s *Server) guest(r *request) (*reply, error) {
	_, c, sc, err := s.authStart(r, nil)
	if err != nil {
		return nil, err
	}
	out, err := s.acct.Guest(r.Context(), c)
	return signedIn(sc, out, err)
}

// signOut answers auth/signout: the bearer token is revoked. It answers {}
// for a token that is already invalid too: the client is signed out either
// way.
func (s *Server) signOut(r *request) (*reply, error) {
	if tok := bearer(r); tok != "" && s.acct != nil {
		if err := s.acct.SignOut(r.Context(), tok); err != nil {
			return nil, err
		}
		if err := s.signOutPlatform(r, tok); err != nil {
			return nil, err
		}
	}
	return &reply{Data: struct{}{}}, nil
}

// accountService wires the account service on the server's store, clock
// and mail (texts from the i18n catalogue, sent as the scheme).
func (s *Server) accountService(o Options) *account.Service {
	if o.Accounts == nil {
		return nil
	}
	composer := notifyComposer(s.cfg)
	return account.NewService(account.Deps{Store: o.Accounts, Mailer: composer, Gate: o.Passwords,
		Now: s.now, Queued: o.MailQueued, Log: s.log})
}

// platformAuth reports an auth/signin that names no scheme, with its
// fields; a body that does not decode goes the usual way (and fails there).
func platformAuth(r *request) (*authIn, bool) {
	raw := r.Data
	if len(raw) == 0 || string(raw) == "null" {
		raw = r.Filter
	}
	var in authIn
	if err := decode(raw, &in); err != nil || strings.TrimSpace(in.BusinessSlug) != "" {
		return nil, false
	}
	in.Email = strings.TrimSpace(in.Email)
	return &in, true
}
