package account

import (
	"context"

	"platter/internal/platter"
)

// ForgottenPassword mails a reset code to a customer's stored address
// (within the address's mail limit); an unknown address gets nothing, and
// the answer is the same.
func (s *Service) ForgottenPassword(ctx context.Context, c Caller, email string) error {
	if err := s.limitMail(ctx, c, limitReset, NormalizeEmail(email)); err != nil {
		return err
	}
	code := NewCode()
	m, err := s.compose(c, MailResetCode, email, code)
	if err != nil {
		return platter.Internal(err)
	}
	sent, err := s.store.RequestReset(ctx, c.Scheme.ID, email, HashToken(code), m, s.now())
	if sent {
		s.wake()
	}
	return err
}

// ResetPassword sets a new password with a reset code, ends every session
// of the account and signs in. The code is checked first (a wrong one
// counts a try and costs no hash), the new password is hashed outside any
// transaction, and the code is used and the password set in a second
// transaction that fails if the code was used meanwhile. A busy answer
// (1503) leaves the code usable.
func (s *Service) ResetPassword(ctx context.Context, c Caller, email, code, password string) (*Signed, error) {
	use := CodeUse{SchemeID: c.Scheme.ID, Email: email, Purpose: PurposeReset, CodeHash: HashToken(code), CheckOnly: true}
	if _, err := s.store.UseCode(ctx, use, s.now()); err != nil {
		return nil, err
	}
	hash, err := s.gate.Hash(ctx, password)
	if err != nil {
		return nil, err
	}
	token, tokenHash := NewToken()
	use.CheckOnly, use.NewPasswordHash, use.TokenHash = false, hash, tokenHash
	u, err := s.store.UseCode(ctx, use, s.now())
	if err != nil {
		return nil, err
	}
	return &Signed{User: u, Token: token}, nil
}
