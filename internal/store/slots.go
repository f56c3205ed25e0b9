package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"platter/internal/platter"
	"platter/internal/schedule"
)

// Slot capacity (docs/architecture.md §9). slot_usage counts the places taken in each
// (venue, order type, 15-minute slot); slot_claims remembers which order took
// which place, so the place is given back by order id alone, once, whatever
// has changed at the venue since (busy minutes move an ASAP order's slot).

// claimSlot takes one place of the slot for orderID inside the caller's
// write transaction (orders/prepare), refusing with 3105 when capacity
// places are taken already. The upsert's condition is checked against the
// row as it is once any other claim of the same slot has committed
// (PostgreSQL locks the row, SQLite has one writer), so concurrent claims can
// never overfill a slot. The order's transaction must be READ COMMITTED on
// PostgreSQL (write's default).
//
// Capacity 0 (unlimited) writes nothing: counting would make every ASAP
// prepare of the venue queue on one row until its commit, for a number
// nobody reads. So a capacity set later counts the orders placed from then.
//
// It is safe to run again when write re-runs the transaction: everything
// it did was rolled back with the rest.
func claimSlot(ctx context.Context, c conn, orderID, venueID int64, orderType int, slot time.Time, capacity int) error {
	if capacity <= 0 {
		return nil
	}
	slot = utc(slot)
	res, err := c.exec(ctx, `INSERT INTO slot_usage (venue_id, order_type, slot_start, used) VALUES (?, ?, ?, 1)
		ON CONFLICT (venue_id, order_type, slot_start) DO UPDATE SET used = slot_usage.used + 1
		WHERE slot_usage.used < ?`, venueID, orderType, slot, capacity)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return &platter.Error{Code: platter.CodeSlotFull, Message: "schedule.slot_full"}
	}
	_, err = c.exec(ctx, `INSERT INTO slot_claims (order_id, venue_id, order_type, slot_start) VALUES (?, ?, ?, ?)`,
		orderID, venueID, orderType, slot)
	return err
}

// releaseSlot gives back the place orderID holds, if any, inside the
// caller's write transaction (the unpaid-order expiry, a cancellation). A
// second release of the same order finds no claim and does nothing.
func releaseSlot(ctx context.Context, c conn, orderID int64) error {
	var (
		venueID   int64
		orderType int
		slot      time.Time
	)
	err := c.queryRow(ctx, `DELETE FROM slot_claims WHERE order_id = ? RETURNING venue_id, order_type, slot_start`,
		orderID).Scan(&venueID, &orderType, &slot)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = c.exec(ctx, `UPDATE slot_usage SET used = used - 1
		WHERE venue_id = ? AND order_type = ? AND slot_start = ? AND used > 0`, venueID, orderType, utc(slot))
	return err
}

// ClaimSlot is claimSlot in a transaction of its own.
func (db *DB) ClaimSlot(ctx context.Context, orderID, venueID int64, orderType int, slot time.Time, capacity int) error {
	return db.write(ctx, func(c conn) error {
		return claimSlot(ctx, c, orderID, venueID, orderType, slot, capacity)
	})
}

// ReleaseSlot is releaseSlot in a transaction of its own.
func (db *DB) ReleaseSlot(ctx context.Context, orderID int64) error {
	return db.write(ctx, func(c conn) error { return releaseSlot(ctx, c, orderID) })
}

// SlotUsage returns the places taken in the venue's slots of orderType that
// start in [from, to), for venue/slots and orders/quote.
func (db *DB) SlotUsage(ctx context.Context, venueID int64, orderType int, from, to time.Time) (schedule.Usage, error) {
	rows, err := db.single().query(ctx, `SELECT slot_start, used FROM slot_usage
		WHERE venue_id = ? AND order_type = ? AND slot_start >= ? AND slot_start < ? AND used > 0`,
		venueID, orderType, utc(from), utc(to))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := schedule.Usage{}
	for rows.Next() {
		var (
			start time.Time
			used  int
		)
		if err := rows.Scan(&start, &used); err != nil {
			return nil, mapErr(err)
		}
		out[start.Unix()] = used
	}
	return out, mapErr(rows.Err())
}

// SetVenueOperations sets a venue's pause (zero: not paused) and busy
// minutes: the order board's switches (docs/architecture.md §9). A venue of another
// scheme is not found.
func (db *DB) SetVenueOperations(ctx context.Context, schemeID int64, venueSlug string, pausedUntil time.Time,
	busyMinutes int) error {
	var paused any
	if !pausedUntil.IsZero() {
		paused = utc(pausedUntil)
	}
	return db.write(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE venues SET paused_until = ?, busy_minutes = ?
			WHERE scheme_id = ? AND slug = ? AND deleted_at IS NULL`, paused, busyMinutes, schemeID, venueSlug)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return platter.NotFound()
		}
		return nil
	})
}
