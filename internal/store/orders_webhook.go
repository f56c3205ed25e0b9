package store

import (
	"context"
	"time"

	"platter/internal/ordering"
)

// SetPaymentIntent records the provider's payment of an order and the
// secret the browser pays it with, once: a second call (a retried
// prepare that made the same intent) keeps the first.
func (db *DB) SetPaymentIntent(ctx context.Context, orderID int64, providerRef, clientSecret string, now time.Time) (*ordering.Order, error) {
	var out *ordering.Order
	err := db.write(ctx, func(c conn) error {
		// An intent made for an order that ended meanwhile is due to be
		// cancelled like any other unpaid order's.
		if _, err := c.exec(ctx, `UPDATE payments SET provider_ref = ?, client_secret = ?, updated_at = ?,
			intent_cancel = CASE WHEN status = 'expired' THEN 'due' ELSE intent_cancel END
			WHERE order_id = ? AND provider_ref = ''`, providerRef, clientSecret, utc(now), orderID); err != nil {
			return err
		}
		var err error
		out, err = loadOrder(ctx, c, orderID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ApplyPaymentEvent applies a verified provider event (payments.Event*
// kinds) to the order whose payment is providerRef (and orderID, when the
// event names it). Every change is conditional on the state it changes
// from, so an event that arrives twice (a replayed webhook, or a webhook
// after the browser's answer) changes nothing the second time.
func (db *DB) ApplyPaymentEvent(ctx context.Context, kind, providerRef string, orderID int64, brand, last4, reason string,
	now time.Time) (*ordering.EventResult, error) {
	now = utc(now)
	res := &ordering.EventResult{}
	err := db.write(ctx, func(c conn) error {
		*res = ordering.EventResult{}
		q := "SELECT order_id FROM payments WHERE provider_ref = ?"
		args := []any{providerRef}
		if orderID != 0 {
			q, args = q+" AND order_id = ?", append(args, orderID)
		}
		ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) }, q+" ORDER BY order_id", args...)
		if err != nil || len(ids) != 1 {
			return err // unknown (or ambiguous) payment: nothing to do
		}
		res.OrderID = ids[0]
		switch kind {
		case "succeeded":
			return paidByWebhook(ctx, c, res, providerRef, brand, last4, now)
		case "failed":
			_, err := c.exec(ctx, `UPDATE payments SET last_error = ?, attempts = attempts + 1, updated_at = ?
				WHERE order_id = ? AND status <> 'paid'`, reason, now, res.OrderID)
			return err
		case "refunded":
			n, err := execCount(ctx, c, `UPDATE orders SET payment_status = 'refunded', updated_at = ?
				WHERE id = ? AND payment_status = 'paid'`, now, res.OrderID)
			if err != nil || n == 0 {
				return err
			}
			res.Changed = true
			if _, err := c.exec(ctx, "UPDATE payments SET status = 'refunded', updated_at = ? WHERE order_id = ?",
				now, res.OrderID); err != nil {
				return err
			}
			return addOrderEvent(ctx, c, res.OrderID, ordering.PayRefunded, "provider", "refunded", now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func paidByWebhook(ctx context.Context, c conn, res *ordering.EventResult, providerRef, brand, last4 string, now time.Time) error {
	n, err := execCount(ctx, c, `UPDATE orders SET payment_status = 'paid', paid_at = ?, payment_lease_until = NULL,
		updated_at = ? WHERE id = ? AND status = 'pending'
		AND payment_status IN ('requires_payment', 'processing', 'requires_action')`, now, now, res.OrderID)
	if err != nil {
		return err
	}
	if n == 1 {
		res.Changed = true
		kept, err := recordOutcome(ctx, c, res.OrderID, ordering.PayPaid,
			ordering.PaymentOutcome{Status: "succeeded", Brand: brand, Last4: last4}, now)
		if err != nil || !kept {
			return err
		}
		// The receipt, as when the browser's confirmation makes it paid
		// (only one of the two paths changes the row).
		if err := queueOrderMail(ctx, c, MailOrderReceived, res.OrderID, now); err != nil {
			return err
		}
		return autoAccept(ctx, c, res.OrderID, now)
	}
	var status, payment string
	if err := c.queryRow(ctx, "SELECT status, payment_status FROM orders WHERE id = ?", res.OrderID).
		Scan(&status, &payment); err != nil {
		return err
	}
	if payment == ordering.PayExpired {
		// Paid after it expired: the money goes back (the order stays
		// cancelled; its slot and promo use are already given back).
		res.Changed, res.Refund = true, providerRef
		_, err := c.exec(ctx, `UPDATE orders SET payment_status = 'refunded', updated_at = ? WHERE id = ?`, now, res.OrderID)
		if err != nil {
			return err
		}
		return addOrderEvent(ctx, c, res.OrderID, ordering.PayRefunded, "system", "paid after it expired", now)
	}
	return nil
}

// addOrderEvent writes an event with the order's current status.
func addOrderEvent(ctx context.Context, c conn, orderID int64, payment, actor, reason string, now time.Time) error {
	var schemeID int64
	var status string
	if err := c.queryRow(ctx, "SELECT scheme_id, status FROM orders WHERE id = ?", orderID).Scan(&schemeID, &status); err != nil {
		return err
	}
	return addEvent(ctx, c, orderID, schemeID, status, payment, actor, reason, now)
}

func execCount(ctx context.Context, c conn, q string, args ...any) (int64, error) {
	r, err := c.exec(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return r.RowsAffected()
}
