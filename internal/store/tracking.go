package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/schedule"
)

// loadDetail reads an order with its venue, expected time, driver and
// status history.
func loadDetail(ctx context.Context, c conn, id int64) (*ordering.Detail, error) {
	o, err := loadOrder(ctx, c, id)
	if err != nil {
		return nil, err
	}
	d := &ordering.Detail{Order: *o}
	var (
		expected, driverAt sql.NullTime
		driverID           int64
		venue              catalog.Venue
		lat, lng           sql.NullFloat64
		name               string
	)
	err = c.queryRow(ctx, `SELECT v.slug, v.name, o.expected_at, COALESCE(o.driver_user_id, 0), o.driver_lat,
			o.driver_lng, o.driver_at, COALESCE(u.first_name, ''), v.delivery_minutes
		FROM orders o JOIN venues v ON v.id = o.venue_id LEFT JOIN users u ON u.id = o.driver_user_id
		WHERE o.id = ?`, id).Scan(&d.VenueSlug, &d.VenueName, &expected, &driverID, &lat, &lng, &driverAt, &name,
		&venue.DeliveryMinutes)
	if err != nil {
		return nil, err
	}
	if expected.Valid {
		t := expected.Time.UTC()
		ready := schedule.ReadyAt(&venue, o.OrderType, t)
		d.ExpectedAt, d.ReadyAt = &t, &ready
	}
	if driverID != 0 {
		d.Driver = &ordering.Position{DriverID: driverID, Name: name, Lat: lat.Float64, Lng: lng.Float64}
		if driverAt.Valid {
			d.Driver.UpdatedAt = driverAt.Time.UTC()
		}
	}
	if d.History, err = readEvents(ctx, c, o.SchemeID, id, 0, 1000, ordering.EventStatus); err != nil {
		return nil, err
	}
	m, err := orderRefunds(ctx, c, id, o.PaymentStatus)
	if err != nil {
		return nil, err
	}
	d.Refunds = *m
	return d, nil
}

// readEvents reads an order's events after an id, oldest first; kind ""
// means every kind.
func readEvents(ctx context.Context, c conn, schemeID, orderID, after int64, limit int, kind string) ([]ordering.Event, error) {
	q := `SELECT id, order_id, kind, status, payment_status, actor, reason, payload, created_at FROM order_events
		WHERE order_id = ? AND scheme_id = ? AND id > ?`
	args := []any{orderID, schemeID, after}
	if kind != "" {
		q += " AND kind = ?"
		args = append(args, kind)
	}
	q += " ORDER BY id LIMIT ?"
	args = append(args, limit)
	return scanAll(ctx, c, func(r scanner, e *ordering.Event) error {
		var payload string
		if err := r.Scan(&e.ID, &e.OrderID, &e.Kind, &e.Status, &e.PaymentStatus, &e.Actor, &e.Reason,
			&payload, &e.At); err != nil {
			return err
		}
		e.At = e.At.UTC()
		e.Payload = json.RawMessage(payload)
		if e.Kind == ordering.EventStatus && payload == "{}" {
			// Written by checkout (paid, expired), which keeps no payload.
			e.Payload = statusPayload(e.Status, e.PaymentStatus, e.Reason, e.At)
		}
		return nil
	}, q, args...)
}

// OrderEvents returns up to limit events of an order after the event id
// after, oldest first: what a stream has not sent yet. The caller has
// checked the order is the reader's (its stream ticket).
func (db *DB) OrderEvents(ctx context.Context, schemeID, orderID, after int64, limit int) ([]ordering.Event, error) {
	var out []ordering.Event
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = readEvents(ctx, c, schemeID, orderID, after, limit, "")
		return err
	})
	return out, err
}

// findReach reads who an order belongs to and checks it against the
// caller's reach.
func findReach(ctx context.Context, c conn, schemeID, orderID int64, r ordering.Reach) error {
	var user, venue, driver int64
	if err := c.queryRow(ctx, `SELECT user_id, venue_id, COALESCE(driver_user_id, 0) FROM orders
		WHERE id = ? AND scheme_id = ?`, orderID, schemeID).Scan(&user, &venue, &driver); err != nil {
		return err
	}
	if !r.Admits(user, venue, driver) {
		return platter.NotFound()
	}
	return nil
}

// OrderDetail returns an order within the caller's reach.
func (db *DB) OrderDetail(ctx context.Context, schemeID, orderID int64, r ordering.Reach) (*ordering.Detail, error) {
	var out *ordering.Detail
	err := db.read(ctx, func(c conn) error {
		if err := findReach(ctx, c, schemeID, orderID, r); err != nil {
			return err
		}
		var err error
		out, err = loadDetail(ctx, c, orderID)
		return err
	})
	return out, err
}

// Orders lists a page of the paid (or since refunded) orders within reach,
// newest first, with the total count: a customer's history, a venue's
// board. Orders never paid are left out: to the venue they do not exist
// yet (docs/architecture.md §6), and to the customer they are abandoned checkouts.
func (db *DB) Orders(ctx context.Context, f ordering.OrderFilter) ([]ordering.Detail, int, error) {
	where := []string{"scheme_id = ?", "payment_status IN ('paid', 'refunded')"}
	args := []any{f.SchemeID}
	reach, rargs, ok := reachCond(f.Reach)
	if !ok {
		return []ordering.Detail{}, 0, nil
	}
	if reach != "" {
		where, args = append(where, reach), append(args, rargs...)
	}
	if f.VenueID != 0 {
		where = append(where, "venue_id = ?")
		args = append(args, f.VenueID)
	}
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, f.Status)
	}
	return db.detailPage(ctx, strings.Join(where, " AND "), args, "id DESC", f.Page, f.PerPage)
}

// reachCond is the condition that keeps a query of orders within reach
// ("" for scheme-wide); ok is false when nothing is within it.
func reachCond(r ordering.Reach) (cond string, args []any, ok bool) {
	if r.SchemeWide {
		return "", nil, true
	}
	var or []string
	if r.UserID != 0 {
		or = append(or, "user_id = ?")
		args = append(args, r.UserID)
	}
	if len(r.VenueIDs) > 0 {
		or = append(or, "venue_id IN (?"+strings.Repeat(", ?", len(r.VenueIDs)-1)+")")
		for _, v := range r.VenueIDs {
			args = append(args, v)
		}
	}
	if r.DriverID != 0 {
		or = append(or, "driver_user_id = ?")
		args = append(args, r.DriverID)
	}
	if len(or) == 0 {
		return "", nil, false
	}
	return "(" + strings.Join(or, " OR ") + ")", args, true
}

// detailPage reads one page of the orders that match cond, in order, with
// the total count, each as a Detail.
func (db *DB) detailPage(ctx context.Context, cond string, args []any, order string, page, perPage int) (
	[]ordering.Detail, int, error) {
	var (
		out   []ordering.Detail
		total int
	)
	err := db.read(ctx, func(c conn) error {
		out = nil
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM orders WHERE "+cond, args...).Scan(&total); err != nil {
			return err
		}
		ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) },
			"SELECT id FROM orders WHERE "+cond+" ORDER BY "+order+" LIMIT ? OFFSET ?",
			append(args, perPage, (max(page, 1)-1)*perPage)...)
		if err != nil {
			return err
		}
		out = make([]ordering.Detail, 0, len(ids))
		for _, id := range ids {
			d, err := loadDetail(ctx, c, id)
			if err != nil {
				return err
			}
			out = append(out, *d)
		}
		return nil
	})
	return out, total, err
}

// DriverLocation records the assigned driver's position on an order that
// is on its way, and writes a driver event for its streams. Another
// driver's order is not found; an order not on its way is refused (409).
func (db *DB) DriverLocation(ctx context.Context, schemeID, driverID, orderID int64, lat, lng float64, now time.Time) error {
	now = utc(now)
	return db.write(ctx, func(c conn) error {
		var (
			status   ordering.Status
			payment  string
			assigned int64
		)
		if err := c.queryRow(ctx, `SELECT status, payment_status, COALESCE(driver_user_id, 0) FROM orders
			WHERE id = ? AND scheme_id = ?`, orderID, schemeID).Scan(&status, &payment, &assigned); err != nil {
			return err
		}
		if assigned == 0 || assigned != driverID {
			return platter.NotFound()
		}
		if status != ordering.StatusOnTheWay {
			return &platter.Error{Code: platter.CodeTransitionRefused, Message: "order.not_on_the_way"}
		}
		if _, err := c.exec(ctx, `UPDATE orders SET driver_lat = ?, driver_lng = ?, driver_at = ? WHERE id = ?`,
			lat, lng, now, orderID); err != nil {
			return err
		}
		b, _ := json.Marshal(map[string]any{"lat": lat, "lng": lng, "updated_at": now.Format(time.RFC3339)})
		return addEventOf(ctx, c, orderID, schemeID, ordering.EventDriver, status, payment,
			"driver:"+itoa(driverID), "", b, now)
	})
}

// CreateStreamTicket stores the hash of a new stream ticket (the caller
// checked the order is within the user's reach) and prunes expired ones.
func (db *DB) CreateStreamTicket(ctx context.Context, hash string, t ordering.Ticket, expires, now time.Time) error {
	return db.write(ctx, func(c conn) error {
		if _, err := c.exec(ctx, "DELETE FROM stream_tickets WHERE expires_at <= ?", utc(now)); err != nil {
			return err
		}
		_, err := c.exec(ctx, `INSERT INTO stream_tickets (hash, scheme_id, user_id, order_id, expires_at)
			VALUES (?, ?, ?, ?, ?)`, hash, t.SchemeID, t.UserID, t.OrderID, utc(expires))
		return err
	})
}

// StreamTicket returns what a ticket (by its hash) grants while it is
// valid; an unknown or expired one is not found.
func (db *DB) StreamTicket(ctx context.Context, hash string, now time.Time) (*ordering.Ticket, error) {
	var t ordering.Ticket
	err := db.single().queryRow(ctx, `SELECT scheme_id, user_id, order_id FROM stream_tickets
		WHERE hash = ? AND expires_at > ?`, hash, utc(now)).Scan(&t.SchemeID, &t.UserID, &t.OrderID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &t, nil
}

// SchemeDriver checks that userID is a driver of the scheme and returns
// it; with userID 0 it returns the scheme's only driver, or 0 when it has
// none or several (the board then names one).
func (db *DB) SchemeDriver(ctx context.Context, schemeID, userID int64) (int64, error) {
	q := "SELECT DISTINCT user_id FROM memberships WHERE scheme_id = ? AND role = 'driver'"
	args := []any{schemeID}
	if userID != 0 {
		q += " AND user_id = ?"
		args = append(args, userID)
	}
	ids, err := scanAll(ctx, db.single(), func(r scanner, id *int64) error { return r.Scan(id) }, q+" LIMIT 2", args...)
	if err != nil {
		return 0, mapErr(err)
	}
	if len(ids) != 1 {
		if userID != 0 {
			return 0, platter.NotFound()
		}
		return 0, nil
	}
	return ids[0], nil
}
