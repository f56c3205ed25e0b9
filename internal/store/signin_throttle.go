package store

import (
	"context"
	"database/sql"
	"time"

	"platter/internal/account"
)

// SignInBlockedUntil returns until when sign-ins to an account key must
// wait (the zero time when they need not).
func (db *DB) SignInBlockedUntil(ctx context.Context, key string, now time.Time) (time.Time, error) {
	var until time.Time
	err := db.single().queryRow(ctx, "SELECT blocked_until FROM signin_throttle WHERE key = ? AND expires_at > ?",
		key, utc(now)).Scan(&until)
	if err == sql.ErrNoRows {
		return time.Time{}, nil
	}
	return until, mapErr(err)
}

// SignInFailed counts a failed sign-in against an account key and returns
// until when the next try must wait (account.SignInDelay of the count).
// The upsert makes concurrent failures count one by one; a count idle for
// account.SignInFailureMemory starts again from zero.
func (db *DB) SignInFailed(ctx context.Context, key string, now time.Time) (time.Time, error) {
	now = utc(now)
	var until time.Time
	err := db.write(ctx, func(c conn) error {
		var n int
		err := c.queryRow(ctx, `INSERT INTO signin_throttle (key, failures, blocked_until, expires_at) VALUES (?, 1, ?, ?)
			ON CONFLICT (key) DO UPDATE SET
				failures = CASE WHEN signin_throttle.expires_at > ? THEN signin_throttle.failures + 1 ELSE 1 END,
				expires_at = excluded.expires_at
			RETURNING failures`, key, now, now.Add(account.SignInFailureMemory), now).Scan(&n)
		if err != nil {
			return err
		}
		until = now.Add(account.SignInDelay(n))
		_, err = c.exec(ctx, "UPDATE signin_throttle SET blocked_until = ? WHERE key = ?", until, key)
		return err
	})
	return until, err
}

// SignInSucceeded clears an account key's failures.
func (db *DB) SignInSucceeded(ctx context.Context, key string) error {
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, "DELETE FROM signin_throttle WHERE key = ?", key)
		return err
	})
}
