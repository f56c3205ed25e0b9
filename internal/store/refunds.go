package store

import (
	"context"
	"time"

	"platter/internal/ordering"
	"platter/internal/webhooks"
)

// ClaimRefund leases the oldest refund that is due, or returns nil when
// none is. A lease lets one worker (of any instance) make the provider
// call; a worker that dies mid-call leaves the lease to run out, and the
// next claimant calls again with the same idempotency key (the refund's
// ref), which the provider answers with the same refund.
func (db *DB) ClaimRefund(ctx context.Context, now time.Time, lease time.Duration) (*ordering.Refund, error) {
	return db.claimRefund(ctx, 0, now, lease)
}

// ClaimRefundByID leases refund id if it is due, as ClaimRefund does; nil
// when it is not (done, or another worker holds it): admin/orders/refund
// asks the provider at once for the refund it just wrote.
func (db *DB) ClaimRefundByID(ctx context.Context, id int64, now time.Time, lease time.Duration) (*ordering.Refund, error) {
	return db.claimRefund(ctx, id, now, lease)
}

// claimRefund leases refund id (0: the oldest due).
func (db *DB) claimRefund(ctx context.Context, id int64, now time.Time, lease time.Duration) (*ordering.Refund, error) {
	now = utc(now)
	lock := ""
	if db.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var out *ordering.Refund
	err := db.write(ctx, func(c conn) error {
		out = nil
		rows, err := scanAll(ctx, c, func(r scanner, x *ordering.Refund) error {
			return r.Scan(&x.ID, &x.OrderID, &x.Ref, &x.PaymentRef, &x.IntentRef, &x.Provider, &x.Amount, &x.Currency,
				&x.Attempt)
		}, `UPDATE refunds SET attempts = attempts + 1, lease_until = ?
			WHERE id IN (SELECT id FROM refunds WHERE status = 'pending' AND next_at <= ?
				AND (lease_until IS NULL OR lease_until <= ?) AND (? = 0 OR id = ?) ORDER BY id LIMIT 1`+lock+`)
			RETURNING id, order_id, ref, payment_ref, intent_ref, provider, amount, currency, attempts`,
			now.Add(lease), now, now, id, id)
		if err != nil || len(rows) == 0 {
			return err
		}
		out = &rows[0]
		return nil
	})
	return out, err
}

// FinishRefund records a refund the provider made: the refund is done,
// and a status event tells the customer's stream. The order's payment is
// refunded once nothing of it is left: by its lifecycle refund (which
// gives back all that staff refunds have not), or when the staff refunds
// done add up to the payment. Only the latest claimant's attempt counts,
// and only once: done reports whether this call recorded it.
func (db *DB) FinishRefund(ctx context.Context, id int64, attempt int, providerRef string, now time.Time) (done bool, err error) {
	now = utc(now)
	err = db.write(ctx, func(c conn) error {
		done = false
		type finished struct {
			orderID, schemeID int64
			info              webhooks.RefundInfo
		}
		rows, err := scanAll(ctx, c, func(r scanner, x *finished) error {
			return r.Scan(&x.orderID, &x.schemeID, &x.info.ID, &x.info.Kind, &x.info.Amount, &x.info.Currency, &x.info.Reason)
		}, `UPDATE refunds SET status = 'done', done_at = ?, lease_until = NULL, provider_ref = ?
			WHERE id = ? AND attempts = ? AND status = 'pending'
			RETURNING order_id, scheme_id, id, kind, amount, currency, reason`, now, providerRef, id, attempt)
		if err != nil || len(rows) == 0 {
			return err
		}
		orderID := rows[0].orderID
		if rows[0].info.Kind == ordering.RefundStaff {
			var paid, back int64
			if err := c.queryRow(ctx, `SELECT p.amount, (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r
					WHERE r.order_id = p.order_id AND r.status = 'done')
				FROM payments p WHERE p.order_id = ?`, orderID).Scan(&paid, &back); err != nil {
				return err
			}
			if back < paid {
				done = true // part of it: the order still holds the rest
				return queueRefundWebhook(ctx, c, rows[0].schemeID, orderID, rows[0].info, now)
			}
		}
		// The order's payment is refunded; an order that never held the
		// money (what arrived was not its total) keeps its payment status.
		var schemeID int64
		var (
			status  ordering.Status
			payment string
		)
		if err := c.queryRow(ctx, `UPDATE orders SET payment_status = CASE WHEN payment_status IN ('paid', 'expired')
				THEN 'refunded' ELSE payment_status END, updated_at = ? WHERE id = ?
			RETURNING scheme_id, status, payment_status`, now, orderID).Scan(&schemeID, &status, &payment); err != nil {
			return err
		}
		if payment == ordering.PayRefunded {
			if _, err := c.exec(ctx, "UPDATE payments SET status = ?, updated_at = ? WHERE order_id = ?",
				ordering.PayRefunded, now, orderID); err != nil {
				return err
			}
		}
		if err := addEventOf(ctx, c, orderID, schemeID, ordering.EventStatus, status, payment,
			"system", "refunded", statusPayload(status, payment, "refunded", now), now); err != nil {
			return err
		}
		done = true
		return queueRefundWebhook(ctx, c, schemeID, orderID, rows[0].info, now)
	})
	if err != nil {
		return false, err // whatever a run of fn saw, nothing was committed
	}
	return done, nil
}

// RetryRefund records a failed attempt: the refund is due again at next.
func (db *DB) RetryRefund(ctx context.Context, id int64, attempt int, next time.Time, lastErr string) error {
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, `UPDATE refunds SET lease_until = NULL, next_at = ?, last_error = ?
			WHERE id = ? AND attempts = ? AND status = 'pending'`, utc(next), truncate(lastErr, 500), id, attempt)
		return err
	})
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
