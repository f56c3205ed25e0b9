package store

import (
	"context"
	"database/sql"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/schedule"
)

// promisedAt is the expected time of an order accepted at now
// (schedule.Promised): its slot for a pre-order; for ASAP, now plus the
// minutes staff chose (ch.ETAMinutes) or else the venue's prep and busy
// minutes, plus its delivery minutes for delivery.
func promisedAt(ctx context.Context, c conn, ch *ordering.Change, now time.Time) (time.Time, error) {
	var (
		v         catalog.Venue
		orderType int
		isASAP    bool
		preorder  sql.NullTime
	)
	err := c.queryRow(ctx, `SELECT o.order_type, o.is_asap, o.preorder_for, v.prep_minutes, v.delivery_minutes,
			v.busy_minutes
		FROM orders o JOIN venues v ON v.id = o.venue_id WHERE o.id = ?`, ch.OrderID).
		Scan(&orderType, &isASAP, &preorder, &v.PrepMinutes, &v.DeliveryMinutes, &v.BusyMinutes)
	if err != nil {
		return time.Time{}, err
	}
	var slot *time.Time
	if !isASAP && preorder.Valid {
		t := preorder.Time.UTC()
		slot = &t
	}
	return schedule.Promised(&v, orderType, slot, now, ch.ETAMinutes).UTC(), nil
}
