package store

import (
	"context"
	"time"

	"platter/internal/ordering"
)

// expirePayment marks the payment of an order that ended unpaid (expired,
// or cancelled before it was paid) and, when the provider holds a payment
// for it (a Stripe PaymentIntent), marks that payment due to be cancelled
// at the provider: CancelIntents does it after the commit.
func expirePayment(ctx context.Context, c conn, orderID int64, now time.Time) error {
	_, err := c.exec(ctx, `UPDATE payments SET status = 'expired', updated_at = ?,
		intent_cancel = CASE WHEN provider_ref <> '' AND intent_cancel = '' THEN 'due' ELSE intent_cancel END
		WHERE order_id = ?`, now, orderID)
	return err
}

// IntentsToCancel returns up to limit provider payments due to be
// cancelled, oldest first. Several instances may cancel one at once: the
// provider call is idempotent (cancelling a cancelled intent changes
// nothing), so no lease is taken.
func (db *DB) IntentsToCancel(ctx context.Context, limit int) ([]ordering.DueIntent, error) {
	out, err := scanAll(ctx, db.single(), func(r scanner, d *ordering.DueIntent) error {
		return r.Scan(&d.OrderID, &d.Provider, &d.IntentID)
	}, `SELECT order_id, provider, provider_ref FROM payments WHERE intent_cancel = 'due' ORDER BY id LIMIT ?`, limit)
	return out, mapErr(err)
}

// IntentCancelled records that an order's provider payment was cancelled
// (or can no longer be: the provider answered that it is past cancelling).
func (db *DB) IntentCancelled(ctx context.Context, orderID int64, now time.Time) error {
	return db.write(ctx, func(c conn) error {
		_, err := c.exec(ctx, `UPDATE payments SET intent_cancel = 'done', updated_at = ?
			WHERE order_id = ? AND intent_cancel = 'due'`, utc(now), orderID)
		return err
	})
}
