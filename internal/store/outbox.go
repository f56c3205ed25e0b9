package store

import (
	"context"
	"sort"
	"time"

	"platter/internal/notify/mail"
)

// enqueueMail writes a message of a scheme to the outbox inside the
// caller's transaction, so it commits (or not) with the change that causes
// it. The scheme's managers see it in admin/outbox/list.
func enqueueMail(ctx context.Context, c conn, schemeID int64, kind string, m mail.Message, now time.Time) error {
	now = utc(now)
	_, err := c.exec(ctx, `INSERT INTO mail_outbox (scheme_id, kind, from_name, reply_to, to_addr, subject, text_body,
			html_body, next_attempt_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, schemeID, kind, m.FromName, m.ReplyTo, m.To, m.Subject, m.Text, m.HTML,
		now, now)
	return err
}

// ClaimMail leases up to limit due messages to the calling worker until
// now+lease and counts the attempt. A row is claimed by one worker only:
// PostgreSQL locks the rows it picks and skips rows another instance holds
// (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time, so the
// conditional UPDATE … RETURNING is atomic. A worker that dies holding a
// lease leaves the row to be claimed again once the lease ends.
func (db *DB) ClaimMail(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]mail.Queued, error) {
	now = utc(now)
	var out []mail.Queued
	// Relaxed (see writeRelaxed): a claim lost in a power cut is a worker
	// that died mid-send; the message is sent again.
	err := db.writeRelaxed(ctx, func(c conn) (err error) {
		out, err = claimMail(ctx, c, now, lease, limit, out[:0]) // a run again after a conflict starts clean
		return err
	})
	return out, err
}

// FinishMailAndClaim is FinishMail and then ClaimMail in one transaction:
// a worker with more to send records one delivery and takes the next
// message at once.
func (db *DB) FinishMailAndClaim(ctx context.Context, id int64, attempt int, status string, now time.Time,
	lease time.Duration, limit int) ([]mail.Queued, error) {
	now = utc(now)
	var out []mail.Queued
	err := db.writeRelaxed(ctx, func(c conn) (err error) {
		if err := finishMail(ctx, c, id, attempt, status, now); err != nil {
			return err
		}
		out, err = claimMail(ctx, c, now, lease, limit, out[:0])
		return err
	})
	return out, err
}

func claimMail(ctx context.Context, c conn, now time.Time, lease time.Duration, limit int, out []mail.Queued) ([]mail.Queued, error) {
	lock := ""
	if c.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	rows, err := c.query(ctx, `UPDATE mail_outbox SET lease_until = ?, attempts = attempts + 1
		WHERE id IN (SELECT id FROM mail_outbox
			WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
			ORDER BY id LIMIT ?`+lock+`)
		RETURNING id, attempts, kind, from_name, reply_to, to_addr, subject, text_body, html_body`,
		now.Add(lease), now, now, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var q mail.Queued
		m := &q.Message
		if err := rows.Scan(&q.ID, &q.Attempt, &q.Kind, &m.FromName, &m.ReplyTo, &m.To, &m.Subject, &m.Text, &m.HTML); err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, rows.Err()
}

// FinishMail records a delivered message: status "sent" (through SMTP) or
// "outbox" (no SMTP configured: logged only). It applies only while the
// caller's claim (attempt) is the latest, so a worker whose lease ran out
// cannot overwrite the outcome of the one that took over.
func (db *DB) FinishMail(ctx context.Context, id int64, attempt int, status string, now time.Time) error {
	// Relaxed, like the claim: lost in a power cut, the message is sent again.
	return db.writeRelaxed(ctx, func(c conn) error { return finishMail(ctx, c, id, attempt, status, utc(now)) })
}

func finishMail(ctx context.Context, c conn, id int64, attempt int, status string, now time.Time) error {
	_, err := c.exec(ctx, `UPDATE mail_outbox SET status = ?, sent_at = ?, lease_until = NULL, last_error = ''
		WHERE id = ? AND attempts = ?`, status, now, id, attempt)
	return err
}

// RetryMail records a failed attempt: the message waits until next (status
// "pending") or is given up (status "failed").
func (db *DB) RetryMail(ctx context.Context, id int64, attempt int, status string, next time.Time, lastErr string) error {
	if len(lastErr) > 1000 {
		lastErr = lastErr[:1000]
	}
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, `UPDATE mail_outbox SET status = ?, next_attempt_at = ?, lease_until = NULL, last_error = ?
			WHERE id = ? AND attempts = ?`, status, utc(next), lastErr, id, attempt)
		return err
	})
}
