package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"platter/internal/i18n"
	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/support"
)

// Support requests and their photos. Every query names the scheme and the
// owner (or, for staff, the scheme) beside the id, so a foreign id reads
// exactly like a missing one.

// SavePhoto stores a photo already re-encoded by support.Decoder for its
// uploader and returns its id. A customer with support.MaxPendingUploads
// photos not attached to any request is refused (4003).
func (db *DB) SavePhoto(ctx context.Context, p support.Photo, now time.Time) (int64, error) {
	var id int64
	err := db.write(ctx, func(c conn) error {
		// Lock the uploader's row (a no-op UPDATE locks on both databases)
		// so concurrent uploads cannot all pass the count on PostgreSQL.
		// (Platform users belong to no one scheme: the user id alone.)
		res, err := c.exec(ctx, "UPDATE users SET updated_at = updated_at WHERE id = ?", p.UserID)
		if err := oneRow(res, err); err != nil {
			return err
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM uploads
			WHERE user_id = ? AND scheme_id = ? AND support_request_id IS NULL`, p.UserID, p.SchemeID).Scan(&n); err != nil {
			return err
		}
		if n >= support.MaxPendingUploads {
			return &platter.Error{Code: platter.CodeTooManyUploads, Message: "upload.too_many",
				Params: map[string]string{i18n.CountParam: strconv.Itoa(support.MaxPendingUploads)}}
		}
		return c.queryRow(ctx, `INSERT INTO uploads (scheme_id, user_id, content_type, width, height, data, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			p.SchemeID, p.UserID, p.ContentType, p.Width, p.Height, p.Data, utc(now)).Scan(&id)
	})
	return id, err
}

// Photo returns photo id of the scheme to a reader within r: its uploader
// (r.UserID), staff of the whole scheme (r.SchemeWide), or staff of the
// venue of the order whose support request it is attached to (r.VenueIDs).
// Anyone else gets not found.
func (db *DB) Photo(ctx context.Context, schemeID, id int64, r ordering.Reach) (*support.Photo, error) {
	var p support.Photo
	var req sql.NullInt64
	venues := "FALSE"
	args := []any{id, schemeID, r.UserID, r.SchemeWide}
	if len(r.VenueIDs) > 0 {
		venues = `support_request_id IN (SELECT sr.id FROM support_requests sr JOIN orders o ON o.id = sr.order_id
			WHERE sr.scheme_id = uploads.scheme_id AND o.venue_id IN (?` + strings.Repeat(", ?", len(r.VenueIDs)-1) + `))`
		for _, v := range r.VenueIDs {
			args = append(args, v)
		}
	}
	err := db.read(ctx, func(c conn) error {
		return c.queryRow(ctx, `SELECT id, scheme_id, user_id, support_request_id, content_type, width, height, data, created_at
			FROM uploads WHERE id = ? AND scheme_id = ? AND (user_id = ? OR ? OR `+venues+`)`, args...).
			Scan(&p.ID, &p.SchemeID, &p.UserID, &req, &p.ContentType, &p.Width, &p.Height, &p.Data, &p.CreatedAt)
	})
	if err != nil {
		return nil, err
	}
	p.SupportRequestID = req.Int64
	return &p, nil
}

// InsertSupportRequest stores r (checked by support.Clean) about the
// owner's order r.OrderID and attaches the owner's photos r.PhotoIDs to it,
// with mail (when not nil: the customer's "we received it") queued in the
// same transaction. Another's order is not found; a photo that is not the
// owner's or is attached already is 4002, and nothing is stored.
func (db *DB) InsertSupportRequest(ctx context.Context, r support.Request, mail *mail.Message, now time.Time) (*support.Request, error) {
	now = utc(now)
	var out support.Request
	err := db.write(ctx, func(c conn) error {
		// The order's row is locked (no-op UPDATE) so the per-order count
		// holds under concurrency on PostgreSQL.
		res, err := c.exec(ctx, `UPDATE orders SET updated_at = updated_at WHERE id = ? AND user_id = ? AND scheme_id = ?`,
			r.OrderID, r.UserID, r.SchemeID)
		if err := oneRow(res, err); err != nil {
			return err
		}
		var paid string
		if err := c.queryRow(ctx, "SELECT payment_status FROM orders WHERE id = ?", r.OrderID).Scan(&paid); err != nil {
			return err
		}
		if paid != "paid" && paid != "refunded" {
			// Never placed (unpaid, expired): there is nothing to help with.
			return &platter.Error{Code: platter.CodeOrderNotPlaced, Message: "support.not_placed"}
		}
		var n int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM support_requests WHERE order_id = ?", r.OrderID).Scan(&n); err != nil {
			return err
		}
		if n >= support.MaxPerOrder {
			return &platter.Error{Code: platter.CodeTooManySupportRequests, Message: "support.too_many",
				Params: map[string]string{i18n.CountParam: strconv.Itoa(support.MaxPerOrder)}}
		}
		out = r
		out.Status = support.StatusOpen
		out.CreatedAt = now
		out.PhotoIDs = append([]int64{}, r.PhotoIDs...)
		if err := c.queryRow(ctx, `INSERT INTO support_requests (scheme_id, order_id, user_id, kind, description, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.SchemeID, r.OrderID, r.UserID, r.Kind, r.Description,
			out.Status, now, now).Scan(&out.ID); err != nil {
			return err
		}
		for _, pid := range r.PhotoIDs {
			res, err := c.exec(ctx, `UPDATE uploads SET support_request_id = ?
				WHERE id = ? AND user_id = ? AND scheme_id = ? AND support_request_id IS NULL`,
				out.ID, pid, r.UserID, r.SchemeID)
			if err := oneRow(res, err); err != nil {
				if platter.ErrorCode(err) == platter.CodeNotFound {
					return &platter.Error{Code: platter.CodePhotoNotYours, Message: "support.photo_not_yours",
						Fields: map[string]string{"photo_ids": "support.photo_not_yours"}}
				}
				return err
			}
		}
		if err := queueSupportWebhook(ctx, c, &out, now); err != nil {
			return err
		}
		if mail != nil {
			return enqueueMail(ctx, c, r.SchemeID, MailSupportReceived, *mail, now)
		}
		return queueOrderMail(ctx, c, MailSupportReceived, r.OrderID, "", now)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// MailSupportReceived is the outbox kind of the "we received your support
// request" mail.
const MailSupportReceived = "support_received"

// SupportRequestsOfOrder lists the requests about order orderID of the
// scheme, oldest first, each with its photo ids and conversation. The
// caller has already established that the reader may see the order (its
// owner or its venue's staff); the scheme is named so an id of another
// scheme finds nothing.
func (db *DB) SupportRequestsOfOrder(ctx context.Context, schemeID, orderID int64) ([]support.Request, error) {
	out := []support.Request{}
	err := db.read(ctx, func(c conn) error {
		list, err := scanSupport(ctx, c, "SELECT "+supportCols+supportFrom+
			" WHERE sr.order_id = ? AND sr.scheme_id = ? ORDER BY sr.id", orderID, schemeID)
		if err != nil {
			return err
		}
		out = append(out[:0], list...)
		return fillSupport(ctx, c, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
