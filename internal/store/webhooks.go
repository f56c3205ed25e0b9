package store

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"platter/internal/i18n"
	"platter/internal/platter"
	"platter/internal/webhooks"
)

// A scheme's webhook endpoints as the back office manages them
// (admin/webhooks/*). Every query names the scheme: another scheme's
// endpoint or delivery is not found.

// UpsertWebhook saves an endpoint. A new one gets its signing secret, which
// is returned this once (never listed); an edit returns "". A scheme holds
// at most webhooks.MaxEndpoints (1000 on url beyond).
//
// The change is in the scheme's audit log (a: who; action webhook.upsert),
// the endpoint's URL, events and state before and after: where the
// scheme's order data is sent is a change a manager must be able to trace.
// The secret never is.
func (db *DB) UpsertWebhook(ctx context.Context, schemeID int64, in webhooks.Input, a Audit, now time.Time) (id int64,
	secret string, err error) {
	now = utc(now)
	events := strings.Join(in.Events, ",")
	after := webhookAudit{URL: in.URL, Events: in.Events, Enabled: in.Enabled}
	a.Action, a.Target = "webhook.upsert", webhookTarget(in.URL)
	err = db.write(ctx, func(c conn) error {
		id, secret = in.ID, ""
		if in.ID != 0 {
			before, err := webhookBefore(ctx, c, schemeID, in.ID)
			if err != nil {
				return err
			}
			res, err := c.exec(ctx, `UPDATE webhooks SET url = ?, events = ?, enabled = ?, updated_at = ?
				WHERE id = ? AND scheme_id = ?`, in.URL, events, in.Enabled, now, in.ID, schemeID)
			if err := oneRow(res, err); err != nil {
				return err
			}
			return recordAudit(ctx, c, schemeID, a, before, after, now)
		}
		// The scheme's row is locked (PostgreSQL) so two adds at once
		// cannot both pass the count.
		if _, err := c.exec(ctx, "UPDATE schemes SET updated_at = updated_at WHERE id = ?", schemeID); err != nil {
			return err
		}
		var n int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM webhooks WHERE scheme_id = ?", schemeID).Scan(&n); err != nil {
			return err
		}
		if n >= webhooks.MaxEndpoints {
			return &platter.Error{Code: platter.CodeValidation, Message: "error.validation",
				Fields: map[string]string{"url": "webhooks.endpoints_max"},
				Params: map[string]string{platter.FieldParam("url", i18n.CountParam): strconv.Itoa(webhooks.MaxEndpoints)}}
		}
		secret = webhooks.NewSecret()
		if err := c.queryRow(ctx, `INSERT INTO webhooks (scheme_id, url, events, enabled, secret, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, schemeID, in.URL, events, in.Enabled, secret, now, now).Scan(&id); err != nil {
			return err
		}
		return recordAudit(ctx, c, schemeID, a, nil, after, now)
	})
	if err != nil {
		return 0, "", err
	}
	return id, secret, nil
}

// RotateWebhookSecret gives an endpoint a new secret, returned this once.
// The one it had keeps signing beside it for webhooks.Overlap, so a
// receiver can move to the new one without losing a message (a rotation
// during an overlap drops the oldest).
// The rotation is in the audit log (webhook.rotate-secret), not the
// secret.
func (db *DB) RotateWebhookSecret(ctx context.Context, schemeID, id int64, a Audit, now time.Time) (string, error) {
	now = utc(now)
	var secret string
	err := db.write(ctx, func(c conn) error {
		before, err := webhookBefore(ctx, c, schemeID, id)
		if err != nil {
			return err
		}
		secret = webhooks.NewSecret()
		res, err := c.exec(ctx, `UPDATE webhooks SET previous_secret = secret, previous_until = ?, secret = ?,
				updated_at = ?
			WHERE id = ? AND scheme_id = ?`, now.Add(webhooks.Overlap), secret, now, id, schemeID)
		if err := oneRow(res, err); err != nil {
			return err
		}
		a.Action, a.Target = "webhook.rotate-secret", webhookTarget(before.URL)
		return recordAudit(ctx, c, schemeID, a, nil, map[string]string{"url": before.URL}, now)
	})
	if err != nil {
		return "", err
	}
	return secret, nil
}

// Webhooks lists the scheme's endpoints, oldest first, without secrets.
func (db *DB) Webhooks(ctx context.Context, schemeID int64, now time.Time) ([]webhooks.Endpoint, error) {
	now = utc(now)
	out, err := scanAll(ctx, db.single(), func(r scanner, e *webhooks.Endpoint) error {
		var events string
		var until sql.NullTime
		if err := r.Scan(&e.ID, &e.URL, &events, &e.Enabled, &until, &e.CreatedAt, &e.UpdatedAt); err != nil {
			return err
		}
		e.Events = splitEvents(events)
		if until.Valid && until.Time.After(now) {
			e.RotatedUntil = utcOf(until)
		}
		e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
		return nil
	}, `SELECT id, url, events, enabled, previous_until, created_at, updated_at FROM webhooks
		WHERE scheme_id = ? ORDER BY id`, schemeID)
	return out, mapErr(err)
}

func splitEvents(s string) []string {
	out := []string{}
	for _, e := range strings.Split(s, ",") {
		if e != "" {
			out = append(out, e)
		}
	}
	return out
}

// WebhookDeliveries is one page (newest first) of an endpoint's
// deliveries, each with its latest attempts, and how many there are.
func (db *DB) WebhookDeliveries(ctx context.Context, schemeID, webhookID int64, limit, offset int) ([]webhooks.Delivery,
	int, error) {
	var out []webhooks.Delivery
	var total int
	err := db.read(ctx, func(c conn) error {
		var one int
		if err := c.queryRow(ctx, "SELECT 1 FROM webhooks WHERE id = ? AND scheme_id = ?", webhookID, schemeID).
			Scan(&one); err != nil {
			return err
		}
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = ?", webhookID).
			Scan(&total); err != nil {
			return err
		}
		var err error
		out, err = scanAll(ctx, c, scanDelivery, `SELECT `+deliveryColumns+`
			FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
			WHERE d.webhook_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?`, webhookID, limit, offset)
		if err != nil || len(out) == 0 {
			return err
		}
		at := map[int64]int{}
		ids := make([]any, len(out))
		for i, d := range out {
			at[d.ID], ids[i] = i, d.ID
		}
		type attempt struct {
			delivery int64
			webhooks.Attempt
		}
		as, err := scanAll(ctx, c, func(r scanner, a *attempt) error {
			return r.Scan(&a.delivery, &a.At, &a.ResponseCode, &a.Error, &a.DurationMS)
		}, `SELECT delivery_id, at, response_code, error, duration_ms FROM webhook_attempts
			WHERE delivery_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY id DESC`, ids...)
		for _, a := range as {
			a.At = a.At.UTC()
			d := &out[at[a.delivery]]
			d.Log = append(d.Log, a.Attempt)
		}
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

const deliveryColumns = `d.id, d.msg_id, e.type, d.status, d.attempts, d.response_code, d.last_error, d.created_at,
	d.last_attempt_at, d.next_attempt_at, d.delivered_at`

func scanDelivery(r scanner, d *webhooks.Delivery) error {
	var last, next, done sql.NullTime
	if err := r.Scan(&d.ID, &d.MessageID, &d.Event, &d.Status, &d.Attempts, &d.ResponseCode, &d.LastError,
		&d.CreatedAt, &last, &next, &done); err != nil {
		return err
	}
	d.CreatedAt = d.CreatedAt.UTC()
	d.LastAttemptAt, d.DeliveredAt = utcOf(last), utcOf(done)
	if d.Status == webhooks.StatusPending {
		d.NextAttemptAt = utcOf(next)
	}
	d.Log = []webhooks.Attempt{}
	return nil
}

// RedeliverWebhook sends a delivery again, now, with the same webhook-id
// (receivers that saw it deduplicate): a delivered or given-up one becomes
// pending with one more try at least, a pending one is due at once. An
// attempt under way (leased) is left to finish first.
func (db *DB) RedeliverWebhook(ctx context.Context, schemeID, deliveryID int64, now time.Time) (*webhooks.Delivery, error) {
	now = utc(now)
	var out webhooks.Delivery
	err := db.write(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?,
				give_up_at = CASE WHEN give_up_at < ? THEN ? ELSE give_up_at END, delivered_at = NULL
			WHERE id = ? AND webhook_id IN (SELECT id FROM webhooks WHERE scheme_id = ?)`,
			now, now, now, deliveryID, schemeID)
		if err := oneRow(res, err); err != nil {
			return err
		}
		if c.fx != nil {
			c.fx.webhook = true
		}
		if err := scanDelivery(c.queryRow(ctx, `SELECT `+deliveryColumns+`
			FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`, deliveryID),
			&out); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// webhookAudit is an endpoint as the audit log records it.
type webhookAudit struct {
	URL     string   `json:"url"`
	Events  []string `json:"events"`
	Enabled bool     `json:"enabled"`
}

// webhookBefore reads the scheme's endpoint id as the audit log records it
// (another scheme's is not found).
func webhookBefore(ctx context.Context, c conn, schemeID, id int64) (*webhookAudit, error) {
	var (
		w      webhookAudit
		events string
	)
	err := c.queryRow(ctx, "SELECT url, events, enabled FROM webhooks WHERE id = ? AND scheme_id = ?", id, schemeID).
		Scan(&w.URL, &events, &w.Enabled)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, platter.NotFound()
	}
	w.Events = strings.Split(events, ",")
	return &w, err
}

// webhookTarget names an endpoint in the audit log by its host.
func webhookTarget(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
}
