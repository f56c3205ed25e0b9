package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/pricing"
)

// MailOrderRefunded is the customer's mail of a staff refund.
const MailOrderRefunded = mail.KindOrderRefunded

func errRefund(reason string) *platter.Error {
	return &platter.Error{Code: platter.CodeTransitionRefused, Message: "order.refund_" + reason}
}

// RefundOrder writes a staff refund of part or all of what is left of an
// order's payment, in one transaction with its order event (the streams
// hear of it), the customer's mail (in their language, with the amount
// and staff's reason) and an audit row (before and after: what was
// refunded and what is left). The provider is asked after the commit
// (ordering.Service.RefundOrder, else the refund job).
//
// The order's row is locked (PostgreSQL; SQLite has one writer), so
// refunds of one order are written one at a time and each sees the ones
// before it: their sum never exceeds the payment. A request of a key seen
// before is the refund written then (created false), never a second one;
// the same key with another amount or reason is a conflict (1409).
//
// Refused (3060, 409): an order not paid (or refunded already), one still
// waiting to be accepted (rejecting it refunds it in full) and one with
// nothing left. An amount over what is left is a validation error (1000)
// that says how much is left.
func (db *DB) RefundOrder(ctx context.Context, r ordering.StaffRefund, now time.Time) (rec *ordering.RefundRecord,
	created bool, err error) {
	now = utc(now)
	lock := ""
	if db.dialect == Postgres {
		lock = " FOR NO KEY UPDATE"
	}
	key := ""
	if r.Key != "" {
		key = "staff:" + r.Key
	}
	err = db.write(ctx, func(c conn) error {
		rec, created = nil, false
		var (
			status             ordering.Status
			payment, currency  string
			number             int64
			venue, user, drive int64
		)
		if err := c.queryRow(ctx, `SELECT status, payment_status, currency, order_number, venue_id, user_id,
				COALESCE(driver_user_id, 0) FROM orders WHERE id = ? AND scheme_id = ?`+lock, r.OrderID, r.SchemeID).
			Scan(&status, &payment, &currency, &number, &venue, &user, &drive); err != nil {
			return err
		}
		if !r.Admits(user, venue, drive) {
			return platter.NotFound()
		}
		if key != "" {
			found, err := refundOfKey(ctx, c, r.OrderID, key)
			if err != nil || found != nil {
				if found != nil && (found.Amount != r.Amount || found.Reason != r.Reason) {
					return &platter.Error{Code: platter.CodeConflict, Message: "order.idempotency_conflict"}
				}
				rec = found
				return err
			}
		}
		m, err := orderRefunds(ctx, c, r.OrderID, payment)
		if err != nil {
			return err
		}
		switch {
		case payment == ordering.PayRefunded:
			return errRefund("nothing_left")
		case payment != ordering.PayPaid:
			return errRefund("not_paid")
		case status == ordering.StatusPending:
			return errRefund("pending")
		case m.Left <= 0:
			return errRefund("nothing_left")
		case r.Amount > m.Left:
			return &platter.Error{Code: platter.CodeValidation, Message: "error.validation",
				Fields: map[string]string{"amount": "order.refund_too_much"},
				Params: map[string]string{platter.FieldParam("amount", "left"): pricing.FormatMoney(currency, m.Left)}}
		}
		if key == "" {
			var b [12]byte
			_, _ = rand.Read(b[:])
			key = "auto:" + hex.EncodeToString(b[:])
		}
		var b [8]byte
		_, _ = rand.Read(b[:])
		var id int64
		refundRef := "re_" + hex.EncodeToString(b[:])
		if err := c.queryRow(ctx, `INSERT INTO refunds (order_id, scheme_id, ref, payment_ref, intent_ref, provider,
				amount, currency, status, next_at, created_at, kind, request_key, reason, actor_user_id, actor)
			SELECT p.order_id, ?, ?, p.ref, p.provider_ref, p.provider, ?, p.currency, 'pending', ?, ?, ?, ?, ?, ?, ?
			FROM payments p WHERE p.order_id = ? RETURNING id`,
			r.SchemeID, refundRef, r.Amount, now, now, ordering.RefundStaff, key, r.Reason,
			nullID(r.ActorUserID), r.ActorEmail, r.OrderID).Scan(&id); err != nil {
			return err
		}
		if err := reportRefund(ctx, c, refundRef); err != nil {
			return err
		}
		rec = &ordering.RefundRecord{ID: id, OrderID: r.OrderID, Kind: ordering.RefundStaff, Amount: r.Amount,
			Currency: currency, Status: "pending", Reason: r.Reason, Actor: r.ActorEmail, CreatedAt: now}
		created = true
		refunded, left := m.Refunded+r.Amount, m.Left-r.Amount
		payload, _ := json.Marshal(map[string]any{"refund_id": id, "amount": r.Amount, "currency": currency,
			"refunded": refunded, "left": left, "at": now.Format(time.RFC3339)})
		if err := addEventOf(ctx, c, r.OrderID, r.SchemeID, ordering.EventRefund, status, payment, r.Actor,
			"", payload, now); err != nil {
			return err
		}
		if err := queueRefundMail(ctx, c, r.OrderID, r.Amount, r.Reason, now); err != nil {
			return err
		}
		before := map[string]any{"refunded": m.Refunded, "left": m.Left}
		after := map[string]any{"refunded": refunded, "left": left,
			"refund": map[string]any{"id": id, "amount": r.Amount, "currency": currency, "reason": r.Reason}}
		return recordAudit(ctx, c, r.SchemeID, Audit{ActorUserID: r.ActorUserID, ActorEmail: r.ActorEmail,
			Action: "refund.create", Target: "order #" + strconv.FormatInt(number, 10)}, before, after, now)
	})
	if err != nil {
		return nil, false, err
	}
	return rec, created, nil
}

const refundColumns = `id, order_id, kind, amount, currency, status, reason, actor, created_at, done_at`

func scanRefund(r scanner, x *ordering.RefundRecord) error {
	var done sql.NullTime
	if err := r.Scan(&x.ID, &x.OrderID, &x.Kind, &x.Amount, &x.Currency, &x.Status, &x.Reason, &x.Actor,
		&x.CreatedAt, &done); err != nil {
		return err
	}
	x.CreatedAt = x.CreatedAt.UTC()
	if done.Valid {
		t := done.Time.UTC()
		x.DoneAt = &t
	}
	return nil
}

// refundOfKey is an order's refund of a request key, or nil.
func refundOfKey(ctx context.Context, c conn, orderID int64, key string) (*ordering.RefundRecord, error) {
	rows, err := scanAll(ctx, c, scanRefund, "SELECT "+refundColumns+` FROM refunds
		WHERE order_id = ? AND request_key = ?`, orderID, key)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// orderRefunds reads an order's refunds, oldest first, with what was paid
// and what staff may still refund (payment is the order's payment status).
func orderRefunds(ctx context.Context, c conn, orderID int64, payment string) (*ordering.RefundState, error) {
	out := &ordering.RefundState{}
	err := c.queryRow(ctx, "SELECT COALESCE(MAX(amount), 0) FROM payments WHERE order_id = ?", orderID).Scan(&out.Paid)
	if err != nil {
		return nil, err
	}
	if out.List, err = scanAll(ctx, c, scanRefund, "SELECT "+refundColumns+` FROM refunds
		WHERE order_id = ? ORDER BY id`, orderID); err != nil {
		return nil, err
	}
	for _, x := range out.List {
		out.Refunded += x.Amount
	}
	if payment == ordering.PayPaid {
		out.Left = max(out.Paid-out.Refunded, 0)
	}
	return out, nil
}
