package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/notify/mail"
	"platter/internal/ordering"
)

// Order mail kinds (the outbox's kind and the i18n mail.<kind>.* keys).
const (
	MailOrderReceived  = mail.KindOrderReceived
	MailOrderAccepted  = mail.KindOrderAccepted
	MailOrderRejected  = mail.KindOrderRejected
	MailOrderCanceled  = mail.KindOrderCancelled
	MailOrderWithdrawn = mail.KindOrderWithdrawn
	MailOrderReady     = mail.KindOrderReady
	MailOrderOnTheWay  = mail.KindOrderOnTheWay
	MailOrderCollected = mail.KindOrderCollected
	MailOrderDelivery  = mail.KindOrderDelivered
)

// SetOrderMail turns on the customer's order mails (receipt, status
// changes, support request received), composed with c in the customer's
// language and queued in the transaction of the change that causes them.
// Without it (tests of other things) no order mail is written.
func (db *DB) SetOrderMail(c mail.Composer) { db.orderMail = &c }

// statusMail is the mail a status change by actor sends to the customer
// of a paid order ("" for none): a cancellation reads differently when
// the customer asked for it.
func statusMail(to ordering.Status, actor string) string {
	switch to {
	case ordering.StatusAccepted:
		return MailOrderAccepted
	case ordering.StatusRejected:
		return MailOrderRejected
	case ordering.StatusCancelled:
		if actor == ordering.ActorCustomer {
			return MailOrderWithdrawn
		}
		return MailOrderCanceled
	case ordering.StatusReadyToCollect:
		return MailOrderReady
	case ordering.StatusOnTheWay:
		return MailOrderOnTheWay
	case ordering.StatusCollected:
		return MailOrderCollected
	case ordering.StatusDelivered:
		return MailOrderDelivery
	}
	return ""
}

// queueOrderMail writes mail kind about order orderID to its customer's
// outbox, inside the caller's transaction. Everything in it is read from
// the order as stored (lines, modifiers and totals are the order's
// copies); reason is what staff told the customer ("" for none).
func queueOrderMail(ctx context.Context, c conn, kind string, orderID int64, reason string, now time.Time) error {
	return queueOrderMailOf(ctx, c, kind, orderID, reason, 0, now, nil)
}

// queueRefundMail writes the mail of a staff refund of amount, with
// staff's reason.
func queueRefundMail(ctx context.Context, c conn, orderID, amount int64, reason string, now time.Time) error {
	return queueOrderMailOf(ctx, c, MailOrderRefunded, orderID, reason, amount, now, nil)
}

// queueOrderMailOf is queueOrderMail with the amount going back (0: what
// the mail kind says by itself: a rejection or cancellation gives back
// what staff refunds have not); fill, when not nil, adds what the kind says
// beyond the order (staff's reply to a support request).
func queueOrderMailOf(ctx context.Context, c conn, kind string, orderID int64, reason string, refund int64,
	now time.Time, fill func(*mail.Order)) error {
	if c.mail == nil {
		return nil
	}
	o, err := loadOrder(ctx, c, orderID)
	if err != nil {
		return err
	}
	return queueMailOfOrder(ctx, c, kind, o, reason, refund, now, fill)
}

// queueMailOfOrder is queueOrderMailOf with the order read already, in
// this transaction: FinishPayment hands back the order the receipt was
// written from when nothing changed it after.
func queueMailOfOrder(ctx context.Context, c conn, kind string, o *ordering.Order, reason string, refund int64,
	now time.Time, fill func(*mail.Order)) error {
	orderID := o.ID
	if c.mail == nil || o.Email == "" {
		return nil
	}
	var (
		lang, slug, name, colour, logo, replyTo, venueSlug, venue, zone string
		line1, line2, city, postcode, country                           string
		theme                                                           int
		expected                                                        sql.NullTime
	)
	err := c.queryRow(ctx, `SELECT o.lang, o.expected_at, s.slug, s.name, s.colour, s.logo_url, s.theme, s.reply_to,
			v.slug, v.name, v.time_zone, v.address_line1, v.address_line2, v.city, v.postcode, v.country
		FROM orders o JOIN schemes s ON s.id = o.scheme_id JOIN venues v ON v.id = o.venue_id WHERE o.id = ?`, orderID).
		Scan(&lang, &expected, &slug, &name, &colour, &logo, &theme, &replyTo, &venueSlug, &venue, &zone,
			&line1, &line2, &city, &postcode, &country)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	m := mail.Order{ID: o.ID, Number: o.Number, VenueSlug: venueSlug, Venue: venue,
		VenueAddress: joinAddress(line1, line2, catalog.TownLine(country, city, postcode)),
		Delivery:     o.OrderType == catalog.OrderTypeDelivery, Placed: o.CreatedAt, Zone: loc,
		Currency: o.Pricing.Currency, Subtotal: o.Pricing.Subtotal, Discount: o.Pricing.Discount,
		ServiceCharge: o.Pricing.ServiceCharge, DeliveryFee: o.Pricing.DeliveryFee, Tip: o.Pricing.Tip,
		Total: o.Pricing.Total, Tax: o.Pricing.Tax, CardBrand: o.Payment.Brand, CardLast4: o.Payment.Last4,
		Reason: reason, Refund: refund}
	if refund == 0 && (kind == MailOrderRejected || kind == MailOrderCanceled || kind == MailOrderWithdrawn) {
		// Staff refunds made before are not given back twice.
		var back int64
		if err := c.queryRow(ctx, "SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND kind = ?",
			orderID, ordering.RefundStaff).Scan(&back); err != nil {
			return err
		}
		if back > 0 {
			m.Refunded = back
			m.Refund = max(o.Pricing.Total-back, 0)
		}
	}
	if fill != nil {
		fill(&m)
	}
	if o.PaidAt != nil {
		m.Placed = *o.PaidAt
	}
	if a := o.DeliveryAddress; a != nil {
		m.DeliveryAddress = joinAddress(a.Line1, a.Line2, catalog.TownLine(a.Country, a.City, a.Postcode))
	}
	if !o.IsASAP && o.PreorderFor != nil {
		m.Slot = *o.PreorderFor
	}
	if expected.Valid {
		m.Expected = expected.Time
	}
	for _, l := range o.Lines {
		ml := mail.Line{Title: l.Title, Qty: l.Qty, UnitPrice: l.UnitPrice, Total: l.Total}
		for _, md := range l.Modifiers {
			ml.Modifiers = append(ml.Modifiers, mail.Modifier{Name: md.Name, Qty: md.Qty, Price: md.Price})
		}
		m.Lines = append(m.Lines, ml)
	}
	b := mail.Brand{Slug: slug, Name: name, Colour: colour, LogoURL: logo, Dark: theme == 0, ReplyTo: replyTo}
	msg, err := c.mail.ComposeOrder(kind, lang, b, &m, now)
	if err != nil {
		return err
	}
	msg.To = o.Email
	return enqueueMail(ctx, c, o.SchemeID, kind, msg, now)
}

// joinAddress is an address on one line: its non-empty parts, comma-separated.
func joinAddress(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ", ")
}
