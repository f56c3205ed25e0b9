package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/pricing"
)

// Order mail kinds (the outbox's kind and the i18n mail.<kind>.* keys).
const (
	MailOrderReceived = "order_received"
	MailOrderAccepted = "order_accepted"
	MailOrderRejected = "order_rejected"
	MailOrderCanceled = "order_cancelled"
	MailOrderReady    = "order_ready"
	MailOrderOnTheWay = "order_on_the_way"
	MailOrderDelivery = "order_delivered"
)

// SetOrderMail turns on the customer's order mails (receipt, status
// changes, support request received), composed with c in the customer's
// language and queued in the transaction of the change that causes them.
// Without it (tests of other things) no order mail is written.
func (db *DB) SetOrderMail(c mail.Composer) { db.orderMail = &c }

// statusMail is the mail a status change sends to the customer of a paid
// order ("" for none).
func statusMail(to string) string {
	switch to {
	case ordering.StatusAccepted:
		return MailOrderAccepted
	case ordering.StatusRejected:
		return MailOrderRejected
	case ordering.StatusCancelled:
		return MailOrderCanceled
	case ordering.StatusReadyToCollect:
		return MailOrderReady
	case ordering.StatusOnTheWay:
		return MailOrderOnTheWay
	case ordering.StatusDelivered:
		return MailOrderDelivery
	}
	return ""
}

// queueOrderMail writes mail kind about order orderID to its customer's
// outbox, inside the caller's transaction. Everything in it is read from
// the order as stored (lines, modifiers and totals are the order's copies).
func queueOrderMail(ctx context.Context, c conn, kind string, orderID int64, now time.Time) error {
	if c.mail == nil {
		return nil
	}
	var (
		email, lang, currency, slug, name, colour, venue, zone    string
		number, subtotal, discount, service, delivery, tip, total int64
		schemeID                                                  int64
		expected                                                  sql.NullTime
	)
	err := c.queryRow(ctx, `SELECT o.email, o.lang, o.currency, o.order_number, o.subtotal, o.discount,
			o.service_charge, o.delivery_fee, o.tip, o.total, o.expected_at, s.id, s.slug, s.name, s.colour, v.name, v.time_zone
		FROM orders o JOIN schemes s ON s.id = o.scheme_id JOIN venues v ON v.id = o.venue_id WHERE o.id = ?`, orderID).
		Scan(&email, &lang, &currency, &number, &subtotal, &discount, &service, &delivery, &tip, &total, &expected,
			&schemeID, &slug, &name, &colour, &venue, &zone)
	if err != nil {
		return err
	}
	if email == "" {
		return nil
	}
	money := func(n int64) string { return pricing.FormatMoney(currency, n) }
	params := map[string]string{"number": strconv.FormatInt(number, 10), "venue": venue, "refund": money(total), "time": ""}
	if expected.Valid {
		at := expected.Time
		if loc, err := time.LoadLocation(zone); err == nil {
			at = at.In(loc)
		}
		params["time"] = at.Format("15:04")
	}
	var lines []string
	var totals [][2]string
	if kind == MailOrderReceived {
		if lines, err = receiptLines(ctx, c, orderID, money); err != nil {
			return err
		}
		totals = append(totals, [2]string{"mail.receipt.subtotal", money(subtotal)})
		for _, t := range []struct {
			key string
			n   int64
		}{{"discount", -discount}, {"service_charge", service}, {"delivery_fee", delivery}, {"tip", tip}} {
			if t.n != 0 {
				totals = append(totals, [2]string{"mail.receipt." + t.key, money(t.n)})
			}
		}
		totals = append(totals, [2]string{"mail.receipt.total", money(total)})
	}
	m, err := c.mail.ComposeOrder(kind, lang, mail.Brand{Slug: slug, Name: name, Colour: colour}, params, lines, totals)
	if err != nil {
		return err
	}
	m.To = email
	return enqueueMail(ctx, c, schemeID, kind, m, now)
}

// receiptLines are the order's lines as a receipt shows them: "2 × Cheesy
// Fries  £9.98", each modifier on a line of its own below.
func receiptLines(ctx context.Context, c conn, orderID int64, money func(int64) string) ([]string, error) {
	rows, err := c.query(ctx, "SELECT title, qty, total, modifiers FROM order_lines WHERE order_id = ? ORDER BY position", orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var (
			title, mods string
			qty         int
			total       int64
		)
		if err := rows.Scan(&title, &qty, &total, &mods); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%d × %s  %s", qty, title, money(total)))
		var ms []struct {
			Name  string `json:"name"`
			Price int64  `json:"price"`
			Qty   int    `json:"qty"`
		}
		if json.Unmarshal([]byte(mods), &ms) == nil {
			for _, m := range ms {
				s := "    + " + m.Name
				if m.Qty > 1 {
					s = fmt.Sprintf("    + %d × %s", m.Qty, m.Name)
				}
				if m.Price != 0 {
					s += "  " + money(m.Price)
				}
				out = append(out, s)
			}
		}
	}
	return out, rows.Err()
}
