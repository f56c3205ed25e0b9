package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/platter"
)

// Staff invitations: a manager invites an address to a role (Invite), the
// link's token finds it (InvitationByToken), and accepting it gives the
// membership (AcceptInvitation). Members themselves are in team.go.

// Invite stores an invitation of inv.Email to inv.Role in scheme
// inv.SchemeID (in venue inv.VenueSlug when given) and queues mail, whose
// link carries the token of inv.TokenHash, in one transaction. An earlier
// pending invitation of the address to the same role and venue is revoked
// (the new mail replaces it); an address that already holds the role there
// is 2071; an unknown venue 1404.
func (db *DB) Invite(ctx context.Context, inv account.Invitation, msg mail.Message, now time.Time) (*account.Invitation, error) {
	now = utc(now)
	norm := account.NormalizeEmail(inv.Email)
	out := inv
	err := db.write(ctx, func(c conn) error {
		var venueID sql.NullInt64
		if inv.VenueSlug != "" {
			err := c.queryRow(ctx, "SELECT id, name FROM venues WHERE scheme_id = ? AND slug = ? AND deleted_at IS NULL",
				inv.SchemeID, inv.VenueSlug).Scan(&venueID, &out.VenueName)
			if err == sql.ErrNoRows {
				return &platter.Error{Code: platter.CodeNotFound, Message: "error.not_found",
					Fields: map[string]string{"venue_slug": "error.not_found"}}
			} else if err != nil {
				return err
			}
		}
		var n int
		err := c.queryRow(ctx, `SELECT COUNT(*) FROM memberships m JOIN users u ON u.id = m.user_id
			WHERE u.scheme_id IS NULL AND u.email_norm = ? AND m.scheme_id = ? AND m.role = ?
			AND COALESCE(m.venue_id, 0) = ?`, norm, inv.SchemeID, inv.Role, venueID.Int64).Scan(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			return account.ErrAlreadyMember()
		}
		if _, err := c.exec(ctx, `UPDATE staff_invitations SET revoked_at = ?
			WHERE scheme_id = ? AND email_norm = ? AND role = ? AND COALESCE(venue_id, 0) = ?
			AND accepted_at IS NULL AND revoked_at IS NULL`, now, inv.SchemeID, norm, inv.Role, venueID.Int64); err != nil {
			return err
		}
		out.CreatedAt, out.ExpiresAt = now, now.Add(account.InvitationTTL)
		out.VenueID = venueID.Int64
		var by sql.NullInt64
		if inv.InvitedBy != 0 {
			by = sql.NullInt64{Int64: inv.InvitedBy, Valid: true}
		}
		if err := c.queryRow(ctx, `INSERT INTO staff_invitations (scheme_id, venue_id, role, email, email_norm, first_name,
				last_name, token_hash, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			inv.SchemeID, venueID, inv.Role, inv.Email, norm, inv.FirstName, inv.LastName, inv.TokenHash, by,
			out.CreatedAt, out.ExpiresAt).Scan(&out.ID); err != nil {
			return err
		}
		msg.To = inv.Email
		return enqueueMail(ctx, c, inv.SchemeID, MailInvitation, msg, now)
	})
	if err != nil {
		return nil, mapErr(err)
	}
	out.TokenHash = ""
	return &out, nil
}

// invitationRecord is a staff_invitations row as read, with its scheme and
// venue: an account.Invitation without the token hash, which is never read
// back (a link is found by it, not given it).
type invitationRecord struct {
	ID, SchemeID           int64
	SchemeSlug, SchemeName string
	Role                   string
	VenueID                int64
	VenueSlug, VenueName   string
	Email                  string
	FirstName, LastName    string
	InvitedBy              int64
	CreatedAt, ExpiresAt   time.Time
	HasAccount             bool
}

// invitationColumns is the row as read, each column beside its field
// (columns.go); invitationFrom is the join it is read from.
var invitationColumns = columns[invitationRecord]{
	{"i.id", func(r *invitationRecord) any { return &r.ID }},
	{"i.scheme_id", func(r *invitationRecord) any { return &r.SchemeID }},
	{"sc.slug", func(r *invitationRecord) any { return &r.SchemeSlug }},
	{"sc.name", func(r *invitationRecord) any { return &r.SchemeName }},
	{"i.role", func(r *invitationRecord) any { return &r.Role }},
	{"COALESCE(v.id, 0)", func(r *invitationRecord) any { return &r.VenueID }},
	{"COALESCE(v.slug, '')", func(r *invitationRecord) any { return &r.VenueSlug }},
	{"COALESCE(v.name, '')", func(r *invitationRecord) any { return &r.VenueName }},
	{"i.email", func(r *invitationRecord) any { return &r.Email }},
	{"i.first_name", func(r *invitationRecord) any { return &r.FirstName }},
	{"i.last_name", func(r *invitationRecord) any { return &r.LastName }},
	{"COALESCE(i.invited_by, 0)", func(r *invitationRecord) any { return &r.InvitedBy }},
	{"i.created_at", func(r *invitationRecord) any { return &r.CreatedAt }},
	{"i.expires_at", func(r *invitationRecord) any { return &r.ExpiresAt }},
	{"EXISTS (SELECT 1 FROM users u WHERE u.scheme_id IS NULL AND u.email_norm = i.email_norm)",
		func(r *invitationRecord) any { return &r.HasAccount }},
}

const invitationFrom = ` FROM staff_invitations i JOIN schemes sc ON sc.id = i.scheme_id
	LEFT JOIN venues v ON v.id = i.venue_id`

// pending is the condition of a usable invitation.
const pending = "i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?"

// selectInvitations is the SELECT of invitations up to its WHERE.
var selectInvitations = "SELECT " + invitationColumns.list("") + invitationFrom

func scanInvitation(r scanner) (*account.Invitation, error) {
	var rec invitationRecord
	if err := invitationColumns.scan(r, &rec); err != nil {
		return nil, err
	}
	return &account.Invitation{ID: rec.ID, SchemeID: rec.SchemeID, SchemeSlug: rec.SchemeSlug,
		SchemeName: rec.SchemeName, Role: rec.Role, VenueID: rec.VenueID, VenueSlug: rec.VenueSlug,
		VenueName: rec.VenueName, Email: rec.Email, FirstName: rec.FirstName, LastName: rec.LastName,
		InvitedBy: rec.InvitedBy, CreatedAt: rec.CreatedAt.UTC(), ExpiresAt: rec.ExpiresAt.UTC(),
		HasAccount: rec.HasAccount}, nil
}

// Invitations lists a scheme's pending invitations, newest first.
func (db *DB) Invitations(ctx context.Context, schemeID int64, now time.Time) ([]account.Invitation, error) {
	var out []account.Invitation
	err := db.read(ctx, func(c conn) error {
		out = nil
		rows, err := c.query(ctx, selectInvitations+" WHERE i.scheme_id = ? AND "+pending+" ORDER BY i.id DESC",
			schemeID, utc(now))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			in, err := scanInvitation(rows)
			if err != nil {
				return err
			}
			out = append(out, *in)
		}
		return rows.Err()
	})
	return out, mapErr(err)
}

// InvitationByToken returns the pending invitation of a link's token hash
// at a scheme; anything else (unknown, another scheme's, expired, used,
// revoked) is 2070.
func (db *DB) InvitationByToken(ctx context.Context, schemeID int64, tokenHash string, now time.Time) (*account.Invitation, error) {
	in, err := scanInvitation(db.single().queryRow(ctx, selectInvitations+
		" WHERE i.token_hash = ? AND i.scheme_id = ? AND "+pending, tokenHash, schemeID, utc(now)))
	if err == sql.ErrNoRows {
		return nil, account.ErrInvitationInvalid()
	}
	return in, mapErr(err)
}

// RevokeInvitation withdraws a pending invitation of the scheme; its link
// stops working at once. Another scheme's, a used or an unknown one is 1404.
func (db *DB) RevokeInvitation(ctx context.Context, schemeID, id int64, now time.Time) error {
	return mapErr(db.write(ctx, func(c conn) error {
		return oneRow(c.exec(ctx, `UPDATE staff_invitations SET revoked_at = ?
			WHERE id = ? AND scheme_id = ? AND accepted_at IS NULL AND revoked_at IS NULL`, utc(now), id, schemeID))
	}))
}

// AcceptInvitation uses a pending invitation once (a conditional update:
// of two concurrent acceptances one wins, the other is 2070), creates the
// platform user when there is none (the link proves the address, so it is
// verified), adds the membership and opens a session, in one transaction.
// An account created or found since the caller looked (UserID no longer
// matching) is 1409: the caller looks again.
func (db *DB) AcceptInvitation(ctx context.Context, a account.Acceptance, now time.Time) (*account.User, error) {
	now = utc(now)
	var userID int64
	err := db.write(ctx, func(c conn) error {
		var (
			id              int64
			role, email     string
			norm            string
			first, last     string
			venueID         sql.NullInt64
			existing        int64
			existingMissing bool
		)
		err := c.queryRow(ctx, `UPDATE staff_invitations SET accepted_at = ?
			WHERE token_hash = ? AND scheme_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?
			RETURNING id, role, venue_id, email, email_norm, first_name, last_name`, now, a.TokenHash, a.SchemeID, now).
			Scan(&id, &role, &venueID, &email, &norm, &first, &last)
		if err == sql.ErrNoRows {
			return account.ErrInvitationInvalid()
		} else if err != nil {
			return err
		}
		err = c.queryRow(ctx, "SELECT id FROM users WHERE scheme_id IS NULL AND email_norm = ?", norm).Scan(&existing)
		if err == sql.ErrNoRows {
			existingMissing = true
		} else if err != nil {
			return err
		}
		switch {
		case a.UserID != 0 && (existingMissing || existing != a.UserID), a.UserID == 0 && !existingMissing:
			return &platter.Error{Code: platter.CodeConflict, Message: "error.conflict"}
		case a.UserID != 0:
			userID = a.UserID
			// An account without a name takes the one it was invited with.
			if _, err := c.exec(ctx, `UPDATE users SET first_name = ?, last_name = ?, search_name = ?, updated_at = ?
				WHERE id = ? AND first_name = '' AND last_name = '' AND ? <> ''`,
				first, last, fullName(first, last), now, userID, first+last); err != nil {
				return err
			}
		default:
			if strings.TrimSpace(a.PasswordHash) == "" {
				return &platter.Error{Code: platter.CodeValidation, Message: "error.validation",
					Fields: map[string]string{"password": "validation.required"}}
			}
			if err := c.queryRow(ctx, `INSERT INTO users (scheme_id, email, email_norm, first_name, last_name,
				password_hash, verified_at, created_at, updated_at, search_name)
				VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				email, norm, first, last, a.PasswordHash, now, now, now, fullName(first, last)).Scan(&userID); err != nil {
				return err
			}
		}
		if _, err := c.exec(ctx, `INSERT INTO memberships (user_id, scheme_id, venue_id, role, created_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, userID, a.SchemeID, venueID, role, now); err != nil {
			return err
		}
		if _, err := c.exec(ctx, "UPDATE staff_invitations SET accepted_by = ? WHERE id = ?", userID, id); err != nil {
			return err
		}
		return insertSession(ctx, c, userID, a.SchemeID, a.SessionHash, now)
	})
	if err != nil {
		return nil, mapErr(err)
	}
	return db.UserByID(ctx, userID)
}
