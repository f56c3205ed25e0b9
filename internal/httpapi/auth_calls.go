package httpapi

import (
	"regexp"
	"strings"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/notify"
	"platter/internal/phone"
	"platter/internal/platter"
)

// authIn is the body of every auth call; each call reads what it needs.
type authIn struct {
	BusinessSlug  string `json:"business_slug"`
	Email         string `json:"email"`
	Password      string `json:"password"`
	FirstName     string `json:"first_name"`
	LastName      string `json:"last_name"`
	ContactNumber string `json:"contact_number"`
	Code          string `json:"code"`
}

// sessionOut answers the calls that sign in.
type sessionOut struct {
	Token string   `json:"token"`
	User  userJSON `json:"user"`
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// authStart decodes an auth call (from data, or filter for clients that
// send one), passes the per-IP limit and resolves the scheme. fields are
// validated before anything is counted or looked up.
func (s *Server) authStart(r *request, check func(in *authIn, fields map[string]string)) (*authIn, *catalog.Scheme, error) {
	raw := r.Data
	if len(raw) == 0 || string(raw) == "null" {
		raw = r.Filter
	}
	var in authIn
	if err := decode(raw, &in); err != nil {
		return nil, nil, err
	}
	in.Email = strings.TrimSpace(in.Email)
	fields := map[string]string{}
	requireString(fields, "business_slug", in.BusinessSlug)
	if check != nil {
		check(&in, fields)
	}
	if len(fields) > 0 {
		return nil, nil, platter.Invalid(fields)
	}
	if s.accounts == nil {
		return nil, nil, &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	if err := s.limitIP(r); err != nil {
		return nil, nil, err
	}
	sc, err := s.cat.SchemeBySlug(r.Context(), in.BusinessSlug)
	if err != nil {
		return nil, nil, schemeNotFound(err)
	}
	return &in, sc, nil
}

func checkEmail(in *authIn, fields map[string]string) {
	if p := account.EmailProblem(in.Email); p != "" {
		fields["email"] = p
	}
}

func checkPassword(in *authIn, fields map[string]string) {
	if p := account.PasswordProblem(in.Password); p != "" {
		fields["password"] = p
	}
}

func checkCode(in *authIn, fields map[string]string) {
	in.Code = strings.TrimSpace(in.Code)
	if !sixDigits.MatchString(in.Code) {
		fields["code"] = "validation.code_format"
	}
}

func checkSignUp(in *authIn, fields map[string]string) {
	checkEmail(in, fields)
	checkPassword(in, fields)
	for name, v := range map[string]*string{"first_name": &in.FirstName, "last_name": &in.LastName} {
		*v = strings.TrimSpace(*v)
		if *v == "" {
			fields[name] = "validation." + name + "_required"
		} else if len(*v) > 100 {
			fields[name] = "validation.too_long"
		}
	}
	if strings.TrimSpace(in.ContactNumber) == "" {
		fields["contact_number"] = "validation.phone_required"
	} else if e164, ok := phone.Validate(in.ContactNumber); !ok {
		fields["contact_number"] = "validation.phone_incorrect"
	} else {
		in.ContactNumber = e164
	}
}

// signUp answers auth/signup. Whether the address is new, unverified or
// already registered, the answer is the same; only the mail differs.
func (s *Server) signUp(r *request) (*reply, error) {
	in, sc, err := s.authStart(r, checkSignUp)
	if err != nil {
		return nil, err
	}
	if err := s.limitMail(r, sc, mailPurposeCode, account.NormalizeEmail(in.Email)); err != nil {
		return nil, err
	}
	hash, err := account.HashPassword(in.Password)
	if err != nil {
		return nil, platter.Internal(err)
	}
	code := account.NewCode()
	codeMail, err := s.mail(r, sc, notify.KindVerifyCode, in.Email, code)
	if err != nil {
		return nil, err
	}
	knownMail, err := s.mail(r, sc, notify.KindAlreadyRegistered, in.Email, "")
	if err != nil {
		return nil, err
	}
	su := account.SignUp{SchemeID: sc.ID, Email: in.Email, CodeHash: account.HashToken(code),
		Profile: account.Profile{PasswordHash: hash, FirstName: in.FirstName, LastName: in.LastName,
			ContactNumber: in.ContactNumber, Email: in.Email}}
	if err := s.accounts.SignUp(r.Context(), su, codeMail, knownMail, s.now()); err != nil {
		return nil, err
	}
	s.queued()
	return &reply{Data: map[string]any{"email": in.Email, "verification_required": true}}, nil
}

// verify answers auth/verify: the code from the sign-up mail signs in.
func (s *Server) verify(r *request) (*reply, error) {
	return s.useCode(r, account.PurposeVerify, func(in *authIn, f map[string]string) {
		checkEmail(in, f)
		checkCode(in, f)
	})
}

// resetPassword answers auth/reset-password: the code from the reset mail
// sets a new password, ends every session of the account and signs in.
func (s *Server) resetPassword(r *request) (*reply, error) {
	return s.useCode(r, account.PurposeReset, func(in *authIn, f map[string]string) {
		checkEmail(in, f)
		checkCode(in, f)
		checkPassword(in, f)
	})
}

func (s *Server) useCode(r *request, purpose string, check func(*authIn, map[string]string)) (*reply, error) {
	in, sc, err := s.authStart(r, check)
	if err != nil {
		return nil, err
	}
	use := account.CodeUse{SchemeID: sc.ID, Email: in.Email, Purpose: purpose, CodeHash: account.HashToken(in.Code)}
	if purpose == account.PurposeReset {
		if use.NewPasswordHash, err = account.HashPassword(in.Password); err != nil {
			return nil, platter.Internal(err)
		}
	}
	token, tokenHash := account.NewToken()
	use.TokenHash = tokenHash
	u, err := s.accounts.UseCode(r.Context(), use, s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: sessionOut{Token: token, User: toUserJSON(u, sc, nil)}}, nil
}

// resendConfirmation answers auth/resend-confirmation with {} whether or not
// the address has an unverified account.
func (s *Server) resendConfirmation(r *request) (*reply, error) {
	in, sc, err := s.authStart(r, checkEmail)
	if err != nil {
		return nil, err
	}
	if err := s.limitMail(r, sc, mailPurposeCode, account.NormalizeEmail(in.Email)); err != nil {
		return nil, err
	}
	if err := s.sendVerifyCode(r, sc, in.Email); err != nil {
		return nil, err
	}
	return &reply{Data: struct{}{}}, nil
}

func (s *Server) sendVerifyCode(r *request, sc *catalog.Scheme, email string) error {
	code := account.NewCode()
	m, err := s.mail(r, sc, notify.KindVerifyCode, email, code)
	if err != nil {
		return err
	}
	sent, err := s.accounts.ResendVerification(r.Context(), sc.ID, email, account.HashToken(code), m, s.now())
	if sent {
		s.queued()
	}
	return err
}

// forgottenPassword answers auth/forgotten-password with {} whether or not
// the address has an account; only an account gets a code.
func (s *Server) forgottenPassword(r *request) (*reply, error) {
	in, sc, err := s.authStart(r, checkEmail)
	if err != nil {
		return nil, err
	}
	if err := s.limitMail(r, sc, mailPurposeRset, account.NormalizeEmail(in.Email)); err != nil {
		return nil, err
	}
	code := account.NewCode()
	m, err := s.mail(r, sc, notify.KindResetCode, in.Email, code)
	if err != nil {
		return nil, err
	}
	sent, err := s.accounts.RequestReset(r.Context(), sc.ID, in.Email, account.HashToken(code), m, s.now())
	if err != nil {
		return nil, err
	}
	if sent {
		s.queued()
	}
	return &reply{Data: struct{}{}}, nil
}
