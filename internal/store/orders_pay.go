package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/webhooks"
)

// A card payment runs in three steps so that no provider call happens
// inside a transaction and no result is applied twice:
//
//  1. StartPayment claims the order: requires_payment (or requires_action,
//     or a processing claim whose lease ran out) → processing, leased for
//     ordering.PaymentLease. Only one charge of an order runs at a time, and
//     the expiry job leaves a leased order alone.
//  2. The caller asks the provider, outside any transaction.
//  3. FinishPayment records the answer, only while the order is still
//     processing: a result that arrives twice finds it paid and changes
//     nothing.

// StartPayment claims one of the owner's orders for a charge (challenge:
// for completing a requires_action challenge, which must then be pending).
// An order already paid comes back with claimed false; one that expired or
// was cancelled is 3053; one being charged right now is 3054.
func (db *DB) StartPayment(ctx context.Context, schemeID, userID, orderID int64, challenge bool, now time.Time) (*ordering.Order, bool, error) {
	now = utc(now)
	from := "payment_status IN ('requires_payment', 'requires_action')"
	if challenge {
		from = "payment_status = 'requires_action'"
	}
	var (
		out     *ordering.Order
		claimed bool
	)
	// Relaxed: a claim lost in a power cut is one whose lease ran out.
	err := db.writeRelaxed(ctx, func(c conn) error {
		out, claimed = nil, false
		// No claim of an order priced with a reward another order has
		// spent (rewardSpentElsewhere, asked in the same statement).
		res, err := c.exec(ctx, `UPDATE orders SET payment_status = 'processing', payment_lease_until = ?, updated_at = ?
			WHERE id = ? AND scheme_id = ? AND user_id = ? AND status = 'pending' AND expires_at > ?
			AND (`+from+` OR (payment_status = 'processing' AND payment_lease_until <= ?))
			AND NOT EXISTS (SELECT 1 FROM loyalty_rewards r WHERE r.id = orders.loyalty_reward_id
				AND r.status = 'spent' AND r.order_id <> orders.id)`,
			now.Add(ordering.PaymentLease), now, orderID, schemeID, userID, now, now)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		claimed = n == 1
		if !claimed {
			// Why not: a reward spent elsewhere comes first (an order paid
			// already is spent by itself, never elsewhere).
			if spent, err := rewardSpentElsewhere(ctx, c, schemeID, userID, orderID); err != nil {
				return err
			} else if spent {
				return errRewardSpent()
			}
		}
		out, err = loadOrder(ctx, c, orderID)
		if errors.Is(err, sql.ErrNoRows) || err == nil && (out.SchemeID != schemeID || out.UserID != userID) {
			out = nil
			return platter.NotFound() // another's order reads as a missing one
		}
		return err
	})
	if err != nil {
		return nil, false, err
	}
	if claimed {
		return out, true, nil
	}
	switch {
	case out.PaymentStatus == ordering.PayPaid:
		return out, false, nil
	case out.Status != ordering.StatusPending || !out.ExpiresAt.After(now):
		return nil, false, &platter.Error{Code: platter.CodeOrderNotPayable, Message: "payment.not_payable"}
	case out.PaymentStatus == ordering.PayProcessing:
		return nil, false, &platter.Error{Code: platter.CodePaymentInProgress, Message: "payment.in_progress"}
	}
	// A challenge answer with no challenge pending.
	return nil, false, &platter.Error{Code: platter.CodeConflict, Message: "payment.no_challenge"}
}

// FinishPayment records a provider's answer for an order StartPayment
// claimed: paid (its promo or reward use becomes spent), a challenge to
// complete, or a refusal that leaves the order waiting for another card.
// It applies only to an order still processing; otherwise it changes
// nothing and returns the order as it is.
func (db *DB) FinishPayment(ctx context.Context, orderID int64, r ordering.PaymentOutcome, now time.Time) (*ordering.Order, error) {
	now = utc(now)
	var out *ordering.Order
	err := db.write(ctx, func(c conn) error {
		out = nil
		status := ordering.PayRequired
		switch r.Status {
		case "succeeded":
			status = ordering.PayPaid
		case "requires_action":
			status = ordering.PayAction
		}
		paidAt := any(nil)
		if status == ordering.PayPaid {
			paidAt = now
		}
		// RETURNING what recordOutcome needs of the row: not read again.
		h := paidHead{orderID: orderID}
		err := c.queryRow(ctx, `UPDATE orders SET payment_status = ?, payment_lease_until = NULL, updated_at = ?,
			paid_at = COALESCE(?, paid_at) WHERE id = ? AND payment_status = 'processing'
			RETURNING scheme_id, status, loyalty_reward_id`, status, now, paidAt, orderID).
			Scan(&h.schemeID, &h.status, &h.rewardID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err == nil { // the order was processing: this answer is recorded
			if status == ordering.PayPaid {
				// Into the report's sums before anything refunds it.
				if err := reportPaid(ctx, c, orderID); err != nil {
					return err
				}
			}
			kept, err := recordOutcome(ctx, c, h, status, r, now)
			if err != nil {
				return err
			}
			if status == ordering.PayPaid && kept {
				// The receipt, with the payment that makes it one.
				var paid *ordering.Order
				if c.mail != nil {
					if paid, err = loadOrder(ctx, c, orderID); err != nil {
						return err
					}
					if err := queueMailOfOrder(ctx, c, MailOrderReceived, paid, "", 0, now, nil); err != nil {
						return err
					}
				}
				// After the receipt, so the customer reads it first.
				accepted, err := autoAccept(ctx, c, orderID, now)
				if err != nil {
					return err
				}
				if paid != nil && !accepted {
					out = paid // as the receipt read it: nothing changed it since
					return nil
				}
			}
		}
		out, err = loadOrder(ctx, c, orderID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// paidHead is what recording a payment needs of the order's row, read by
// the statement that changed its payment status.
type paidHead struct {
	orderID, schemeID int64
	status            ordering.Status
	rewardID          sql.NullInt64
}

// recordOutcome records a provider's answer; for a payment, kept is false
// when the order lost its loyalty reward to another order (settleReward)
// and was cancelled for a refund.
func recordOutcome(ctx context.Context, c conn, h paidHead, status string, r ordering.PaymentOutcome, now time.Time) (kept bool, err error) {
	orderID := h.orderID
	lastErr := ""
	if status == ordering.PayRequired {
		lastErr = r.Status
	}
	// Paid: its promo or reward use is spent. On PostgreSQL both in one
	// statement.
	const spend = `UPDATE redemptions SET status = 'spent', updated_at = ? WHERE order_id = ? AND status = 'reserved'`
	with, args := "", []any(nil)
	if status == ordering.PayPaid && c.dialect == Postgres {
		with, args = "WITH r AS ("+spend+") ", []any{now, orderID}
	}
	if _, err := c.exec(ctx, with+`UPDATE payments SET status = ?, challenge_id = ?, last_error = ?, attempts = attempts + 1,
		brand = CASE WHEN ? <> '' THEN ? ELSE brand END, last4 = CASE WHEN ? <> '' THEN ? ELSE last4 END,
		updated_at = ? WHERE order_id = ?`,
		append(args, status, r.ChallengeID, lastErr, r.Brand, r.Brand, r.Last4, r.Last4, now, orderID)...); err != nil {
		return false, err
	}
	if status != ordering.PayPaid {
		return true, nil
	}
	if with == "" {
		if _, err := c.exec(ctx, spend, now, orderID); err != nil {
			return false, err
		}
	}
	if err := addEvent(ctx, c, orderID, h.schemeID, h.status, ordering.PayPaid, "customer", "paid", now); err != nil {
		return false, err
	}
	if err := queueOrderWebhook(ctx, c, h.schemeID, orderID, webhooks.OrderPaid, "", "", now); err != nil {
		return false, err
	}
	// The reward first: an order that lost it is cancelled, never accepted.
	if kept, err := settleReward(ctx, c, h, now); err != nil || !kept {
		return kept, err
	}
	return true, nil
}

// ExpireOrders cancels up to limit orders unpaid past their expires_at and
// returns how many: each becomes cancelled / expired, its reserved promo or
// reward use is released (the code's count goes back down) and an event is
// written. Safe with several instances: PostgreSQL locks the rows it picks
// and skips rows another instance holds (FOR UPDATE SKIP LOCKED), SQLite
// has one writer; and the update is conditional, so an order is expired
// once, and its slot place and promo use are given back once. An order
// being charged (processing, lease not run out) is left for
// the charge to finish.
func (db *DB) ExpireOrders(ctx context.Context, now time.Time, limit int) (int, error) {
	now = utc(now)
	lock := ""
	if db.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var expired int
	err := db.write(ctx, func(c conn) error {
		expired = 0
		type row struct{ id, scheme int64 }
		rows, err := scanAll(ctx, c, func(r scanner, x *row) error { return r.Scan(&x.id, &x.scheme) },
			`UPDATE orders SET status = 'cancelled', payment_status = 'expired', cancelled_at = ?, updated_at = ?,
				payment_lease_until = NULL
			WHERE id IN (SELECT id FROM orders WHERE status = 'pending' AND expires_at <= ?
				AND (payment_status IN ('requires_payment', 'requires_action')
					OR (payment_status = 'processing' AND payment_lease_until <= ?))
				ORDER BY id LIMIT ?`+lock+`)
			RETURNING id, scheme_id`, now, now, now, now, limit)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if err := expireEffects(ctx, c, r.id, r.scheme, now); err != nil {
				return err
			}
		}
		expired = len(rows)
		return nil
	})
	return expired, err
}

// expireEffects writes what expiry causes (ordering.EffectsOf: the slot place
// and promo use given back, the payment closed) and its event.
func expireEffects(ctx context.Context, c conn, orderID, schemeID int64, now time.Time) error {
	fx := ordering.EffectsOf(ordering.Step{From: ordering.StatusPending, To: ordering.StatusCancelled, Actor: ordering.ActorSystem})
	ch := ordering.Change{SchemeID: schemeID, OrderID: orderID, To: ordering.StatusCancelled, Actor: ordering.ActorSystem,
		ActorRef: "system", Reason: "not paid in time"}
	return afterStatus(ctx, c, &ch, ordering.PayExpired, time.Time{}, fx, now)
}
