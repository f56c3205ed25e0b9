package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/printing"
	"platter/internal/webhooks"
)

// errRefused is the 409 of a refused step; its message names the reason.
func errRefused(reason string, from, to ordering.Status) *platter.Error {
	return &platter.Error{Code: platter.CodeTransitionRefused, Message: "order.transition_" + reason,
		Params: map[string]string{"from": string(from), "to": string(to)}}
}

// orderHead is what a transition reads of an order before deciding.
type orderHead struct {
	status          ordering.Status
	payment         string
	orderType       int
	venueID, userID int64
	driverID        int64
	total           int64
	currency        string
	expected        time.Time // set by setStatus on accept: the promised time
	// staffRefunded: the payment is refunded by staff refunds (the venue
	// gave it all back, and still holds the order: its steps go on).
	staffRefunded bool
}

// findHead reads an order of the scheme within the caller's reach; an
// order out of reach is not found, like a missing one.
func findHead(ctx context.Context, c conn, ch *ordering.Change) (*orderHead, error) {
	var h orderHead
	err := c.queryRow(ctx, `SELECT status, payment_status, order_type, venue_id, user_id,
			COALESCE(driver_user_id, 0), total, currency
		FROM orders WHERE id = ? AND scheme_id = ?`, ch.OrderID, ch.SchemeID).Scan(
		&h.status, &h.payment, &h.orderType, &h.venueID, &h.userID, &h.driverID, &h.total, &h.currency)
	if err != nil {
		return nil, err
	}
	if !ch.Admits(h.userID, h.venueID, h.driverID) {
		return nil, platter.NotFound()
	}
	if h.payment == ordering.PayRefunded {
		var n int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM refunds WHERE order_id = ? AND kind = ?", ch.OrderID,
			ordering.RefundStaff).Scan(&n); err != nil {
			return nil, err
		}
		h.staffRefunded = n > 0
	}
	return &h, nil
}

// Transition applies a status change: it reads the order, asks the state
// machine, then sets the new status only if the order is still in the one
// it read (UPDATE … WHERE status = ?), so of two people making a step at
// once exactly one succeeds and the other gets 409. In the same
// transaction it writes the step's effects (applyStep). The refund itself
// is made after the commit by the refund worker (never a provider call in
// a transaction), which the commit pokes. refund reports whether a refund
// was queued.
func (db *DB) Transition(ctx context.Context, ch ordering.Change, now time.Time) (d *ordering.Detail, err error) {
	now = utc(now)
	err = db.write(ctx, func(c conn) error {
		h, err := findHead(ctx, c, &ch)
		if err != nil {
			return err
		}
		if h.payment == ordering.PayProcessing {
			// A charge is under way: its answer decides whether there is
			// money to give back, so the order waits for it.
			return &platter.Error{Code: platter.CodePaymentInProgress, Message: "payment.in_progress"}
		}
		if err = applyStep(ctx, c, &ch, h, now); err != nil {
			return err
		}
		d, err = loadDetail(ctx, c, ch.OrderID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// applyStep is the one path of a status change, inside the caller's
// transaction, for every writer of one (staff, customer, auto-accept,
// auto-reject, a lost reward, the provider's refund): the state machine's
// rules, the compare-and-set, the event and the effects ordering.EffectsOf
// computes.
func applyStep(ctx context.Context, c conn, ch *ordering.Change, h *orderHead, now time.Time) error {
	step := ordering.Step{From: h.status, To: ch.To, OrderType: h.orderType, Actor: ch.Actor,
		Paid: h.payment == ordering.PayPaid || h.staffRefunded, Refunded: h.payment == ordering.PayRefunded,
		Cause: ch.Cause}
	if err := ordering.Check(step); err != nil {
		var r *ordering.Refusal
		errors.As(err, &r)
		return errRefused(r.Reason, h.status, ch.To)
	}
	fx := ordering.EffectsOf(step)
	payment := h.payment
	if fx.Expire {
		payment = ordering.PayExpired // never paid, and now it never will be
	}
	if err := setStatus(ctx, c, ch, h, payment, fx.Release, now); err != nil {
		return err
	}
	if err := afterStatus(ctx, c, ch, payment, h.expected, fx, now); err != nil {
		return err
	}
	return queueOrderWebhook(ctx, c, ch.SchemeID, ch.OrderID, webhooks.OrderStatusChanged, h.status, ch.Reason, now)
}

// setStatus is the compare-and-set: 0 rows means someone else changed the
// order since it was read (on PostgreSQL the UPDATE waits for their
// commit, then finds the status no longer matches).
func setStatus(ctx context.Context, c conn, ch *ordering.Change, h *orderHead, payment string, ended bool,
	now time.Time) error {
	var expected, cancelled any
	if ch.To == ordering.StatusAccepted {
		at, err := promisedAt(ctx, c, ch, now)
		if err != nil {
			return err
		}
		h.expected, expected = at, at
	}
	if ended {
		cancelled = now
	}
	driver := any(nil)
	if ch.To == ordering.StatusOnTheWay && ch.AssignDriver != 0 {
		driver = ch.AssignDriver
	}
	res, err := c.exec(ctx, `UPDATE orders SET status = ?, payment_status = ?, updated_at = ?,
			expected_at = COALESCE(?, expected_at), cancelled_at = COALESCE(?, cancelled_at),
			driver_user_id = COALESCE(?, driver_user_id)
		WHERE id = ? AND status = ? AND payment_status = ?`,
		ch.To, payment, now, expected, cancelled, driver, ch.OrderID, h.status, h.payment)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errRefused("stale", h.status, ch.To)
	}
	return nil
}

// afterStatus writes a step's event (and the eta event of an accept,
// promised for expected) and applies its effects (ordering.Effects) in the
// step's transaction.
func afterStatus(ctx context.Context, c conn, ch *ordering.Change, payment string, expected time.Time,
	fx ordering.Effects, now time.Time) error {
	if err := addEventOf(ctx, c, ch.OrderID, ch.SchemeID, ordering.EventStatus, ch.To, payment,
		ch.ActorRef, ch.Reason, statusPayload(ch.To, payment, ch.Reason, now), now); err != nil {
		return err
	}
	if ch.To == ordering.StatusAccepted {
		// The kitchen's tickets, in the accept's own transaction: exactly
		// one per printer of the venue (docs/architecture.md §11).
		if _, err := queuePrintJobs(ctx, c, ch.OrderID, printing.ReasonAccept, now); err != nil {
			return err
		}
	}
	if ch.To == ordering.StatusAccepted && !expected.IsZero() {
		if err := addETAEvent(ctx, c, ch.OrderID, ch.SchemeID, ch.To, payment, ch.ActorRef,
			expected, now); err != nil {
			return err
		}
	}
	if kind := statusMail(ch.To, ch.Actor); kind != "" && fx.Mail {
		// Staff's own words reach the customer; the system's reasons are
		// notes for the board, in English.
		reason := ""
		if ch.Actor == ordering.ActorStaff || ch.Actor == ordering.ActorManager {
			reason = ch.Reason
		}
		if err := queueOrderMail(ctx, c, kind, ch.OrderID, reason, now); err != nil {
			return err
		}
	}
	if fx.Stamps {
		// The stamps of docs/architecture.md §5, once, with the status that earns them.
		if err := creditStamps(ctx, c, ch.OrderID, now); err != nil {
			return err
		}
	}
	if fx.Release {
		if err := release(ctx, c, ch.OrderID, now); err != nil {
			return err
		}
	}
	if fx.Expire {
		if err := expirePayment(ctx, c, ch.OrderID, now); err != nil {
			return err
		}
	}
	if fx.Refund {
		_, err := queueRefund(ctx, c, ch.OrderID, ch.SchemeID, now)
		return err
	}
	return nil
}

// release gives back what an order that will never be made holds: its
// slot place, its promo or reward use, and the reward it spent.
func release(ctx context.Context, c conn, orderID int64, now time.Time) error {
	if err := releaseSlot(ctx, c, orderID); err != nil {
		return err
	}
	if err := releaseUse(ctx, c, orderID, now); err != nil {
		return err
	}
	return giveBackReward(ctx, c, orderID)
}

// releaseUse gives back the promo code or reward use of an order that will
// never be made (reserved at prepare or spent at payment): the customer
// may use a once-per-customer code again, and the code's count goes down.
func releaseUse(ctx context.Context, c conn, orderID int64, now time.Time) error {
	ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) },
		`UPDATE redemptions SET status = 'released', updated_at = ?
		WHERE order_id = ? AND status IN ('reserved', 'spent') RETURNING COALESCE(promo_code_id, 0)`, now, orderID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id == 0 {
			continue
		}
		if _, err := c.exec(ctx, "UPDATE promo_codes SET uses = uses - 1 WHERE id = ? AND uses > 0", id); err != nil {
			return err
		}
	}
	return nil
}

func statusPayload(status ordering.Status, payment, reason string, at time.Time) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"status": string(status), "payment_status": payment,
		"label": ordering.Label(status), "reason": reason, "at": at.Format(time.RFC3339)})
	return b
}

func addETAEvent(ctx context.Context, c conn, orderID, schemeID int64, status ordering.Status, payment, actor string,
	expected, now time.Time) error {
	b, _ := json.Marshal(map[string]string{"expected_at": expected.Format(time.RFC3339)})
	return addEventOf(ctx, c, orderID, schemeID, ordering.EventETA, status, payment, actor, "", b, now)
}

// addEventOf writes one event row of any kind.
func addEventOf(ctx context.Context, c conn, orderID, schemeID int64, kind string, status ordering.Status,
	payment, actor, reason string, payload json.RawMessage, now time.Time) error {
	return writeEvent(ctx, c, event{orderID: orderID, schemeID: schemeID, kind: kind, status: status, payment: payment,
		actor: actor, reason: reason, payload: payload, at: now})
}

// queueRefund writes the refund of an order's payment in full, once.
func queueRefund(ctx context.Context, c conn, orderID, schemeID int64, now time.Time) (queued bool, err error) {
	return queueRefundOf(ctx, c, orderID, schemeID, 0, "", now)
}

// queueRefundOf writes the lifecycle refund of an order's payment, once:
// (order_id, request_key ”) is unique in refunds, so a second queueing (a
// replayed webhook, two steps that both end the order) is a no-op and
// queued is false. It gives back what staff refunds have not (nothing is
// queued when they gave back everything). amount and currency are what
// arrived at the provider when it differs from the order's ("" takes the
// payment's). The refund worker makes the call after the commit, and the
// commit pokes it (afterCommit).
func queueRefundOf(ctx context.Context, c conn, orderID, schemeID, amount int64, currency string,
	now time.Time) (queued bool, err error) {
	var ref, intent, provider, cur string
	var amt, refunded int64
	if err := c.queryRow(ctx, `SELECT p.ref, p.provider_ref, p.provider, p.amount, p.currency,
			(SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.order_id = p.order_id AND r.kind = ?)
		FROM payments p WHERE p.order_id = ?`, ordering.RefundStaff, orderID).
		Scan(&ref, &intent, &provider, &amt, &cur, &refunded); err != nil {
		return false, err
	}
	if currency != "" {
		amt, cur = amount, currency
	} else if amt -= refunded; amt <= 0 {
		return false, nil
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	refundRef := "re_" + hex.EncodeToString(b[:])
	n, err := execCount(ctx, c, `INSERT INTO refunds (order_id, scheme_id, ref, payment_ref, intent_ref, provider, amount,
			currency, status, next_at, created_at, kind, request_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, '') ON CONFLICT (order_id, request_key) DO NOTHING`,
		orderID, schemeID, refundRef, ref, intent, provider, amt, cur, now, now, ordering.RefundOrder)
	if err != nil {
		return false, err
	}
	if n == 1 {
		if err := reportRefund(ctx, c, refundRef); err != nil {
			return false, err
		}
	}
	if n == 1 && c.fx != nil {
		c.fx.refund = true
	}
	return n == 1, nil
}

// Unaccepted lists up to limit paid orders nobody accepted within wait
// (PLATTER_AUTO_REJECT_MINUTES) after the later of their payment and their
// kitchen start (schedule.AcceptBy: a pre-order for 18:00 paid at 16:35
// waits for 17:45 less prep and delivery minutes, not for 16:48), oldest
// payment first. ordering.Service.AutoReject rejects them, each through
// Transition.
func (db *DB) Unaccepted(ctx context.Context, now time.Time, wait time.Duration, limit int) ([]ordering.OrderRef, error) {
	now = utc(now)
	rows, err := scanAll(ctx, db.single(), func(r scanner, d *ordering.OrderRef) error {
		return r.Scan(&d.OrderID, &d.SchemeID)
	}, `SELECT id, scheme_id FROM orders WHERE status = 'pending' AND payment_status = 'paid' AND paid_at <= ?
			AND (kitchen_at IS NULL OR kitchen_at <= ?)
		ORDER BY paid_at LIMIT ?`, now.Add(-wait), now.Add(-wait), limit)
	return rows, mapErr(err)
}
