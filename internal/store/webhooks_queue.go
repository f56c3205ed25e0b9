package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"platter/internal/webhooks"
)

// Outbound webhooks, the queue (docs/architecture.md §11). An event is
// queued by queueWebhook inside the transaction of the change it reports,
// so it exists exactly when the change does: one webhook_events row (the
// body, written once) and one webhook_deliveries row per enabled endpoint
// of the scheme that chose the event, each with a webhook-id of its own
// kept for every attempt. The commit pokes the sender (afterCommit); the
// sender claims deliveries with a lease, posts them outside any
// transaction and records each attempt.

// queueWebhook queues event for the scheme's endpoints that chose it.
// data is called only when one did (building an order's data reads it):
// it returns the event's data and, for a body over webhooks.MaxBody, the
// small stand-in (the ids).
func queueWebhook(ctx context.Context, c conn, schemeID int64, event string, now time.Time,
	data func() (any, any, error)) error {
	type endpoint struct {
		id     int64
		events string
	}
	eps, err := scanAll(ctx, c, func(r scanner, e *endpoint) error { return r.Scan(&e.id, &e.events) },
		"SELECT id, events FROM webhooks WHERE scheme_id = ? AND enabled = TRUE ORDER BY id", schemeID)
	if err != nil {
		return err
	}
	var to []int64
	for _, e := range eps {
		for _, name := range strings.Split(e.events, ",") {
			if name == event {
				to = append(to, e.id)
			}
		}
	}
	if len(to) == 0 {
		return nil
	}
	d, small, err := data()
	if err != nil {
		return err
	}
	now = utc(now)
	body, err := webhooks.Body(event, now, d, small)
	if err != nil {
		return err
	}
	var eventID int64
	if err := c.queryRow(ctx, `INSERT INTO webhook_events (scheme_id, type, body, created_at) VALUES (?, ?, ?, ?)
		RETURNING id`, schemeID, event, string(body), now).Scan(&eventID); err != nil {
		return err
	}
	for _, id := range to {
		if _, err := c.exec(ctx, `INSERT INTO webhook_deliveries (webhook_id, event_id, msg_id, next_attempt_at,
				give_up_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			id, eventID, webhooks.NewMessageID(), now, now.Add(webhooks.RetryWindow), now); err != nil {
			return err
		}
	}
	if c.fx != nil {
		c.fx.webhook = true
	}
	return nil
}

// SetWebhookQueued sets what wakes the webhook sender after a commit that
// queued a delivery (its Poke); nil: nothing, the sender polls.
func (db *DB) SetWebhookQueued(f func()) {
	if f == nil {
		db.webhookQueued.Store(nil)
		return
	}
	db.webhookQueued.Store(&f)
}

// ClaimWebhooks leases up to limit due deliveries of enabled endpoints to
// the calling sender until now+lease and counts the attempt, as ClaimMail
// does for mail: PostgreSQL skips rows another instance holds, SQLite has
// one writer. A sender that dies holding a lease leaves the delivery to be
// claimed again (with the same webhook-id) once the lease ends.
func (db *DB) ClaimWebhooks(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]webhooks.Queued, error) {
	now = utc(now)
	lock := ""
	if db.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var out []webhooks.Queued
	err := db.writeRelaxed(ctx, func(c conn) error {
		out = out[:0]
		type claimed struct {
			id       int64
			attempts int
		}
		rows, err := scanAll(ctx, c, func(r scanner, x *claimed) error { return r.Scan(&x.id, &x.attempts) },
			`UPDATE webhook_deliveries SET lease_until = ?, attempts = attempts + 1
			WHERE id IN (SELECT d.id FROM webhook_deliveries d
				WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until <= ?)
					AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.enabled = TRUE)
				ORDER BY d.id LIMIT ?`+lock+`)
			RETURNING id, attempts`, now.Add(lease), now, now, limit)
		if err != nil {
			return err
		}
		for _, r := range rows {
			q := webhooks.Queued{ID: r.id, Attempt: r.attempts}
			var secret, previous, body string
			var until sql.NullTime
			if err := c.queryRow(ctx, `SELECT d.msg_id, d.created_at, w.url, w.secret, w.previous_secret,
					w.previous_until, e.body
				FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN webhook_events e ON e.id = d.event_id
				WHERE d.id = ?`, r.id).Scan(&q.MessageID, &q.CreatedAt, &q.URL, &secret, &previous, &until, &body); err != nil {
				return err
			}
			q.Body, q.Secrets = []byte(body), []string{secret}
			if previous != "" && until.Valid && until.Time.After(now) {
				q.Secrets = append(q.Secrets, previous)
			}
			out = append(out, q)
		}
		return nil
	})
	return out, err
}

// FinishWebhook records the outcome of attempt q (started at `at`): a 2xx
// is delivered; anything else waits for its backoff (webhooks.Backoff), or
// is given up once that passes the delivery's retry window (24 hours after
// its event, or after a manual redelivery). It applies only while the
// caller's claim is the latest, and keeps the delivery's last
// webhooks.KeptAttempts attempts in its log.
func (db *DB) FinishWebhook(ctx context.Context, q webhooks.Queued, o webhooks.Outcome, at time.Time) error {
	at = utc(at)
	errText := truncate(o.Err, 500)
	return db.write(ctx, func(c conn) error {
		var n int64
		var err error
		if o.OK() {
			n, err = execCount(ctx, c, `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ?,
					last_attempt_at = ?, response_code = ?, last_error = '', lease_until = NULL
				WHERE id = ? AND attempts = ? AND status = 'pending'`, at, at, o.ResponseCode, q.ID, q.Attempt)
		} else {
			next := at.Add(webhooks.Backoff(q.Attempt))
			n, err = execCount(ctx, c, `UPDATE webhook_deliveries SET
					status = CASE WHEN give_up_at < ? THEN 'failed' ELSE 'pending' END,
					next_attempt_at = ?, last_attempt_at = ?, response_code = ?, last_error = ?, lease_until = NULL
				WHERE id = ? AND attempts = ? AND status = 'pending'`,
				next, next, at, o.ResponseCode, errText, q.ID, q.Attempt)
		}
		if err != nil || n == 0 {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO webhook_attempts (delivery_id, at, response_code, error, duration_ms)
			VALUES (?, ?, ?, ?, ?)`, q.ID, at, o.ResponseCode, errText, o.Duration.Milliseconds()); err != nil {
			return err
		}
		_, err = c.exec(ctx, `DELETE FROM webhook_attempts WHERE delivery_id = ? AND id NOT IN (
			SELECT id FROM webhook_attempts WHERE delivery_id = ? ORDER BY id DESC LIMIT ?)`,
			q.ID, q.ID, webhooks.KeptAttempts)
		return err
	})
}

// pruneWebhooks deletes, in the prune job's transaction, deliveries done
// (delivered or given up) over 30 days ago and the events no delivery
// needs any more.
func pruneWebhooks(ctx context.Context, c conn, now time.Time) error {
	month := now.Add(-30 * 24 * time.Hour)
	if _, err := c.exec(ctx, `DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?`,
		month); err != nil {
		return err
	}
	_, err := c.exec(ctx, `DELETE FROM webhook_events WHERE created_at < ?
		AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)`, month)
	return err
}
