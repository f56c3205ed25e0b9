package store

import (
	"context"
	"fmt"
	"time"

	"platter/internal/account"
)

// emailNormFix names the current account.NormalizeEmail in data_fixes; a
// new normalisation gets a new name, so stored rows are rewritten once more.
const emailNormFix = "email_norm_nfkc_casefold_1"

// fixEmailNorms re-normalises stored addresses once (the first start after
// the normalisation changed), under the migration lock.
func (db *DB) fixEmailNorms(ctx context.Context) error {
	return db.write(ctx, func(c conn) error {
		if c.dialect == Postgres {
			if _, err := c.exec(ctx, "SELECT pg_advisory_xact_lock(?)", int64(migrationLockID)); err != nil {
				return err
			}
		}
		var n int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM data_fixes WHERE name = ?", emailNormFix).Scan(&n); err != nil || n > 0 {
			return err
		}
		if err := renormalize(ctx, c); err != nil {
			return err
		}
		_, err := c.exec(ctx, "INSERT INTO data_fixes (name, applied_at) VALUES (?, ?)", emailNormFix, utc(time.Now()))
		return err
	})
}

// RenormalizeEmails brings every stored email_norm to account.NormalizeEmail
// of the stored address. Idempotent.
func (db *DB) RenormalizeEmails(ctx context.Context) error {
	return db.write(ctx, func(c conn) error { return renormalize(ctx, c) })
}

type normRow struct {
	id, scheme  int64
	email, norm string
	checked     bool
}

// renormalize rewrites the rows whose norm changed. Two rows that become
// the same address in one scope (a scheme's customers, or platform users)
// cannot both keep it: the verified one, then the older, does; the others
// get a norm no address can have ("!dup <id> …": a space and no quotes), so
// they can no longer be reached by e-mail (an operator finds them with
// email_norm LIKE '!dup %'). Changed rows first take a temporary norm, so a chain of
// renames never collides half-way.
func renormalize(ctx context.Context, c conn) error {
	rows, err := c.query(ctx, `SELECT id, COALESCE(scheme_id, 0), email, email_norm, verified_at IS NOT NULL
		FROM users WHERE is_guest = FALSE AND email <> '' ORDER BY verified_at IS NULL, id`)
	if err != nil {
		return err
	}
	var all []normRow
	for rows.Next() {
		var r normRow
		if err := rows.Scan(&r.id, &r.scheme, &r.email, &r.norm, &r.checked); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	taken := map[string]bool{}
	want := map[int64]string{}
	for _, r := range all {
		n := account.NormalizeEmail(r.email)
		scope := fmt.Sprintf("%d|%s", r.scheme, n)
		if taken[scope] {
			n = fmt.Sprintf("!dup %d %s", r.id, n)
		}
		taken[scope] = true
		if n != r.norm {
			want[r.id] = n
		}
	}
	for id := range want {
		if _, err := c.exec(ctx, "UPDATE users SET email_norm = ? WHERE id = ?", fmt.Sprintf("!tmp %d", id), id); err != nil {
			return err
		}
	}
	for id, n := range want {
		if _, err := c.exec(ctx, "UPDATE users SET email_norm = ? WHERE id = ?", n, id); err != nil {
			return err
		}
	}
	return renormalizeCodes(ctx, c)
}

// renormalizeCodes brings unused codes along (they keep only the norm,
// which normalises to the same form as the address it came from), so a
// code mailed just before the upgrade still works.
func renormalizeCodes(ctx context.Context, c conn) error {
	rows, err := c.query(ctx, "SELECT id, email_norm FROM auth_codes WHERE used_at IS NULL")
	if err != nil {
		return err
	}
	want := map[int64]string{}
	for rows.Next() {
		var (
			id   int64
			norm string
		)
		if err := rows.Scan(&id, &norm); err != nil {
			rows.Close()
			return err
		}
		if n := account.NormalizeEmail(norm); n != norm {
			want[id] = n
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for id, n := range want {
		if _, err := c.exec(ctx, "UPDATE auth_codes SET email_norm = ? WHERE id = ?", n, id); err != nil {
			return err
		}
	}
	return nil
}
