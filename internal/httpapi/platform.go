package httpapi

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/audit"
	"platter/internal/catalog"
	"platter/internal/platter"
)

// Platform is what the platform console needs of storage (store.DB):
// platform admins, their sessions (apart from the schemes'), and schemes
// listed and created (docs/architecture.md §10).
type Platform interface {
	PlatformAdminByEmail(ctx context.Context, email string) (*account.User, error)
	CreatePlatformSession(ctx context.Context, userID int64, tokenHash string, now time.Time) error
	PlatformSession(ctx context.Context, tokenHash string, now time.Time) (int64, string, error)
	RevokePlatformSession(ctx context.Context, tokenHash string, now time.Time) error
	PlatformSchemes(ctx context.Context) ([]catalog.SchemeSummary, error)
	CreateScheme(ctx context.Context, doc *catalog.SchemeDoc, a audit.Audit, now time.Time) (*catalog.ImportResult, error)
}

func (s *Server) platformReady() error {
	if s.platform == nil || s.acct == nil {
		return &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	return nil
}

// platformCaller resolves a platform admin's token: 1401 for anything else
// (a scheme's token included).
func (s *Server) platformCaller(r *request) (*Caller, error) {
	tok := bearer(r)
	if tok == "" || s.platform == nil {
		return nil, errSignIn()
	}
	id, email, err := s.platform.PlatformSession(r.Context(), account.HashToken(tok), s.now())
	if err != nil {
		if platter.ErrorCode(err) == platter.CodeNotFound {
			return nil, errSignIn()
		}
		return nil, err
	}
	return &Caller{UserID: id, Email: email, Roles: []string{rolePlatform}}, nil
}

// rolePlatform is the role a platform admin's sign-in answers with (with an
// empty business_slug: no scheme).
const rolePlatform = account.RoleAdmin

// platformSignIn answers auth/signin without business_slug: a platform
// admin's e-mail and password open a session good for platform/* only.
// Anyone else, a wrong password included, is 2061, after the same
// password work, so the answer does not tell who is an admin.
func (s *Server) platformSignIn(r *request, in *authIn) (*reply, error) {
	fields := map[string]string{}
	checkEmail(in, fields)
	requireString(fields, "password", in.Password)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.platformReady(); err != nil {
		return nil, err
	}
	if err := s.limitIP(r); err != nil {
		return nil, err
	}
	norm := account.NormalizeEmail(in.Email)
	if err := account.Limit(r.Context(), s.accounts, "platform-signin:"+norm, account.SignInPerMinute, time.Minute, s.now()); err != nil {
		return nil, err
	}
	u, err := s.platform.PlatformAdminByEmail(r.Context(), in.Email)
	if err != nil {
		return nil, err
	}
	gate := s.passwords
	if u == nil {
		if err := gate.Burn(r.Context(), in.Password); err != nil {
			return nil, err
		}
		return nil, account.ErrBadCredentials()
	}
	ok, err := gate.Check(r.Context(), u.PasswordHash, in.Password)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, account.ErrBadCredentials()
	}
	token, hash := account.NewToken()
	if err := s.platform.CreatePlatformSession(r.Context(), u.ID, hash, s.now()); err != nil {
		return nil, err
	}
	return &reply{Data: sessionOut{Token: token, User: userJSON{ID: u.ID, Email: u.Email, FirstName: u.FirstName,
		LastName: u.LastName, Roles: []string{rolePlatform}, Rewards: []any{}}}}, nil
}

type platformSchemeJSON struct {
	BusinessSlug string    `json:"business_slug"`
	Name         string    `json:"name"`
	Currency     string    `json:"currency"`
	Venues       int       `json:"venues"`
	CreatedAt    time.Time `json:"created_at"`
}

// platformSchemesList answers platform/schemes/list: every scheme, newest
// first.
func (s *Server) platformSchemesList(r *request, c *Caller) (*reply, error) {
	if err := s.platformReady(); err != nil {
		return nil, err
	}
	list, err := s.platform.PlatformSchemes(r.Context())
	if err != nil {
		return nil, err
	}
	out := make([]platformSchemeJSON, len(list))
	for i, sc := range list {
		out[i] = platformSchemeJSON{BusinessSlug: sc.Slug, Name: sc.Name, Currency: sc.Currency, Venues: sc.Venues,
			CreatedAt: sc.CreatedAt}
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}

// reservedSlugs are first path segments the server or the web app use
// themselves, so no scheme may be called that.
var reservedSlugs = []string{"platform", "api", "admin", "assets", "media", "demo-assets", "healthz", "readyz",
	"metrics", "static", "robots", "sitemap", "manifest", "sw", "www"}

var schemeSlugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,62}$`)

type schemeCreateIn struct {
	BusinessSlug string   `json:"business_slug" text:"max=63"`
	Name         string   `json:"name" text:"max=120"`
	Country      string   `json:"country" text:"max=2"`
	Currency     string   `json:"currency" text:"max=3"`
	Languages    []string `json:"languages"`
	ManagerEmail string   `json:"manager_email"`
	Lang         string   `json:"lang"`
}

func (in *schemeCreateIn) problems() map[string]string {
	f := map[string]string{}
	in.BusinessSlug, in.Name = strings.TrimSpace(in.BusinessSlug), strings.TrimSpace(in.Name)
	in.ManagerEmail = strings.TrimSpace(in.ManagerEmail)
	switch {
	case in.BusinessSlug == "":
		f["business_slug"] = "validation.required"
	case !schemeSlugRE.MatchString(in.BusinessSlug):
		f["business_slug"] = "platform.slug_format"
	case slices.Contains(reservedSlugs, in.BusinessSlug):
		f["business_slug"] = "platform.slug_taken"
	}
	if in.Name == "" {
		f["name"] = "validation.required"
	}
	if !slices.Contains(catalog.Countries, in.Country) {
		f["country"] = "platform.country"
	}
	if !slices.Contains(catalog.Currencies, in.Currency) {
		f["currency"] = "platform.currency"
	}
	if len(in.Languages) == 0 {
		f["languages"] = "platform.languages"
	}
	seen := map[string]bool{}
	for _, l := range in.Languages {
		if !slices.Contains(catalog.Languages, l) || seen[l] {
			f["languages"] = "platform.languages"
		}
		seen[l] = true
	}
	if p := account.EmailProblem(in.ManagerEmail); p != "" {
		f["manager_email"] = p
	}
	if in.Lang != "" && !slices.Contains(catalog.Languages, in.Lang) {
		f["lang"] = "validation.type"
	}
	return f
}

// platformSchemesCreate answers platform/schemes/create: a new scheme with
// its brand (no venues or menus yet; the back office adds them), an audit
// row, and an invitation of its first manager, mailed as admin/team/invite
// mails one (in lang, by default the first of the scheme's languages); the
// link lands in the new scheme's back office.
func (s *Server) platformSchemesCreate(r *request, c *Caller) (*reply, error) {
	var in schemeCreateIn
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if f := in.problems(); len(f) > 0 {
		return nil, platter.Invalid(f)
	}
	if err := s.platformReady(); err != nil {
		return nil, err
	}
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	doc := &catalog.SchemeDoc{BusinessSlug: in.BusinessSlug, Name: in.Name, Country: in.Country,
		Currency: in.Currency, Languages: in.Languages, Theme: 1, Colour: defaultColour}
	a := audit.Audit{ActorUserID: c.UserID, ActorEmail: c.Email, Action: "scheme.create", Target: in.BusinessSlug}
	if _, err := s.platform.CreateScheme(r.Context(), doc, a, s.now()); err != nil {
		return nil, err
	}
	sc, err := s.cat.SchemeBySlug(r.Context(), in.BusinessSlug)
	if err != nil {
		return nil, err
	}
	ac := s.accountCaller(r, sc)
	ac.Lang = in.Languages[0]
	if in.Lang != "" {
		ac.Lang = in.Lang
	}
	inv, err := s.teamFlow.Invite(r.Context(), ac, c.UserID, account.Invitee{Email: in.ManagerEmail,
		Role: account.RoleManager})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"business_slug": sc.Slug, "invitation": toInvitationJSON(inv)}}, nil
}

// defaultColour is a new scheme's main colour until its manager sets one.
const defaultColour = "#2f6f4f"

// signOutPlatform revokes a platform admin's token too (auth/signout takes
// either kind).
func (s *Server) signOutPlatform(r *request, tok string) error {
	if s.platform == nil {
		return nil
	}
	return s.platform.RevokePlatformSession(r.Context(), account.HashToken(tok), s.now())
}
