package store

import (
	"context"
	"time"

	"platter/internal/account"
)

// searchFold is text as the search columns hold it (migration 0034): case
// folded and NFKC, the fold of e-mail addresses (account.NormalizeEmail),
// so that "Łukasz", "ŁUKASZ" and "łukasz" are one on both databases.
// orders.search_email of an address is users.email_norm of it.
func searchFold(s string) string { return account.NormalizeEmail(s) }

// fullName is "first last" as the name columns are searched.
func fullName(first, last string) string { return searchFold(first + " " + last) }

// searchFoldFix names the fold in data_fixes; a new fold gets a new name,
// so stored rows are folded once more.
const searchFoldFix = "search_fold_1"

// fixSearchFolds folds the names and e-mail addresses of rows written
// before migration 0034 (or by an older fold) once, under the migration
// lock: SQL has no Unicode case folding on SQLite.
func (db *DB) fixSearchFolds(ctx context.Context) error {
	return db.write(ctx, func(c conn) error {
		if c.dialect == Postgres {
			if _, err := c.exec(ctx, "SELECT pg_advisory_xact_lock(?)", int64(migrationLockID)); err != nil {
				return err
			}
		}
		var n int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM data_fixes WHERE name = ?", searchFoldFix).Scan(&n); err != nil || n > 0 {
			return err
		}
		if err := refold(ctx, c); err != nil {
			return err
		}
		_, err := c.exec(ctx, "INSERT INTO data_fixes (name, applied_at) VALUES (?, ?)", searchFoldFix, utc(time.Now()))
		return err
	})
}

// refold rewrites the search columns of every order and account whose
// folded text differs from what is stored.
func refold(ctx context.Context, c conn) error {
	type row struct {
		id                       int64
		email, first, last       string
		sEmail, sName, sLastName string
	}
	orders, err := scanAll(ctx, c, func(r scanner, o *row) error {
		return r.Scan(&o.id, &o.email, &o.first, &o.last, &o.sEmail, &o.sName, &o.sLastName)
	}, "SELECT id, email, first_name, last_name, search_email, search_name, search_last_name FROM orders")
	if err != nil {
		return err
	}
	for _, o := range orders {
		e, n, l := searchFold(o.email), fullName(o.first, o.last), searchFold(o.last)
		if e == o.sEmail && n == o.sName && l == o.sLastName {
			continue
		}
		if _, err := c.exec(ctx, "UPDATE orders SET search_email = ?, search_name = ?, search_last_name = ? WHERE id = ?",
			e, n, l, o.id); err != nil {
			return err
		}
	}
	users, err := scanAll(ctx, c, func(r scanner, u *row) error {
		return r.Scan(&u.id, &u.first, &u.last, &u.sName)
	}, "SELECT id, first_name, last_name, search_name FROM users WHERE first_name <> '' OR last_name <> ''")
	if err != nil {
		return err
	}
	for _, u := range users {
		if n := fullName(u.first, u.last); n != u.sName {
			if _, err := c.exec(ctx, "UPDATE users SET search_name = ? WHERE id = ?", n, u.id); err != nil {
				return err
			}
		}
	}
	return nil
}
