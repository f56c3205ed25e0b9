package store

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"platter/internal/ordering"
)

// lineArgs are an order's lines as order_lines values (position, item_id,
// title, qty, unit_price, total, vat_rate_bp, modifiers), lineWidth each.
func lineArgs(lines []ordering.Line) ([]any, error) {
	args := make([]any, 0, lineWidth*len(lines))
	for i, l := range lines {
		mods, err := json.Marshal(l.Modifiers)
		if err != nil {
			return nil, err
		}
		if l.Modifiers == nil {
			mods = []byte("[]")
		}
		args = append(args, i, l.ItemID, l.Title, l.Qty, l.UnitPrice, l.Total, l.VATRateBP, string(mods))
	}
	return args, nil
}

const lineWidth = 8

const lineColumnList = "order_id, position, item_id, title, qty, unit_price, total, vat_rate_bp, modifiers"

// insertLines inserts an order's lines in one statement.
func insertLines(ctx context.Context, c conn, orderID int64, lines []ordering.Line) error {
	if len(lines) == 0 {
		return nil
	}
	vals, err := lineArgs(lines)
	if err != nil {
		return err
	}
	args := make([]any, 0, len(vals)+len(lines))
	for i := range lines {
		args = append(append(args, orderID), vals[i*lineWidth:(i+1)*lineWidth]...)
	}
	_, err = c.exec(ctx, "INSERT INTO order_lines ("+lineColumnList+") VALUES "+
		strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, ?), ", len(lines)), ", "), args...)
	return err
}

// paymentArgs opens the order's payment: ref, provider, amount, currency,
// status, client_secret, created_at, updated_at. The sandbox's client
// secret is local; a real provider's intent is made after commit (no
// network call inside a transaction) and recorded with SetPaymentIntent.
func paymentArgs(o *ordering.Order, now time.Time) []any {
	ref := "pay_" + randomHex(12)
	secret := ""
	if o.Payment.Provider == "sandbox" {
		secret = ref + "_secret_" + randomHex(12)
	}
	return []any{ref, o.Payment.Provider, o.Pricing.Total, o.Pricing.Currency, ordering.PayRequired, secret, now, now}
}

const paymentColumnList = "order_id, ref, provider, amount, currency, status, client_secret, created_at, updated_at"

func insertPayment(ctx context.Context, c conn, orderID int64, o *ordering.Order, now time.Time) error {
	_, err := c.exec(ctx, "INSERT INTO payments ("+paymentColumnList+") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
		append([]any{orderID}, paymentArgs(o, now)...)...)
	return err
}

// orderRest is, on PostgreSQL, the payment's and the lines' INSERTs as
// the CTEs that follow "WITH o AS (the order's INSERT … RETURNING id)":
// each inserts for the order o returned, so nothing when it returned none.
// Their values are cast: in a VALUES list or a SELECT they are not
// typed by the column they go into.
func orderRest(o *ordering.Order, now time.Time) (string, []any, error) {
	q := "p AS (INSERT INTO payments (" + paymentColumnList + ") SELECT id, CAST(? AS TEXT), CAST(? AS TEXT), " +
		"CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TIMESTAMPTZ), " +
		"CAST(? AS TIMESTAMPTZ) FROM o)"
	args := paymentArgs(o, now)
	if len(o.Lines) == 0 {
		return q, args, nil
	}
	vals, err := lineArgs(o.Lines)
	if err != nil {
		return "", nil, err
	}
	row := "(CAST(? AS INTEGER), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS BIGINT), " +
		"CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS TEXT))"
	q += ", l AS (INSERT INTO order_lines (" + lineColumnList + ") SELECT o.id, v.* FROM o, (VALUES " +
		strings.TrimSuffix(strings.Repeat(row+", ", len(o.Lines)), ", ") + ") v)"
	return q, append(args, vals...), nil
}
