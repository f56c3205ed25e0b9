package account

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"platter/internal/i18n"
	"platter/internal/notify/mail"
)

// Store is what the account service needs of storage (store.DB). Every
// method is one short transaction: password hashing and mail delivery
// happen outside them (on SQLite a slow write transaction stalls every
// other writer).
type Store interface {
	Hitter
	CustomerByEmail(ctx context.Context, schemeID int64, email string) (*User, error)
	SignUp(ctx context.Context, su SignUp, codeMail, knownMail mail.Message, now time.Time) error
	ResendVerification(ctx context.Context, schemeID int64, email, codeHash string, m mail.Message, now time.Time) (bool, error)
	RequestReset(ctx context.Context, schemeID int64, email, codeHash string, m mail.Message, now time.Time) (bool, error)
	UseCode(ctx context.Context, in CodeUse, now time.Time) (*User, error)
	SignInCandidates(ctx context.Context, schemeID int64, email string) ([]User, error)
	SignInBlockedUntil(ctx context.Context, key string, now time.Time) (time.Time, error)
	SignInFailed(ctx context.Context, key string, now time.Time) (blockedUntil time.Time, err error)
	SignInSucceeded(ctx context.Context, key string) error
	CreateSession(ctx context.Context, userID, schemeID int64, tokenHash string, now time.Time) error
	Session(ctx context.Context, tokenHash string, now time.Time) (*Session, error)
	CreateGuest(ctx context.Context, schemeID int64, tokenHash string, now time.Time) (*User, error)
	RevokeSession(ctx context.Context, tokenHash string, now time.Time) error
}

// Mail kinds the service sends.
const (
	MailVerifyCode        = mail.KindVerifyCode
	MailResetCode         = mail.KindResetCode
	MailAlreadyRegistered = mail.KindAlreadyRegistered
)

// Mailer writes a mail of a kind for a scheme in a language (mail's
// Composer); email only fills the address into the page its link opens.
// To is left empty: the store addresses it to the address the account
// stored, never to one a caller typed.
type Mailer interface {
	Compose(kind, lang string, sc mail.Brand, email, code string, params map[string]string) (mail.Message, error)
}

// Scheme is the scheme an account call is made at.
type Scheme struct {
	ID    int64
	Brand mail.Brand
}

// Caller is who makes an account call: the scheme, the language mail is
// written in, and the client's address (its /64 for IPv6) for limits.
type Caller struct {
	Scheme Scheme
	Lang   string
	Client string
}

// Signed is the result of a call that signs in: the user, the new session
// token (only its hash is stored) and the user's roles at the scheme.
type Signed struct {
	User  *User
	Token string
	Roles []string
}

// Service runs the account flows (sign-up, verification, sign-in, password
// reset, guests) with their limits, hashing and mail, so the HTTP API,
// admin tools and background jobs share one path.
type Service struct {
	store  Store
	mail   Mailer
	gate   *Gate
	now    func() time.Time
	queued func()
	log    *slog.Logger
}

// Deps wires a Service. Gate nil is DefaultGate; Now nil is time.Now;
// Queued (may be nil) wakes the mail worker after a commit that queued
// mail.
type Deps struct {
	Store  Store
	Mailer Mailer
	Gate   *Gate
	Now    func() time.Time
	Queued func()
	Log    *slog.Logger
}

// NewService builds a Service.
func NewService(d Deps) *Service {
	s := &Service{store: d.Store, mail: d.Mailer, gate: d.Gate, now: d.Now, queued: d.Queued, log: d.Log}
	if s.gate == nil {
		s.gate = DefaultGate()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

func (s *Service) wake() {
	if s.queued != nil {
		s.queued()
	}
}

// Mail purposes, each with its own limit per address.
const (
	limitCode  = "verify"
	limitReset = "reset"
)

// limitMail allows a mail of a purpose to an address at most once a minute
// and five times an hour. It counts whether or not the address has an
// account, so its answer tells nothing about that.
func (s *Service) limitMail(ctx context.Context, c Caller, purpose, norm string) error {
	key := "mail:" + purpose + ":" + strconv.FormatInt(c.Scheme.ID, 10) + ":" + norm
	if err := Limit(ctx, s.store, key+":m", MailPerMinute, time.Minute, s.now()); err != nil {
		return err
	}
	return Limit(ctx, s.store, key+":h", MailPerHour, time.Hour, s.now())
}

func (s *Service) compose(c Caller, kind, email, code string) (mail.Message, error) {
	return s.mail.Compose(kind, c.Lang, c.Scheme.Brand, strings.TrimSpace(email), code,
		map[string]string{i18n.CountParam: strconv.Itoa(int(CodeTTL / time.Minute))})
}
