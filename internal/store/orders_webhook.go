package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"platter/internal/ordering"
	"platter/internal/webhooks"
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

// ApplyPaymentEvent applies a verified provider event to the order whose
// payment is ev.IntentID (and ev.OrderID, when the event names it). Every
// change is conditional on the state it changes from, so an event that
// arrives twice (a replayed webhook, or a webhook after the browser's
// answer) changes nothing the second time. Money that cannot be kept is
// never refunded here (no provider call in a transaction): a refund is
// queued, once per order, and the refund worker makes it after the commit.
func (db *DB) ApplyPaymentEvent(ctx context.Context, ev ordering.ProviderEvent, now time.Time) (*ordering.EventResult, error) {
	now = utc(now)
	res := &ordering.EventResult{}
	err := db.write(ctx, func(c conn) error {
		*res = ordering.EventResult{}
		q := "SELECT order_id FROM payments WHERE provider_ref = ?"
		args := []any{ev.IntentID}
		if ev.OrderID != 0 {
			q, args = q+" AND order_id = ?", append(args, ev.OrderID)
		}
		ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) }, q+" ORDER BY order_id", args...)
		if err != nil || len(ids) != 1 {
			return err // unknown (or ambiguous) payment: nothing to do
		}
		res.OrderID = ids[0]
		switch ev.Kind {
		case ordering.ProviderSucceeded:
			return paidByWebhook(ctx, c, res, &ev, now)
		case ordering.ProviderFailed:
			_, err := c.exec(ctx, `UPDATE payments SET last_error = ?, attempts = attempts + 1, updated_at = ?
				WHERE order_id = ? AND status <> 'paid'`, ev.Reason, now, res.OrderID)
			return err
		case ordering.ProviderRefunded:
			return refundedByProvider(ctx, c, res, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func paidByWebhook(ctx context.Context, c conn, res *ordering.EventResult, ev *ordering.ProviderEvent, now time.Time) error {
	var amount int64
	var currency string
	if err := c.queryRow(ctx, "SELECT amount, currency FROM payments WHERE order_id = ?", res.OrderID).
		Scan(&amount, &currency); err != nil {
		return err
	}
	if ev.Amount != amount || !strings.EqualFold(ev.Currency, currency) {
		// Not the order's total: it never pays the order; what arrived
		// goes back.
		return keepNothing(ctx, c, res, ev.Amount, strings.ToUpper(ev.Currency), true,
			"the amount paid is not the order's total", now)
	}
	h := paidHead{orderID: res.OrderID}
	err := c.queryRow(ctx, `UPDATE orders SET payment_status = 'paid', paid_at = ?, payment_lease_until = NULL,
		updated_at = ? WHERE id = ? AND status = 'pending'
		AND payment_status IN ('requires_payment', 'processing', 'requires_action')
		RETURNING scheme_id, status, loyalty_reward_id`, now, now, res.OrderID).Scan(&h.schemeID, &h.status, &h.rewardID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if err == nil {
		res.Changed = true
		// Into the report's sums before anything refunds it (taking the
		// order-events lock first).
		if err := reportPaid(ctx, c, res.OrderID); err != nil {
			return err
		}
		kept, err := recordOutcome(ctx, c, h, ordering.PayPaid,
			ordering.PaymentOutcome{Status: "succeeded", Brand: ev.Brand, Last4: ev.Last4}, now)
		if err != nil || !kept {
			return err
		}
		// The receipt, as when the browser's confirmation makes it paid
		// (only one of the two paths changes the row).
		if err := queueOrderMail(ctx, c, MailOrderReceived, res.OrderID, "", now); err != nil {
			return err
		}
		_, err = autoAccept(ctx, c, res.OrderID, now)
		return err
	}
	var payment string
	if err := c.queryRow(ctx, "SELECT payment_status FROM orders WHERE id = ?", res.OrderID).Scan(&payment); err != nil {
		return err
	}
	if payment == ordering.PayExpired {
		// Paid after it expired (or after the customer cancelled it): the
		// order stays cancelled (its slot and promo use are already given
		// back) and the money goes back.
		return keepNothing(ctx, c, res, 0, "", false, "paid after it expired", now)
	}
	return nil
}

// keepNothing queues the refund of money that arrived for an order that
// cannot keep it, once (a replayed webhook finds it queued and changes
// nothing), and records why in the order's history.
func keepNothing(ctx context.Context, c conn, res *ordering.EventResult, amount int64, currency string, mismatch bool,
	reason string, now time.Time) error {
	var schemeID int64
	var (
		status  ordering.Status
		payment string
	)
	if err := c.queryRow(ctx, "SELECT scheme_id, status, payment_status FROM orders WHERE id = ?", res.OrderID).
		Scan(&schemeID, &status, &payment); err != nil {
		return err
	}
	queued, err := queueRefundOf(ctx, c, res.OrderID, schemeID, amount, currency, now)
	if err != nil || !queued {
		return err
	}
	res.Changed, res.Mismatch, res.RefundQueued = true, mismatch, true
	return addEvent(ctx, c, res.OrderID, schemeID, status, payment, "provider", reason, now)
}

// refundedByProvider applies a refund the provider made (from its
// dashboard, or the refund worker's own): the order no longer holds money.
// A paid order still waiting to be accepted leaves the board's "new" state
// through the lifecycle: the System cancels it (its slot, promo and reward
// given back, the customer e-mailed), with no second refund queued; a
// refund of it still queued is done.
func refundedByProvider(ctx context.Context, c conn, res *ordering.EventResult, now time.Time) error {
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
	if _, err := c.exec(ctx, `UPDATE refunds SET status = 'done', done_at = ?, lease_until = NULL, provider_ref = 'provider'
		WHERE order_id = ? AND status = 'pending'`, now, res.OrderID); err != nil {
		return err
	}
	var schemeID int64
	info := webhooks.RefundInfo{Kind: "provider", Reason: "refunded by the provider"}
	if err := c.queryRow(ctx, `SELECT o.scheme_id, p.amount, p.currency FROM orders o JOIN payments p ON p.order_id = o.id
		WHERE o.id = ?`, res.OrderID).Scan(&schemeID, &info.Amount, &info.Currency); err != nil {
		return err
	}
	if err := queueRefundWebhook(ctx, c, schemeID, res.OrderID, info, now); err != nil {
		return err
	}
	ch := ordering.Change{SchemeID: schemeID, OrderID: res.OrderID, To: ordering.StatusCancelled, Actor: ordering.ActorSystem,
		ActorRef: "provider", Reason: "refunded by the provider", Reach: ordering.Reach{SchemeWide: true}}
	h, err := findHead(ctx, c, &ch)
	if err != nil {
		return err
	}
	if h.status == ordering.StatusPending {
		err := applyStep(ctx, c, &ch, h, now)
		return err
	}
	// Accepted or further on: the venue decides what becomes of the order.
	return addOrderEvent(ctx, c, res.OrderID, ordering.PayRefunded, "provider", "refunded by the provider", now)
}

// addOrderEvent writes an event with the order's current status.
func addOrderEvent(ctx context.Context, c conn, orderID int64, payment, actor, reason string, now time.Time) error {
	var schemeID int64
	var status ordering.Status
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
