package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/support"
)

// The support inbox (docs/architecture.md §10): staff read the requests
// about their venues' orders (a manager, every one of the scheme), reply
// and move them along; the customer's order page shows the conversation.

// MailSupportReply is the outbox kind of staff's answer to a request.
const MailSupportReply = mail.KindSupportReply

// supportCols and supportFrom read a request with what the inbox shows
// beside it (the order's number, venue and customer).
const (
	supportCols = `sr.id, sr.scheme_id, sr.order_id, sr.user_id, sr.kind, sr.description, sr.status,
		sr.created_at, sr.updated_at, o.order_number, v.slug, v.name, o.first_name, o.last_name`
	supportFrom = ` FROM support_requests sr JOIN orders o ON o.id = sr.order_id JOIN venues v ON v.id = o.venue_id`
)

// supportReach is the condition (on orders o) that keeps to the orders
// staff reach: all of the scheme, or those of their venues. ok is false
// when the reach holds no venue at all (nothing to read).
func supportReach(r ordering.Reach) (cond string, args []any, ok bool) {
	if r.SchemeWide {
		return "", nil, true
	}
	if len(r.VenueIDs) == 0 {
		return "", nil, false
	}
	for _, v := range r.VenueIDs {
		args = append(args, v)
	}
	return " AND o.venue_id IN (" + placeholders(len(r.VenueIDs)) + ")", args, true
}

// SupportInbox lists a page (from 1) of the scheme's support requests
// within staff's reach, newest first, optionally of one status, each with
// its photos and conversation; total counts every request that matches.
func (db *DB) SupportInbox(ctx context.Context, schemeID int64, reach ordering.Reach, status string,
	page, perPage int) ([]support.Request, int, error) {
	out := []support.Request{}
	cond, reachArgs, ok := supportReach(reach)
	if !ok {
		return out, 0, nil
	}
	where := " WHERE sr.scheme_id = ? AND o.scheme_id = sr.scheme_id" + cond
	args := append([]any{schemeID}, reachArgs...)
	if status != "" {
		where += " AND sr.status = ?"
		args = append(args, status)
	}
	var total int
	err := db.read(ctx, func(c conn) error {
		out = out[:0]
		if err := c.queryRow(ctx, "SELECT COUNT(*)"+supportFrom+where, args...).Scan(&total); err != nil {
			return err
		}
		list, err := scanSupport(ctx, c, "SELECT "+supportCols+supportFrom+where+" ORDER BY sr.id DESC LIMIT ? OFFSET ?",
			append(args, perPage, (page-1)*perPage)...)
		if err != nil {
			return err
		}
		out = append(out, list...)
		return fillSupport(ctx, c, out)
	})
	if err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// ReplySupport records staff's reply r (checked by support.CleanReply) to
// a request within reach, in one transaction: the message and the status
// it sets join the conversation, the request takes the status, an audit
// row by a says what changed, and a message is mailed to the customer (in
// the order's language) through the outbox. A request out of reach is not
// found. A reply that neither says anything nor changes the status writes
// nothing. It returns the request as it now is.
func (db *DB) ReplySupport(ctx context.Context, r support.Reply, reach ordering.Reach, a Audit,
	now time.Time) (*support.Request, error) {
	now = utc(now)
	cond, reachArgs, ok := supportReach(reach)
	if !ok {
		return nil, platter.NotFound()
	}
	var out *support.Request
	err := db.write(ctx, func(c conn) error {
		// The no-op UPDATE finds the request within reach and locks its
		// row, so two replies at once see each other's status.
		res, err := c.exec(ctx, `UPDATE support_requests SET updated_at = updated_at
			WHERE id = ? AND scheme_id = ? AND order_id IN (SELECT o.id FROM orders o WHERE o.scheme_id = ?`+cond+`)`,
			append([]any{r.SupportID, r.SchemeID, r.SchemeID}, reachArgs...)...)
		if err := oneRow(res, err); err != nil {
			return err
		}
		var before string
		var orderID int64
		if err := c.queryRow(ctx, "SELECT status, order_id FROM support_requests WHERE id = ?", r.SupportID).
			Scan(&before, &orderID); err != nil {
			return err
		}
		changed := r.Status != "" && r.Status != before
		if r.Message != "" || changed {
			if err := writeReply(ctx, c, r, before, changed, orderID, a, now); err != nil {
				return err
			}
		}
		list, err := scanSupport(ctx, c, "SELECT "+supportCols+supportFrom+" WHERE sr.id = ?", r.SupportID)
		if err != nil {
			return err
		}
		if len(list) != 1 {
			return platter.NotFound()
		}
		if err := fillSupport(ctx, c, list); err != nil {
			return err
		}
		out = &list[0]
		return nil
	})
	if err != nil {
		return nil, mapErr(err)
	}
	return out, nil
}

// writeReply writes reply r to request r.SupportID (status before): the
// conversation's entry, the new status, the audit row and the mail.
func writeReply(ctx context.Context, c conn, r support.Reply, before string, changed bool, orderID int64,
	a Audit, now time.Time) error {
	after := before
	set := sql.NullString{}
	if changed {
		after, set = r.Status, sql.NullString{String: r.Status, Valid: true}
	}
	author := sql.NullInt64{Int64: r.AuthorID, Valid: r.AuthorID != 0}
	if _, err := c.exec(ctx, `INSERT INTO support_messages (support_request_id, author_id, body, status, created_at)
		VALUES (?, ?, ?, ?, ?)`, r.SupportID, author, r.Message, set, now); err != nil {
		return err
	}
	if _, err := c.exec(ctx, "UPDATE support_requests SET status = ?, updated_at = ? WHERE id = ?",
		after, now, r.SupportID); err != nil {
		return err
	}
	a.Action = "support.reply"
	a.Target = "support:" + strconv.FormatInt(r.SupportID, 10)
	afterJSON := map[string]string{"status": after}
	if r.Message != "" {
		afterJSON["message"] = r.Message
	}
	if err := recordAudit(ctx, c, r.SchemeID, a, map[string]string{"status": before}, afterJSON, now); err != nil {
		return err
	}
	if r.Message == "" {
		return nil // a status change alone shows on the order page; no mail
	}
	return queueOrderMailOf(ctx, c, MailSupportReply, orderID, "", 0, now, func(m *mail.Order) {
		m.Reply, m.SupportStatus = r.Message, after
	})
}

// scanSupport reads the requests a query of supportCols selects, in its
// order, without photos or messages.
func scanSupport(ctx context.Context, c conn, query string, args ...any) ([]support.Request, error) {
	rows, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []support.Request
	for rows.Next() {
		var r support.Request
		var first, last string
		if err := rows.Scan(&r.ID, &r.SchemeID, &r.OrderID, &r.UserID, &r.Kind, &r.Description, &r.Status,
			&r.CreatedAt, &r.UpdatedAt, &r.OrderNumber, &r.VenueSlug, &r.VenueName, &first, &last); err != nil {
			return nil, err
		}
		r.CustomerName = strings.TrimSpace(first + " " + last)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// fillSupport adds each request's photo ids and conversation (oldest
// first) to reqs.
func fillSupport(ctx context.Context, c conn, reqs []support.Request) error {
	if len(reqs) == 0 {
		return nil
	}
	index := make(map[int64]int, len(reqs))
	ids := make([]any, 0, len(reqs))
	for i := range reqs {
		index[reqs[i].ID] = i
		ids = append(ids, reqs[i].ID)
		reqs[i].PhotoIDs, reqs[i].Messages = []int64{}, []support.Message{}
	}
	in := "(" + placeholders(len(ids)) + ")"
	photos, err := c.query(ctx, "SELECT id, support_request_id FROM uploads WHERE support_request_id IN "+in+" ORDER BY id", ids...)
	if err != nil {
		return err
	}
	defer photos.Close()
	for photos.Next() {
		var id, req int64
		if err := photos.Scan(&id, &req); err != nil {
			return err
		}
		reqs[index[req]].PhotoIDs = append(reqs[index[req]].PhotoIDs, id)
	}
	if err := photos.Err(); err != nil {
		return err
	}
	photos.Close()
	msgs, err := c.query(ctx, `SELECT m.id, m.support_request_id, m.body, COALESCE(m.status, ''), COALESCE(u.email, ''), m.created_at
		FROM support_messages m LEFT JOIN users u ON u.id = m.author_id
		WHERE m.support_request_id IN `+in+" ORDER BY m.id", ids...)
	if err != nil {
		return err
	}
	defer msgs.Close()
	for msgs.Next() {
		var m support.Message
		var req int64
		if err := msgs.Scan(&m.ID, &req, &m.Body, &m.Status, &m.AuthorEmail, &m.CreatedAt); err != nil {
			return err
		}
		reqs[index[req]].Messages = append(reqs[index[req]].Messages, m)
	}
	return msgs.Err()
}
