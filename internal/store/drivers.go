package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// SchemeDrivers lists the drivers of a scheme (platform users with a driver
// membership there), whom the board may assign a delivery to, in the order
// of the name the board shows (ordering.Driver.Label: the name, else the
// e-mail address), compared without case. The sort is Go's, not the
// database's: SQLite and PostgreSQL collate differently.
func (db *DB) SchemeDrivers(ctx context.Context, schemeID int64) ([]ordering.Driver, error) {
	out, err := scanAll(ctx, db.single(), func(r scanner, d *ordering.Driver) error {
		return r.Scan(&d.ID, &d.FirstName, &d.LastName, &d.Email)
	}, `SELECT u.id, COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), u.email FROM users u
		WHERE u.id IN (SELECT user_id FROM memberships WHERE scheme_id = ? AND role = 'driver')`, schemeID)
	if err != nil {
		return nil, mapErr(err)
	}
	ordering.SortDrivers(out)
	return out, nil
}

// AssignDriver gives a paid delivery order within reach, waiting to be
// accepted or accepted, to a driver of its scheme (replacing whoever had
// it), and wakes its streams. An order out of reach is not found; a
// driver who is not one of the scheme's is not found either; a pickup
// order, an unpaid one, or one already on its way or done is refused
// (409).
func (db *DB) AssignDriver(ctx context.Context, schemeID, orderID, driverID int64, reach ordering.Reach,
	now time.Time) (*ordering.Detail, error) {
	now = utc(now)
	var d *ordering.Detail
	err := db.write(ctx, func(c conn) error {
		ch := ordering.Change{SchemeID: schemeID, OrderID: orderID, Reach: reach}
		h, err := findHead(ctx, c, &ch)
		if err != nil {
			return err
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM memberships WHERE scheme_id = ? AND user_id = ? AND role = 'driver'`,
			schemeID, driverID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return &platter.Error{Code: platter.CodeNotFound, Message: "order.driver_unknown"}
		}
		if h.orderType != catalog.OrderTypeDelivery || h.payment != ordering.PayPaid ||
			(h.status != ordering.StatusPending && h.status != ordering.StatusAccepted) {
			return &platter.Error{Code: platter.CodeTransitionRefused, Message: "order.driver_not_assignable"}
		}
		res, err := execCount(ctx, c, `UPDATE orders SET driver_user_id = ?, updated_at = ?
			WHERE id = ? AND status = ?`, driverID, now, orderID, h.status)
		if err != nil {
			return err
		}
		if res == 0 {
			return errRefused("stale", h.status, h.status)
		}
		// No event: the boards read the order again.
		if err := notifyOrder(ctx, c, orderID); err != nil {
			return err
		}
		d, err = loadDetail(ctx, c, orderID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// DriverVersion fingerprints the deliveries a driver has open in a scheme
// (assigned, accepted or on the way: what the driver view shows), so a
// waiting driver view learns cheaply whether to read its list again: an
// order assigned, taken away, moved on or changed gives another value.
func (db *DB) DriverVersion(ctx context.Context, schemeID, driverID int64) (string, error) {
	type row struct {
		id     int64
		status string
		at     time.Time
	}
	rows, err := scanAll(ctx, db.single(), func(r scanner, o *row) error {
		return r.Scan(&o.id, &o.status, &o.at)
	}, `SELECT id, status, updated_at FROM orders WHERE scheme_id = ? AND driver_user_id = ?
		AND status IN (?, ?) ORDER BY id`, schemeID, driverID, ordering.StatusAccepted, ordering.StatusOnTheWay)
	if err != nil {
		return "", mapErr(err)
	}
	h := sha256.New()
	for _, o := range rows {
		fmt.Fprintf(h, "%d:%s:%d;", o.id, o.status, o.at.UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}
