package store

import (
	"context"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/platter"
)

// Platform admins (docs/architecture.md §10) are platform users with no
// scheme who create schemes. Their sessions live in platform_sessions, apart
// from the schemes' sessions, so a platform token is good for platform/*
// only and a scheme's token never for platform/*.

// AddPlatformAdmin creates the platform user (or sets its password) and
// makes it a platform admin; it reports what it did, for `platter user add
// --role admin` without --scheme.
func (db *DB) AddPlatformAdmin(ctx context.Context, p PlatformUser, now time.Time) (string, error) {
	norm := account.NormalizeEmail(p.Email)
	now = utc(now)
	var did string
	err := db.write(ctx, func(c conn) error {
		id, created, err := upsertPlatformUser(ctx, c, p, norm, now)
		if err != nil {
			return err
		}
		res, err := c.exec(ctx, "INSERT INTO platform_admins (user_id, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
			id, now)
		if err != nil {
			return err
		}
		did = "updated user " + norm
		if created {
			did = "created user " + norm
		}
		if n, _ := res.RowsAffected(); n > 0 {
			did += "; platform admin added"
		} else {
			did += "; already a platform admin"
		}
		return nil
	})
	return did, err
}

// PlatformAdminByEmail returns the platform admin with that address, or
// nil when there is none.
func (db *DB) PlatformAdminByEmail(ctx context.Context, email string) (*account.User, error) {
	var u *account.User
	err := db.read(ctx, func(c conn) error {
		rows, err := c.query(ctx, "SELECT "+userColumns.list("")+` FROM users u
			WHERE u.scheme_id IS NULL AND u.email_norm = ?
			AND EXISTS (SELECT 1 FROM platform_admins a WHERE a.user_id = u.id)`, account.NormalizeEmail(email))
		if err != nil {
			return err
		}
		defer rows.Close()
		if rows.Next() {
			if u, err = scanUser(rows); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return u, mapErr(err)
}

// CreatePlatformSession stores a platform admin's session for tokenHash.
func (db *DB) CreatePlatformSession(ctx context.Context, userID int64, tokenHash string, now time.Time) error {
	now = utc(now)
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, `INSERT INTO platform_sessions (token_hash, user_id, created_at, last_used_at, expires_at)
			VALUES (?, ?, ?, ?, ?)`, tokenHash, userID, now, now, now.Add(account.SessionTTL))
		return err
	})
}

// PlatformSession resolves a platform admin's token to the user id and
// e-mail address; 1404 when it is unknown, expired, revoked, or its user is
// no longer a platform admin. Use slides the expiry as for sessions.
func (db *DB) PlatformSession(ctx context.Context, tokenHash string, now time.Time) (int64, string, error) {
	now = utc(now)
	var (
		id, userID int64
		email      string
		lastUsed   time.Time
	)
	err := db.single().queryRow(ctx, `SELECT s.id, s.user_id, u.email, s.last_used_at FROM platform_sessions s
		JOIN users u ON u.id = s.user_id JOIN platform_admins a ON a.user_id = s.user_id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`, tokenHash, now).
		Scan(&id, &userID, &email, &lastUsed)
	if err != nil {
		return 0, "", mapErr(err)
	}
	if now.Sub(lastUsed) >= account.SessionTouch {
		err := db.write(ctx, func(c conn) error {
			_, err := c.exec(ctx, "UPDATE platform_sessions SET last_used_at = ?, expires_at = ? WHERE id = ?",
				now, now.Add(account.SessionTTL), id)
			return err
		})
		if err != nil {
			return 0, "", mapErr(err)
		}
	}
	return userID, email, nil
}

// RevokePlatformSession ends a platform admin's session (auth/signout).
func (db *DB) RevokePlatformSession(ctx context.Context, tokenHash string, now time.Time) error {
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, "UPDATE platform_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
			utc(now), tokenHash)
		return err
	})
}

// PlatformScheme is a scheme as the platform console lists it.
type PlatformScheme = catalog.SchemeSummary

// PlatformSchemes lists every scheme, newest first, with its live venues.
func (db *DB) PlatformSchemes(ctx context.Context) ([]PlatformScheme, error) {
	var out []PlatformScheme
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = scanAll(ctx, c, func(r scanner, p *PlatformScheme) error {
			return r.Scan(&p.Slug, &p.Name, &p.Currency, &p.Venues, &p.CreatedAt)
		}, `SELECT s.slug, s.name, s.currency,
			(SELECT COUNT(*) FROM venues v WHERE v.scheme_id = s.id AND v.deleted_at IS NULL), s.created_at
			FROM schemes s ORDER BY s.created_at DESC, s.id DESC`)
		return err
	})
	for i := range out {
		out[i].CreatedAt = out[i].CreatedAt.UTC()
	}
	return out, mapErr(err)
}

// CreateScheme creates a new scheme from a document (brand only, or more)
// and records its audit row, in one transaction, both at now (the server's
// clock: the platform console lists the scheme as created then, in the
// same time as everything else the server dates). A slug that is taken is
// 1409 on business_slug; the document is validated as for an import.
func (db *DB) CreateScheme(ctx context.Context, doc *catalog.SchemeDoc, a Audit, now time.Time) (*ImportResult, error) {
	doc.Normalise()
	if errs := doc.Validate(); len(errs) > 0 {
		return nil, catalog.InvalidDocError(errs)
	}
	res := &ImportResult{}
	err := db.writeMenus(ctx, func(t *menuTx) error {
		*res = ImportResult{}
		now := now.UTC()
		if err := importScheme(ctx, t, doc, res, now); err != nil {
			return err
		}
		if !res.Created { // the slug was taken, perhaps a moment ago: roll back
			return &platter.Error{Code: platter.CodeConflict, Message: "platform.slug_taken",
				Fields: map[string]string{"business_slug": "platform.slug_taken"}}
		}
		return recordAudit(ctx, t.c, res.SchemeID, a, nil, doc, now)
	})
	if err != nil {
		return nil, mapErr(err)
	}
	return res, nil
}
