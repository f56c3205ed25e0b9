package httpapi

import (
	"regexp"
	"strings"

	"platter/internal/account"
	"platter/internal/catalog"
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
	Token         string `json:"token" text:"max=100"` // an invitation link's
}

// sessionOut answers the calls that sign in.
type sessionOut struct {
	Token string   `json:"token"`
	User  userJSON `json:"user"`
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// authStart decodes an auth call (from data, or filter for clients that
// send one), passes the per-IP limit and resolves the scheme into the
// account service's caller. fields are validated before anything is
// counted or looked up.
func (s *Server) authStart(r *request, check func(in *authIn, fields map[string]string)) (*authIn, account.Caller, *catalog.Scheme, error) {
	var c account.Caller
	raw := r.Data
	if len(raw) == 0 || string(raw) == "null" {
		raw = r.Filter
	}
	var in authIn
	if err := decode(raw, &in); err != nil {
		return nil, c, nil, err
	}
	in.Email = strings.TrimSpace(in.Email)
	fields := map[string]string{}
	requireString(fields, "business_slug", in.BusinessSlug)
	if check != nil {
		check(&in, fields)
	}
	if len(fields) > 0 {
		return nil, c, nil, platter.Invalid(fields)
	}
	if s.acct == nil {
		return nil, c, nil, &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	if err := s.limitIP(r); err != nil {
		return nil, c, nil, err
	}
	sc, err := s.cat.SchemeBySlug(r.Context(), in.BusinessSlug)
	if err != nil {
		return nil, c, nil, schemeNotFound(err)
	}
	return &in, s.accountCaller(r, sc), sc, nil
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

// signUp answers auth/signup. Whether the address is new, pending or
// already registered, the answer is the same; only the mail differs.
func (s *Server) signUp(r *request) (*reply, error) {
	in, c, _, err := s.authStart(r, checkSignUp)
	if err != nil {
		return nil, err
	}
	err = s.acct.SignUp(r.Context(), c, account.SignUpForm{Email: in.Email, Password: in.Password,
		FirstName: in.FirstName, LastName: in.LastName, ContactNumber: in.ContactNumber})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"email": in.Email, "verification_required": true}}, nil
}

// verify answers auth/verify: the code from the sign-up mail signs in.
func (s *Server) verify(r *request) (*reply, error) {
	in, c, sc, err := s.authStart(r, func(in *authIn, f map[string]string) {
		checkEmail(in, f)
		checkCode(in, f)
	})
	if err != nil {
		return nil, err
	}
	out, err := s.acct.Verify(r.Context(), c, in.Email, in.Code)
	return signedIn(sc, out, err)
}

// resetPassword answers auth/reset-password: the code from the reset mail
// sets a new password, ends every session of the account and signs in.
func (s *Server) resetPassword(r *request) (*reply, error) {
	in, c, sc, err := s.authStart(r, func(in *authIn, f map[string]string) {
		checkEmail(in, f)
		checkCode(in, f)
		checkPassword(in, f)
	})
	if err != nil {
		return nil, err
	}
	out, err := s.acct.ResetPassword(r.Context(), c, in.Email, in.Code, in.Password)
	return signedIn(sc, out, err)
}

// signedIn is the answer of a call that signs in at sc.
func signedIn(sc *catalog.Scheme, out *account.Signed, err error) (*reply, error) {
	if err != nil {
		return nil, err
	}
	return &reply{Data: sessionOut{Token: out.Token, User: toUserJSON(out.User, sc, out.Roles)}}, nil
}

// resendConfirmation answers auth/resend-confirmation with {} whether or not
// the address has an unverified account.
func (s *Server) resendConfirmation(r *request) (*reply, error) {
	in, c, _, err := s.authStart(r, checkEmail)
	if err != nil {
		return nil, err
	}
	if err := s.acct.ResendVerification(r.Context(), c, in.Email); err != nil {
		return nil, err
	}
	return &reply{Data: struct{}{}}, nil
}

// forgottenPassword answers auth/forgotten-password with {} whether or not
// the address has an account; only an account gets a code, at the address
// it stored.
func (s *Server) forgottenPassword(r *request) (*reply, error) {
	in, c, _, err := s.authStart(r, checkEmail)
	if err != nil {
		return nil, err
	}
	if err := s.acct.ForgottenPassword(r.Context(), c, in.Email); err != nil {
		return nil, err
	}
	return &reply{Data: struct{}{}}, nil
}
