package httpapi

import (
	"platter/internal/account"
)

// signIn answers auth/signin for customers and for platform users with a
// membership in the scheme (account.Service.SignIn has the rules): a wrong
// e-mail or password is 2061, the right password of an unverified address
// 2062, a delayed account or client 1429 with Retry-After.
func (s *Server) signIn(r *request) (*reply, error) {
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
