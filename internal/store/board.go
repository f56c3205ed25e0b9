package store

import (
	"context"
	"strings"
	"time"

	"platter/internal/ordering"
)

// The order board (issue 12): a venue's paid orders in play and those
// finished today, and the events of all of them for its live stream.

// boardLimit bounds the orders one board answer carries.
const boardLimit = 300

// BoardOrders returns the venue's paid orders still in play (pending,
// accepted, ready, on the way) and those that changed since `since` (the
// start of the venue's day), newest first, at most boardLimit.
func (db *DB) BoardOrders(ctx context.Context, schemeID, venueID int64, since time.Time) ([]ordering.Detail, error) {
	marks := "?" + strings.Repeat(", ?", len(ordering.BoardStatuses)-1)
	args := []any{schemeID, venueID}
	for _, s := range ordering.BoardStatuses {
		args = append(args, s)
	}
	args = append(args, utc(since), boardLimit)
	var out []ordering.Detail
	err := db.read(ctx, func(c conn) error {
		out = []ordering.Detail{}
		ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) },
			`SELECT id FROM orders WHERE scheme_id = ? AND venue_id = ? AND payment_status IN ('paid', 'refunded')
			AND (status IN (`+marks+`) OR updated_at >= ?) ORDER BY id DESC LIMIT ?`, args...)
		if err != nil {
			return err
		}
		for _, id := range ids {
			d, err := loadDetail(ctx, c, id)
			if err != nil {
				return err
			}
			out = append(out, *d)
		}
		return nil
	})
	return out, err
}

// LastEventID is the id of the newest order event (0 when there is none):
// where a board's stream starts after the board has read its orders.
func (db *DB) LastEventID(ctx context.Context) (int64, error) {
	var id int64
	err := db.single().queryRow(ctx, "SELECT COALESCE(MAX(id), 0) FROM order_events").Scan(&id)
	return id, mapErr(err)
}

// VenueEvents returns up to limit status and eta events of the venue's
// paid orders after the event id after, oldest first (driver positions are
// the customer's business, not the board's). An order's first event that
// counts is its payment: to the venue an unpaid order does not exist.
func (db *DB) VenueEvents(ctx context.Context, schemeID, venueID, after int64, limit int) ([]ordering.Event, error) {
	var out []ordering.Event
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = scanAll(ctx, c, func(r scanner, e *ordering.Event) error {
			var payload string
			if err := r.Scan(&e.ID, &e.OrderID, &e.Kind, &e.Status, &e.PaymentStatus, &e.Actor, &e.Reason,
				&payload, &e.At); err != nil {
				return err
			}
			e.At = e.At.UTC()
			e.Payload = []byte(payload)
			if e.Kind == ordering.EventStatus && payload == "{}" {
				e.Payload = statusPayload(e.Status, e.PaymentStatus, e.Reason, e.At)
			}
			return nil
		}, `SELECT e.id, e.order_id, e.kind, e.status, e.payment_status, e.actor, e.reason, e.payload, e.created_at
			FROM order_events e JOIN orders o ON o.id = e.order_id
			WHERE e.id > ? AND e.scheme_id = ? AND o.venue_id = ? AND e.kind <> 'driver'
			AND e.payment_status IN ('paid', 'refunded')
			ORDER BY e.id LIMIT ?`, after, schemeID, venueID, limit)
		return err
	})
	return out, err
}

// CreateVenueStreamTicket stores a board stream ticket by its hash (and
// drops expired ones).
func (db *DB) CreateVenueStreamTicket(ctx context.Context, hash string, t ordering.VenueTicket, expires, now time.Time) error {
	return db.write(ctx, func(c conn) error {
		if _, err := c.exec(ctx, "DELETE FROM venue_stream_tickets WHERE expires_at <= ?", utc(now)); err != nil {
			return err
		}
		_, err := c.exec(ctx, `INSERT INTO venue_stream_tickets (hash, scheme_id, user_id, venue_id, expires_at)
			VALUES (?, ?, ?, ?, ?)`, hash, t.SchemeID, t.UserID, t.VenueID, utc(expires))
		return err
	})
}

// VenueStreamTicket returns what a board ticket grants while it is valid;
// an unknown or expired one is not found.
func (db *DB) VenueStreamTicket(ctx context.Context, hash string, now time.Time) (*ordering.VenueTicket, error) {
	var t ordering.VenueTicket
	err := db.single().queryRow(ctx, `SELECT scheme_id, user_id, venue_id FROM venue_stream_tickets
		WHERE hash = ? AND expires_at > ?`, hash, utc(now)).Scan(&t.SchemeID, &t.UserID, &t.VenueID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &t, nil
}
