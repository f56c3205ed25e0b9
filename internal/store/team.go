package store

import (
	"context"
	"database/sql"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/platter"
)

// MailInvitation is the outbox kind (and i18n mail.<kind>.* keys) of a
// staff invitation.
const MailInvitation = "staff_invitation"

// ListMembers returns the memberships of platform users, of one scheme
// (schemeSlug) or of every scheme (""), by scheme, e-mail, role and venue.
func (db *DB) ListMembers(ctx context.Context, schemeSlug string) ([]account.Member, error) {
	return db.members(ctx, "sc.slug = ? OR ? = ''", schemeSlug, schemeSlug)
}

// Members returns the memberships of the platform users of a scheme.
func (db *DB) Members(ctx context.Context, schemeID int64) ([]account.Member, error) {
	return db.members(ctx, "m.scheme_id = ?", schemeID)
}

func (db *DB) members(ctx context.Context, where string, args ...any) ([]account.Member, error) {
	var out []account.Member
	err := db.read(ctx, func(c conn) error {
		out = nil
		rows, err := c.query(ctx, `SELECT u.id, u.email, sc.slug, m.role, COALESCE(v.id, 0), COALESCE(v.slug, ''), m.created_at
			FROM memberships m JOIN users u ON u.id = m.user_id JOIN schemes sc ON sc.id = m.scheme_id
			LEFT JOIN venues v ON v.id = m.venue_id
			WHERE `+where+` ORDER BY sc.slug, u.email_norm, m.role, COALESCE(v.slug, '')`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m account.Member
			if err := rows.Scan(&m.UserID, &m.Email, &m.SchemeSlug, &m.Role, &m.VenueID, &m.VenueSlug, &m.Since); err != nil {
				return err
			}
			m.Since = m.Since.UTC()
			out = append(out, m)
		}
		return rows.Err()
	})
	return out, mapErr(err)
}

// RemoveMember withdraws the memberships r names and revokes every session
// the user holds at the scheme, in one transaction: the next call of any of
// its tokens there is 1401 (a session is checked against the memberships
// on every request too). It returns what it removed; nothing is 1404.
func (db *DB) RemoveMember(ctx context.Context, r account.MemberRemoval, now time.Time) ([]account.Member, error) {
	var removed []account.Member
	err := db.write(ctx, func(c conn) error {
		removed = nil
		schemeID := r.SchemeID
		if schemeID == 0 {
			id, _, err := findSchemeVenue(ctx, c, r.SchemeSlug, "")
			if err != nil {
				return err
			}
			schemeID = id
		}
		userID := r.UserID
		if userID == 0 {
			err := c.queryRow(ctx, "SELECT id FROM users WHERE scheme_id IS NULL AND email_norm = ?",
				account.NormalizeEmail(r.Email)).Scan(&userID)
			if err == sql.ErrNoRows {
				return platter.Errorf(platter.CodeNotFound, "there is no platform user %s", r.Email)
			} else if err != nil {
				return err
			}
		}
		rows, err := c.query(ctx, `SELECT m.id, u.email, m.role, COALESCE(v.id, 0), COALESCE(v.slug, ''), m.created_at
			FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN venues v ON v.id = m.venue_id
			WHERE m.user_id = ? AND m.scheme_id = ?`, userID, schemeID)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			m := account.Member{UserID: userID, SchemeSlug: r.SchemeSlug}
			if err := rows.Scan(&id, &m.Email, &m.Role, &m.VenueID, &m.VenueSlug, &m.Since); err != nil {
				rows.Close()
				return err
			}
			if (r.Role != "" && m.Role != r.Role) || (r.VenueSlug != "" && m.VenueSlug != r.VenueSlug) || contains(r.Spare, m.Role) {
				continue
			}
			m.Since = m.Since.UTC()
			ids, removed = append(ids, id), append(removed, m)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(ids) == 0 {
			return platter.NotFound()
		}
		for _, id := range ids {
			if _, err := c.exec(ctx, "DELETE FROM memberships WHERE id = ?", id); err != nil {
				return err
			}
		}
		_, err = c.exec(ctx, "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND scheme_id = ? AND revoked_at IS NULL",
			utc(now), userID, schemeID)
		return err
	})
	return removed, mapErr(err)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// PlatformUserByEmail returns the platform user (staff, manager, driver,
// admin) with an address, or 1404.
func (db *DB) PlatformUserByEmail(ctx context.Context, email string) (*account.User, error) {
	u, err := scanUser(db.single().queryRow(ctx, "SELECT "+userColumns.list("")+" FROM users WHERE scheme_id IS NULL AND email_norm = ?",
		account.NormalizeEmail(email)))
	return u, mapErr(err)
}

// OutboxPage returns a scheme's mail, newest first: limit rows from
// offset, and how many there are in all.
func (db *DB) OutboxPage(ctx context.Context, schemeID int64, limit, offset int) ([]mail.Entry, int, error) {
	var (
		out   []mail.Entry
		total int
	)
	err := db.read(ctx, func(c conn) error {
		out = nil
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM mail_outbox WHERE scheme_id = ?", schemeID).Scan(&total); err != nil {
			return err
		}
		rows, err := c.query(ctx, `SELECT id, kind, to_addr, subject, status, attempts, created_at, sent_at
			FROM mail_outbox WHERE scheme_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`, schemeID, limit, offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				e    mail.Entry
				sent sql.NullTime
			)
			if err := rows.Scan(&e.ID, &e.Kind, &e.To, &e.Subject, &e.Status, &e.Attempts, &e.CreatedAt, &sent); err != nil {
				return err
			}
			e.CreatedAt = e.CreatedAt.UTC()
			if sent.Valid {
				t := sent.Time.UTC()
				e.SentAt = &t
			}
			out = append(out, e)
		}
		return rows.Err()
	})
	return out, total, mapErr(err)
}
