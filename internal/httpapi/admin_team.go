package httpapi

import (
	"context"
	"slices"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/notify/mail"
	"platter/internal/platter"
)

// Team is what the back office's team and outbox pages need of storage
// (store.DB): members, invitations and the scheme's mail.
type Team interface {
	account.TeamStore
	Members(ctx context.Context, schemeID int64) ([]account.Member, error)
	Invitations(ctx context.Context, schemeID int64, now time.Time) ([]account.Invitation, error)
	RevokeInvitation(ctx context.Context, schemeID, id int64, now time.Time) error
	RemoveMember(ctx context.Context, r account.MemberRemoval, now time.Time) ([]account.Member, error)
	OutboxPage(ctx context.Context, schemeID int64, limit, offset int) ([]mail.Entry, int, error)
}

// teamFlows wires the invitation flows on the server's store, clock, mail
// and password gate; nil without a Team store.
func (s *Server) teamFlows(o Options) *account.Team {
	if o.Team == nil {
		return nil
	}
	gate := o.Passwords
	if gate == nil {
		gate = account.DefaultGate()
	}
	return &account.Team{Store: o.Team, Mailer: notifyComposer(s.cfg), Gate: gate, Now: s.now, Queued: o.MailQueued}
}

func (s *Server) teamReady() error {
	if s.team == nil || s.teamFlow == nil {
		return &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	return nil
}

type memberJSON struct {
	UserID    int64     `json:"user_id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	VenueSlug *string   `json:"venue_slug"`
	Since     time.Time `json:"since"`
	IsYou     bool      `json:"is_you"`
}

type invitationJSON struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	VenueSlug *string   `json:"venue_slug"`
	FirstName string    `json:"first_name"`
	LastName  string    `json:"last_name"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"`
}

func optSlug(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toInvitationJSON(in *account.Invitation) invitationJSON {
	return invitationJSON{ID: in.ID, Email: in.Email, Role: in.Role, VenueSlug: optSlug(in.VenueSlug),
		FirstName: in.FirstName, LastName: in.LastName, CreatedAt: in.CreatedAt, ExpiresAt: in.ExpiresAt}
}

// adminTeamList answers admin/team/list: the scheme's members (one row per
// membership) and its pending invitations.
func (s *Server) adminTeamList(r *request, c *Caller) (*reply, error) {
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	ms, err := s.team.Members(r.Context(), c.SchemeID)
	if err != nil {
		return nil, err
	}
	invs, err := s.team.Invitations(r.Context(), c.SchemeID, s.now())
	if err != nil {
		return nil, err
	}
	members := make([]memberJSON, 0, len(ms))
	for _, m := range ms {
		members = append(members, memberJSON{UserID: m.UserID, Email: m.Email, Role: m.Role,
			VenueSlug: optSlug(m.VenueSlug), Since: m.Since, IsYou: m.UserID == c.UserID})
	}
	pending := make([]invitationJSON, 0, len(invs))
	for i := range invs {
		pending = append(pending, toInvitationJSON(&invs[i]))
	}
	return &reply{Data: map[string]any{"members": members, "invitations": pending}}, nil
}

// adminTeamInvite answers admin/team/invite: an invitation of an address
// to staff, driver or manager of the scheme (or of one venue), mailed with
// a link in the language asked for (the caller's by default). A driver is
// invited with a name (first_name required), which the board shows when
// assigning an order.
func (s *Server) adminTeamInvite(r *request, c *Caller) (*reply, error) {
	var in struct {
		Email     string `json:"email"`
		Role      string `json:"role"`
		VenueSlug string `json:"venue_slug"`
		FirstName string `json:"first_name" text:"max=100"`
		LastName  string `json:"last_name" text:"max=100"`
		Lang      string `json:"lang"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	in.Email = strings.TrimSpace(in.Email)
	fields := map[string]string{}
	if p := account.EmailProblem(in.Email); p != "" {
		fields["email"] = p
	}
	if !slices.Contains(account.InvitableRoles, in.Role) {
		fields["role"] = "team.role_invalid"
	}
	if in.Role == account.RoleDriver && strings.TrimSpace(in.FirstName) == "" {
		fields["first_name"] = "team.driver_name_required"
	}
	lang := r.Lang
	if in.Lang != "" {
		if !slices.Contains(i18n.Languages, in.Lang) {
			fields["lang"] = "validation.type"
		}
		lang = in.Lang
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	sc, venues, err := s.schemeVenues(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	venueName := ""
	if in.VenueSlug != "" {
		i := slices.IndexFunc(venues, func(v catalog.Venue) bool { return v.Slug == in.VenueSlug })
		if i < 0 {
			return nil, &platter.Error{Code: platter.CodeNotFound, Message: "error.not_found",
				Fields: map[string]string{"venue_slug": "error.not_found"}}
		}
		venueName = venues[i].Name
	}
	ac := s.accountCaller(r, sc)
	ac.Lang = lang
	inv, err := s.teamFlow.Invite(r.Context(), ac, c.UserID, account.Invitee{Email: in.Email, Role: in.Role,
		VenueSlug: in.VenueSlug, VenueName: venueName, FirstName: in.FirstName, LastName: in.LastName})
	if err != nil {
		return nil, err
	}
	return &reply{Data: toInvitationJSON(inv)}, nil
}

// adminTeamRevoke answers admin/team/revoke: a pending invitation's link
// stops working, or a member loses every membership at the scheme (a
// manager never removes a platform admin, nor themselves) and every
// session there, at once.
func (s *Server) adminTeamRevoke(r *request, c *Caller) (*reply, error) {
	var in struct {
		UserID       int64 `json:"user_id"`
		InvitationID int64 `json:"invitation_id"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	switch {
	case (in.UserID == 0) == (in.InvitationID == 0):
		return nil, platter.Invalid(map[string]string{"user_id": "team.one_of"})
	case in.UserID == c.UserID:
		return nil, platter.Invalid(map[string]string{"user_id": "team.not_yourself"})
	}
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	if in.InvitationID != 0 {
		if err := s.team.RevokeInvitation(r.Context(), c.SchemeID, in.InvitationID, s.now()); err != nil {
			return nil, err
		}
		return &reply{Data: map[string]any{"revoked": 1}}, nil
	}
	rm := account.MemberRemoval{SchemeID: c.SchemeID, SchemeSlug: c.SchemeSlug, UserID: in.UserID}
	if !c.SchemeWide(account.RoleAdmin) {
		rm.Spare = []string{account.RoleAdmin}
	}
	gone, err := s.team.RemoveMember(r.Context(), rm, s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"revoked": len(gone)}}, nil
}

// outboxPerPage is the page size of admin/outbox/list.
const outboxPerPage = 50

type outboxJSON struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind"`
	To        string     `json:"to"`
	Subject   string     `json:"subject"`
	Status    string     `json:"status"`
	Attempts  int        `json:"attempts"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
}

// adminOutboxList answers admin/outbox/list: the scheme's mail, newest
// first, 50 a page (page from 1); meta total.
func (s *Server) adminOutboxList(r *request, c *Caller) (*reply, error) {
	var f struct {
		Page int `json:"page"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	if f.Page < 0 || f.Page > 100000 {
		return nil, platter.Invalid(map[string]string{"page": "validation.type"})
	}
	if f.Page == 0 {
		f.Page = 1
	}
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	entries, total, err := s.team.OutboxPage(r.Context(), c.SchemeID, outboxPerPage, (f.Page-1)*outboxPerPage)
	if err != nil {
		return nil, err
	}
	out := make([]outboxJSON, 0, len(entries))
	for _, e := range entries {
		out = append(out, outboxJSON{ID: e.ID, Kind: e.Kind, To: e.To, Subject: e.Subject, Status: e.Status,
			Attempts: e.Attempts, CreatedAt: e.CreatedAt, SentAt: e.SentAt})
	}
	return &reply{Data: out, Meta: map[string]any{"total": total, "page": f.Page, "per_page": outboxPerPage}}, nil
}

// invitationViewJSON is what the invitation page shows before accepting.
type invitationViewJSON struct {
	Email      string  `json:"email"`
	Role       string  `json:"role"`
	VenueSlug  *string `json:"venue_slug"`
	VenueName  string  `json:"venue_name"`
	SchemeName string  `json:"scheme_name"`
	HasAccount bool    `json:"has_account"`
	ExpiresAt  string  `json:"expires_at"`
}

func checkToken(in *authIn, fields map[string]string) {
	in.Token = strings.TrimSpace(in.Token)
	if in.Token == "" {
		fields["token"] = "validation.required"
	}
}

// authInvitation answers auth/invitation: what a pending invitation link
// invites to (2070 for anything else), so the page can ask for a new
// password or the account's own.
func (s *Server) authInvitation(r *request) (*reply, error) {
	in, ac, _, err := s.authStart(r, checkToken)
	if err != nil {
		return nil, err
	}
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	inv, err := s.teamFlow.Look(r.Context(), ac, in.Token)
	if err != nil {
		return nil, err
	}
	return &reply{Data: invitationViewJSON{Email: inv.Email, Role: inv.Role, VenueSlug: optSlug(inv.VenueSlug),
		VenueName: inv.VenueName, SchemeName: inv.SchemeName, HasAccount: inv.HasAccount,
		ExpiresAt: inv.ExpiresAt.Format(time.RFC3339)}}, nil
}

// authAcceptInvitation answers auth/accept-invitation: the link is used
// once, a new address chooses its password (docs/product.md §5's rules), a known one
// gives its own (2061 otherwise), and the holder is signed in as a member.
func (s *Server) authAcceptInvitation(r *request) (*reply, error) {
	in, ac, sc, err := s.authStart(r, func(in *authIn, f map[string]string) {
		checkToken(in, f)
		requireString(f, "password", in.Password)
	})
	if err != nil {
		return nil, err
	}
	if err := s.teamReady(); err != nil {
		return nil, err
	}
	inv, err := s.teamFlow.Look(r.Context(), ac, in.Token)
	if err != nil {
		return nil, err
	}
	if !inv.HasAccount {
		if p := account.PasswordProblem(in.Password); p != "" {
			return nil, platter.Invalid(map[string]string{"password": p})
		}
	}
	out, err := s.teamFlow.Accept(r.Context(), ac, in.Token, in.Password)
	return signedIn(sc, out, err)
}
