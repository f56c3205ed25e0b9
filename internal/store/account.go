package store

import (
	"context"
	"database/sql"
	"time"

	"platter/internal/account"
	"platter/internal/platter"
)

// Times are stored in UTC at microsecond precision (PostgreSQL's), so a value
// read back compares equal to the one written on both databases.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// userRecord is a users row as read: scheme_id is NULL for platform users.
type userRecord struct {
	account.User
	Scheme sql.NullInt64
}

// userColumns is the users row as read, each column beside its field
// (columns.go); verified is derived from verified_at.
var userColumns = columns[userRecord]{
	{"id", func(r *userRecord) any { return &r.ID }},
	{"scheme_id", func(r *userRecord) any { return &r.Scheme }},
	{"email", func(r *userRecord) any { return &r.Email }},
	{"first_name", func(r *userRecord) any { return &r.FirstName }},
	{"last_name", func(r *userRecord) any { return &r.LastName }},
	{"contact_number", func(r *userRecord) any { return &r.ContactNumber }},
	{"is_guest", func(r *userRecord) any { return &r.IsGuest }},
	{"verified_at IS NOT NULL", func(r *userRecord) any { return &r.Verified }},
	{"password_hash", func(r *userRecord) any { return &r.PasswordHash }},
}

func scanUser(r scanner) (*account.User, error) {
	var rec userRecord
	if err := userColumns.scan(r, &rec); err != nil {
		return nil, err
	}
	rec.SchemeID = rec.Scheme.Int64
	return &rec.User, nil
}

// UserByID returns a user, or not-found.
func (db *DB) UserByID(ctx context.Context, id int64) (*account.User, error) {
	u, err := scanUser(db.single().queryRow(ctx, "SELECT "+userColumns.list("")+" FROM users WHERE id = ?", id))
	if err != nil {
		return nil, mapErr(err)
	}
	return u, nil
}

// SignInCandidates returns the accounts an e-mail may sign in to at a scheme:
// the scheme's customer with that address, then a platform user with a
// membership in the scheme. The caller checks the password against each.
func (db *DB) SignInCandidates(ctx context.Context, schemeID int64, email string) ([]account.User, error) {
	var out []account.User
	err := db.read(ctx, func(c conn) error {
		rows, err := c.query(ctx, "SELECT "+userColumns.list("")+` FROM users u
			WHERE email_norm = ? AND (
				(scheme_id = ? AND is_guest = FALSE AND erased_at IS NULL) OR
				(scheme_id IS NULL AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.scheme_id = ?)))
			ORDER BY scheme_id IS NULL, id`, account.NormalizeEmail(email), schemeID, schemeID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			u, err := scanUser(rows)
			if err != nil {
				return err
			}
			out = append(out, *u)
		}
		return rows.Err()
	})
	return out, err
}

// CreateSession stores a session for tokenHash, bound to schemeID.
func (db *DB) CreateSession(ctx context.Context, userID, schemeID int64, tokenHash string, now time.Time) error {
	return db.write(ctx, func(c conn) error { return insertSession(ctx, c, userID, schemeID, tokenHash, now) })
}

func insertSession(ctx context.Context, c conn, userID, schemeID int64, tokenHash string, now time.Time) error {
	now = utc(now)
	_, err := c.exec(ctx, `INSERT INTO sessions (token_hash, user_id, scheme_id, created_at, last_used_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`, tokenHash, userID, schemeID, now, now, now.Add(account.SessionTTL))
	return err
}

// CreateGuest makes a guest of the scheme and its session in one
// transaction.
func (db *DB) CreateGuest(ctx context.Context, schemeID int64, tokenHash string, now time.Time) (*account.User, error) {
	var u *account.User
	err := db.write(ctx, func(c conn) error {
		var id int64
		err := c.queryRow(ctx, `INSERT INTO users (scheme_id, is_guest, created_at, updated_at)
			VALUES (?, TRUE, ?, ?) RETURNING id`, schemeID, utc(now), utc(now)).Scan(&id)
		if err != nil {
			return err
		}
		if err := insertSession(ctx, c, id, schemeID, tokenHash, now); err != nil {
			return err
		}
		u = &account.User{ID: id, SchemeID: schemeID, IsGuest: true}
		return nil
	})
	return u, err
}

// Session returns the live session of a token hash: not revoked, not
// expired, and (for platform users) still a member of the token's scheme;
// anything else is not-found. A session last used over account.SessionTouch
// ago is renewed, so expiry slides without a write on every request.
func (db *DB) Session(ctx context.Context, tokenHash string, now time.Time) (*account.Session, error) {
	now = utc(now)
	var (
		s        account.Session
		id       int64
		platform bool
	)
	err := db.single().queryRow(ctx, `SELECT s.id, s.user_id, s.scheme_id, sc.slug, u.is_guest, u.email,
			u.scheme_id IS NULL, s.last_used_at, s.expires_at
		FROM sessions s JOIN users u ON u.id = s.user_id JOIN schemes sc ON sc.id = s.scheme_id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`, tokenHash, now).
		Scan(&id, &s.UserID, &s.SchemeID, &s.SchemeSlug, &s.IsGuest, &s.Email, &platform, &s.LastUsedAt, &s.ExpiresAt)
	if err != nil {
		return nil, mapErr(err)
	}
	if platform {
		if s.Memberships, err = db.memberships(ctx, s.UserID, s.SchemeID); err != nil {
			return nil, err
		}
		if len(s.Memberships) == 0 {
			return nil, platter.NotFound() // membership withdrawn since sign-in
		}
		s.Roles = distinctRoles(s.Memberships)
	}
	if now.Sub(s.LastUsedAt) >= account.SessionTouch {
		s.LastUsedAt, s.ExpiresAt = now, now.Add(account.SessionTTL)
		err := db.write(ctx, func(c conn) error {
			_, err := c.exec(ctx, "UPDATE sessions SET last_used_at = ?, expires_at = ? WHERE id = ?",
				s.LastUsedAt, s.ExpiresAt, id)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return &s, nil
}

// memberships returns a platform user's memberships in a scheme, read with
// the session on every request, so a withdrawn one takes effect at once.
func (db *DB) memberships(ctx context.Context, userID, schemeID int64) ([]account.Membership, error) {
	rows, err := db.single().query(ctx, `SELECT m.role, COALESCE(v.id, 0), COALESCE(v.slug, '')
		FROM memberships m LEFT JOIN venues v ON v.id = m.venue_id
		WHERE m.user_id = ? AND m.scheme_id = ? ORDER BY m.role, COALESCE(v.slug, '')`, userID, schemeID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []account.Membership
	for rows.Next() {
		var m account.Membership
		if err := rows.Scan(&m.Role, &m.VenueID, &m.VenueSlug); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, m)
	}
	return out, mapErr(rows.Err())
}

// distinctRoles lists the roles of sorted memberships once each.
func distinctRoles(ms []account.Membership) []string {
	var out []string
	for _, m := range ms {
		if len(out) == 0 || out[len(out)-1] != m.Role {
			out = append(out, m.Role)
		}
	}
	return out
}

// RevokeSession ends the session of a token hash (signing out). Revoking an
// unknown or already revoked token is not an error.
func (db *DB) RevokeSession(ctx context.Context, tokenHash string, now time.Time) error {
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, "UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
			utc(now), tokenHash)
		return err
	})
}

func revokeAllSessions(ctx context.Context, c conn, userID int64, now time.Time) error {
	_, err := c.exec(ctx, "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
		utc(now), userID)
	return err
}
