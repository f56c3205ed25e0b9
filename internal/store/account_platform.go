package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"platter/internal/account"
	"platter/internal/platter"
)

// PlatformUser asks for a platform user (staff, manager, driver, admin) with
// a membership in a scheme, or in one venue of it.
type PlatformUser struct {
	Email        string
	PasswordHash string // empty keeps the current password of an existing user
	Role         string
	SchemeSlug   string
	VenueSlug    string // optional
	// FirstName and LastName name the user where the back office lists
	// people (the board's drivers); empty keeps an existing user's.
	FirstName, LastName string
}

// UpsertPlatformUser creates the platform user or updates its password, and
// adds the membership unless it exists. It reports what it did, for the
// `platter user` command.
func (db *DB) UpsertPlatformUser(ctx context.Context, p PlatformUser, now time.Time) (string, error) {
	if !account.IsRole(p.Role) {
		return "", &platter.Error{Code: platter.CodeValidation, Message: "unknown role " + p.Role,
			Fields: map[string]string{"role": "validation.required"}}
	}
	norm := account.NormalizeEmail(p.Email)
	now = utc(now)
	var did string
	err := db.write(ctx, func(c conn) error {
		schemeID, venueID, err := findSchemeVenue(ctx, c, p.SchemeSlug, p.VenueSlug)
		if err != nil {
			return err
		}
		userID, created, err := upsertPlatformUser(ctx, c, p, norm, now)
		if err != nil {
			return err
		}
		res, err := c.exec(ctx, `INSERT INTO memberships (user_id, scheme_id, venue_id, role, created_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, userID, schemeID, venueID, p.Role, now)
		if err != nil {
			return err
		}
		did = "updated user " + norm
		where := p.SchemeSlug
		if created {
			did = "created user " + norm
		}
		if p.VenueSlug != "" {
			where += "/" + p.VenueSlug
		}
		if n, _ := res.RowsAffected(); n > 0 {
			did += fmt.Sprintf("; %s of %s added", p.Role, where)
		} else {
			did += fmt.Sprintf("; already %s of %s", p.Role, where)
		}
		return nil
	})
	return did, err
}

// findSchemeVenue resolves a scheme slug and an optional venue slug of it.
func findSchemeVenue(ctx context.Context, c conn, schemeSlug, venueSlug string) (int64, sql.NullInt64, error) {
	var (
		schemeID int64
		venueID  sql.NullInt64
	)
	err := c.queryRow(ctx, "SELECT id FROM schemes WHERE slug = ?", schemeSlug).Scan(&schemeID)
	if err == sql.ErrNoRows {
		return 0, venueID, platter.Errorf(platter.CodeNotFound, "there is no scheme %q", schemeSlug)
	} else if err != nil || venueSlug == "" {
		return schemeID, venueID, err
	}
	err = c.queryRow(ctx, "SELECT id FROM venues WHERE scheme_id = ? AND slug = ? AND deleted_at IS NULL", schemeID, venueSlug).Scan(&venueID)
	if err == sql.ErrNoRows {
		return 0, venueID, platter.Errorf(platter.CodeNotFound, "scheme %q has no venue %q", schemeSlug, venueSlug)
	}
	return schemeID, venueID, err
}

func upsertPlatformUser(ctx context.Context, c conn, p PlatformUser, norm string, now time.Time) (int64, bool, error) {
	var id int64
	err := c.queryRow(ctx, "SELECT id FROM users WHERE scheme_id IS NULL AND email_norm = ?", norm).Scan(&id)
	switch {
	case err == sql.ErrNoRows:
		if p.PasswordHash == "" {
			return 0, false, &platter.Error{Code: platter.CodeValidation, Message: "a new user needs a password",
				Fields: map[string]string{"password": "validation.required"}}
		}
		// Platform users are created by an operator, so the address counts as verified.
		err = c.queryRow(ctx, `INSERT INTO users (scheme_id, email, email_norm, password_hash, first_name, last_name,
			verified_at, created_at, updated_at, search_name) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			p.Email, norm, p.PasswordHash, p.FirstName, p.LastName, now, now, now, fullName(p.FirstName, p.LastName)).Scan(&id)
		return id, true, err
	case err != nil:
		return 0, false, err
	}
	if p.PasswordHash != "" {
		if _, err := c.exec(ctx, "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?",
			p.PasswordHash, now, id); err != nil {
			return 0, false, err
		}
	}
	if p.FirstName != "" || p.LastName != "" {
		if _, err := c.exec(ctx, "UPDATE users SET first_name = ?, last_name = ?, search_name = ?, updated_at = ? WHERE id = ?",
			p.FirstName, p.LastName, fullName(p.FirstName, p.LastName), now, id); err != nil {
			return 0, false, err
		}
	}
	return id, false, nil
}
