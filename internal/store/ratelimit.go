package store

import (
	"context"
	"time"
)

// Hit counts one event against key in the current fixed window of the given
// length and returns the count so far and when the window ends. Counters
// live in the database, so every instance shares them; the upsert makes
// concurrent hits count one by one.
func (db *DB) Hit(ctx context.Context, key string, window time.Duration, now time.Time) (hits int, resetAt time.Time, err error) {
	secs := int64(window / time.Second)
	if secs < 1 {
		secs = 1
	}
	no := now.Unix() / secs
	resetAt = time.Unix((no+1)*secs, 0).UTC()
	err = db.write(ctx, func(c conn) error {
		return c.queryRow(ctx, `INSERT INTO rate_limits (key, window_no, hits, expires_at) VALUES (?, ?, 1, ?)
			ON CONFLICT (key, window_no) DO UPDATE SET hits = rate_limits.hits + 1
			RETURNING hits`, key, no, resetAt).Scan(&hits)
	})
	return hits, resetAt, err
}

// Prune deletes what no longer matters: ended rate-limit windows and
// sign-in failure counts, codes a day past expiry, sessions expired or
// revoked over a day ago, mail delivered over 30 days ago, and guests
// unused for 30 days (PruneGuests). Every step is a plain conditional
// delete, so instances pruning at once do no harm.
func (db *DB) Prune(ctx context.Context, now time.Time) error {
	if err := db.PruneGuests(ctx, now); err != nil {
		return err
	}
	now = utc(now)
	day := now.Add(-24 * time.Hour)
	return db.write(ctx, func(c conn) error {
		steps := []struct {
			sql  string
			args []any
		}{
			{"DELETE FROM rate_limits WHERE expires_at < ?", []any{now}},
			{"DELETE FROM signin_throttle WHERE expires_at < ?", []any{now}},
			{"DELETE FROM auth_codes WHERE expires_at < ?", []any{day}},
			{"DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?", []any{day, day}},
			{"DELETE FROM mail_outbox WHERE status IN ('sent', 'outbox') AND sent_at < ?", []any{now.Add(-30 * 24 * time.Hour)}},
		}
		for _, st := range steps {
			if _, err := c.exec(ctx, st.sql, st.args...); err != nil {
				return err
			}
		}
		return pruneWebhooks(ctx, c, now)
	})
}
