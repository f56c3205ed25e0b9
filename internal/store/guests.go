package store

import (
	"context"
	"time"
)

// GuestIdle is how long a guest may go unused before it is pruned.
const GuestIdle = 30 * 24 * time.Hour

// guestPruneBatch bounds one pruning pass, so a backlog never holds the
// (SQLite: only) writer for long; the next pass takes the rest.
const guestPruneBatch = 1000

// PruneGuests deletes guests created over GuestIdle before now whose
// sessions were none of them used since; their sessions and addresses go
// with them (ON DELETE CASCADE). A guest who ordered is kept: the order
// names them. A conditional delete: several instances may run it at once.
func (db *DB) PruneGuests(ctx context.Context, now time.Time) error {
	cutoff := utc(now.Add(-GuestIdle))
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, `DELETE FROM users WHERE id IN (
			SELECT u.id FROM users u
			WHERE u.is_guest = TRUE AND u.created_at < ?
				AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.last_used_at >= ?)
				AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
			ORDER BY u.id LIMIT ?)`, cutoff, cutoff, guestPruneBatch)
		return err
	})
}
