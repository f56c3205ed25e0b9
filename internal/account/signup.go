package account

import (
	"context"

	"platter/internal/platter"
)

// SignUpForm is what a customer fills in to sign up (already validated).
type SignUpForm struct {
	Email, Password, FirstName, LastName, ContactNumber string
}

// SignUp registers a customer, or re-asks for verification, and queues the
// mail it causes; the answer is the same whether the address is new,
// pending or registered (only the mail differs), and each case costs one
// password hash, so neither answer nor timing tells them apart.
//
// The rule for an address whose sign-up is pending (not verified yet): a
// later sign-up never changes that sign-up's password or profile. Its
// password is checked against the pending one: the same password (the same
// person, whose first mail was slow) gets a new code; another password
// means two people claim the address, and nobody can tell which of them
// owns the mailbox, so the account is left with no password: whoever types
// a code proves the mailbox and is signed in, then chooses a password with
// forgotten-password. Either way the second password never signs in.
func (s *Service) SignUp(ctx context.Context, c Caller, f SignUpForm) error {
	norm := NormalizeEmail(f.Email)
	if err := s.limitMail(ctx, c, limitCode, norm); err != nil {
		return err
	}
	su := SignUp{SchemeID: c.Scheme.ID, Email: f.Email, Profile: Profile{FirstName: f.FirstName,
		LastName: f.LastName, ContactNumber: f.ContactNumber, Email: f.Email}}
	u, err := s.store.CustomerByEmail(ctx, c.Scheme.ID, f.Email)
	switch {
	case platter.ErrorCode(err) == platter.CodeNotFound:
		su.Profile.PasswordHash, err = s.gate.Hash(ctx, f.Password)
	case err != nil:
	case u.Verified:
		err = s.gate.Burn(ctx, f.Password)
	default:
		su.SeenHash = u.PasswordHash
		su.SamePassword, err = s.gate.Check(ctx, u.PasswordHash, f.Password)
	}
	if err != nil {
		return err
	}
	code := NewCode()
	su.CodeHash = HashToken(code)
	codeMail, err := s.compose(c, MailVerifyCode, f.Email, code)
	if err != nil {
		return platter.Internal(err)
	}
	knownMail, err := s.compose(c, MailAlreadyRegistered, f.Email, "")
	if err != nil {
		return platter.Internal(err)
	}
	if err := s.store.SignUp(ctx, su, codeMail, knownMail, s.now()); err != nil {
		return err
	}
	s.wake()
	return nil
}

// Verify uses the code of a sign-up mail: the address is verified and the
// caller signed in.
func (s *Service) Verify(ctx context.Context, c Caller, email, code string) (*Signed, error) {
	token, tokenHash := NewToken()
	u, err := s.store.UseCode(ctx, CodeUse{SchemeID: c.Scheme.ID, Email: email, Purpose: PurposeVerify,
		CodeHash: HashToken(code), TokenHash: tokenHash}, s.now())
	if err != nil {
		return nil, err
	}
	return &Signed{User: u, Token: token}, nil
}

// ResendVerification mails a new code to a pending account (within the
// address's mail limit); for any other address it does nothing, and the
// answer is the same.
func (s *Service) ResendVerification(ctx context.Context, c Caller, email string) error {
	if err := s.limitMail(ctx, c, limitCode, NormalizeEmail(email)); err != nil {
		return err
	}
	return s.sendVerifyCode(ctx, c, email)
}

func (s *Service) sendVerifyCode(ctx context.Context, c Caller, email string) error {
	code := NewCode()
	m, err := s.compose(c, MailVerifyCode, email, code)
	if err != nil {
		return platter.Internal(err)
	}
	sent, err := s.store.ResendVerification(ctx, c.Scheme.ID, email, HashToken(code), m, s.now())
	if sent {
		s.wake()
	}
	return err
}
