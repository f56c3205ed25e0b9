package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"platter/internal/ordering"
)

// orderRecord is an orders row as read (columns.go): the nullable times
// and the delivery address (JSON text) become the order's pointers in
// toOrder.
type orderRecord struct {
	ID, SchemeID, VenueID, UserID, Number int64
	Status                                ordering.Status
	PaymentStatus                         string
	OrderType                             int
	IsASAP                                bool
	PreorderFor                           sql.NullTime
	DeliveryAddress                       string
	Note, Email, ContactNumber            string
	FirstName, LastName                   string
	Pricing                               ordering.Pricing
	PromoCodeID                           int64
	PromoCode                             string
	OfferID                               int64
	CreatedAt, ExpiresAt                  time.Time
	PaidAt                                sql.NullTime
	LoyaltyRewardID                       int64
	KitchenAt                             sql.NullTime
}

// pricingColumns are an order's figures, each beside its field.
var pricingColumns = columns[ordering.Pricing]{
	{"currency", func(p *ordering.Pricing) any { return &p.Currency }},
	{"subtotal", func(p *ordering.Pricing) any { return &p.Subtotal }},
	{"discount", func(p *ordering.Pricing) any { return &p.Discount }},
	{"discount_source", func(p *ordering.Pricing) any { return &p.DiscountSource }},
	{"service_charge", func(p *ordering.Pricing) any { return &p.ServiceCharge }},
	{"delivery_fee", func(p *ordering.Pricing) any { return &p.DeliveryFee }},
	{"tip", func(p *ordering.Pricing) any { return &p.Tip }},
	{"total", func(p *ordering.Pricing) any { return &p.Total }},
	{"tax", func(p *ordering.Pricing) any { return &p.Tax }},
	{"vat_rate_bp", func(p *ordering.Pricing) any { return &p.VATRateBP }},
	{"stamps_earned", func(p *ordering.Pricing) any { return &p.StampsEarned }},
}

// orderColumns is the orders row as read, each column beside its field.
var orderColumns = join(
	columns[orderRecord]{
		{"id", func(r *orderRecord) any { return &r.ID }},
		{"scheme_id", func(r *orderRecord) any { return &r.SchemeID }},
		{"venue_id", func(r *orderRecord) any { return &r.VenueID }},
		{"user_id", func(r *orderRecord) any { return &r.UserID }},
		{"order_number", func(r *orderRecord) any { return &r.Number }},
		{"status", func(r *orderRecord) any { return &r.Status }},
		{"payment_status", func(r *orderRecord) any { return &r.PaymentStatus }},
		{"order_type", func(r *orderRecord) any { return &r.OrderType }},
		{"is_asap", func(r *orderRecord) any { return &r.IsASAP }},
		{"preorder_for", func(r *orderRecord) any { return &r.PreorderFor }},
		{"delivery_address", func(r *orderRecord) any { return &r.DeliveryAddress }},
		{"note", func(r *orderRecord) any { return &r.Note }},
		{"email", func(r *orderRecord) any { return &r.Email }},
		{"contact_number", func(r *orderRecord) any { return &r.ContactNumber }},
		{"first_name", func(r *orderRecord) any { return &r.FirstName }},
		{"last_name", func(r *orderRecord) any { return &r.LastName }},
		{"COALESCE(promo_code_id, 0)", func(r *orderRecord) any { return &r.PromoCodeID }},
		{"promo_code", func(r *orderRecord) any { return &r.PromoCode }},
		{"COALESCE(offer_id, 0)", func(r *orderRecord) any { return &r.OfferID }},
	},
	part(pricingColumns, func(r *orderRecord) *ordering.Pricing { return &r.Pricing }),
	columns[orderRecord]{
		{"created_at", func(r *orderRecord) any { return &r.CreatedAt }},
		{"expires_at", func(r *orderRecord) any { return &r.ExpiresAt }},
		{"paid_at", func(r *orderRecord) any { return &r.PaidAt }},
		{"COALESCE(loyalty_reward_id, 0)", func(r *orderRecord) any { return &r.LoyaltyRewardID }},
		{"kitchen_at", func(r *orderRecord) any { return &r.KitchenAt }},
	},
)

// paymentColumns is the payments row of an order as read.
var paymentColumns = columns[ordering.Payment]{
	{"ref", func(p *ordering.Payment) any { return &p.Ref }},
	{"provider", func(p *ordering.Payment) any { return &p.Provider }},
	{"provider_ref", func(p *ordering.Payment) any { return &p.ProviderRef }},
	{"amount", func(p *ordering.Payment) any { return &p.Amount }},
	{"currency", func(p *ordering.Payment) any { return &p.Currency }},
	{"status", func(p *ordering.Payment) any { return &p.Status }},
	{"client_secret", func(p *ordering.Payment) any { return &p.ClientSecret }},
	{"challenge_id", func(p *ordering.Payment) any { return &p.ChallengeID }},
	{"brand", func(p *ordering.Payment) any { return &p.Brand }},
	{"last4", func(p *ordering.Payment) any { return &p.Last4 }},
}

// lineRecord is an order_lines row as read: the modifiers are JSON text.
type lineRecord struct {
	ItemID           int64
	Title            string
	Qty              int
	UnitPrice, Total int64
	VATRateBP        int
	Modifiers        string
}

// lineColumns is the order_lines row as read.
var lineColumns = columns[lineRecord]{
	{"item_id", func(r *lineRecord) any { return &r.ItemID }},
	{"title", func(r *lineRecord) any { return &r.Title }},
	{"qty", func(r *lineRecord) any { return &r.Qty }},
	{"unit_price", func(r *lineRecord) any { return &r.UnitPrice }},
	{"total", func(r *lineRecord) any { return &r.Total }},
	{"vat_rate_bp", func(r *lineRecord) any { return &r.VATRateBP }},
	{"modifiers", func(r *lineRecord) any { return &r.Modifiers }},
}

// utcOf is a nullable time as a pointer in UTC (nil when NULL).
func utcOf(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// toOrder is the order of a row read, without its lines and payment.
func (r *orderRecord) toOrder() (ordering.Order, error) {
	o := ordering.Order{ID: r.ID, SchemeID: r.SchemeID, VenueID: r.VenueID, UserID: r.UserID, Number: r.Number,
		Status: r.Status, PaymentStatus: r.PaymentStatus, OrderType: r.OrderType, IsASAP: r.IsASAP,
		PreorderFor: utcOf(r.PreorderFor), Note: r.Note, Email: r.Email, ContactNumber: r.ContactNumber,
		FirstName: r.FirstName, LastName: r.LastName, PromoCode: r.PromoCode, PromoCodeID: r.PromoCodeID,
		OfferID: r.OfferID, LoyaltyRewardID: r.LoyaltyRewardID, Pricing: r.Pricing,
		CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(), PaidAt: utcOf(r.PaidAt), KitchenAt: utcOf(r.KitchenAt)}
	if r.DeliveryAddress != "" {
		o.DeliveryAddress = &ordering.Address{}
		if err := json.Unmarshal([]byte(r.DeliveryAddress), o.DeliveryAddress); err != nil {
			return o, err
		}
	}
	return o, nil
}

// orderWhole selects an order's row, its payment's and its lines' in one
// statement: one row per line, in order, each repeating the order and
// payment (the order's list has expressions, so it is read through a
// derived table rather than qualified column by column) (an order without lines
// still gives one row, its line columns NULL: position -1).
var orderWhole = "SELECT x.*, " + paymentColumns.list("p") + ", COALESCE(l.position, -1), " +
	"COALESCE(l.item_id, 0), COALESCE(l.title, ''), COALESCE(l.qty, 0), COALESCE(l.unit_price, 0), " +
	"COALESCE(l.total, 0), COALESCE(l.vat_rate_bp, 0), COALESCE(l.modifiers, '[]') FROM (SELECT " +
	orderColumns.list("") + " FROM orders WHERE id = ?) x JOIN payments p ON p.order_id = x.id " +
	"LEFT JOIN order_lines l ON l.order_id = x.id ORDER BY l.position"

// loadOrder reads an order with its lines and payment in one statement
// (it was two, and a checkout reads its order four times).
func loadOrder(ctx context.Context, c conn, id int64) (*ordering.Order, error) {
	var (
		rec orderRecord
		pay ordering.Payment
		pos int
		lr  lineRecord
	)
	dest := append(append(orderColumns.fields(&rec), paymentColumns.fields(&pay)...), &pos)
	dest = append(dest, lineColumns.fields(&lr)...)
	rows, err := c.query(ctx, orderWhole, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var (
		o     ordering.Order
		found bool
	)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if !found {
			if o, err = rec.toOrder(); err != nil {
				return nil, err
			}
			o.Payment, o.Lines, found = pay, []ordering.Line{}, true
		}
		if pos < 0 {
			continue
		}
		l, err := lr.line()
		if err != nil {
			return nil, err
		}
		o.Lines = append(o.Lines, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, sql.ErrNoRows
	}
	return &o, nil
}

// line is the order's line of a row read.
func (r *lineRecord) line() (ordering.Line, error) {
	l := ordering.Line{ItemID: r.ItemID, Title: r.Title, Qty: r.Qty, UnitPrice: r.UnitPrice, Total: r.Total,
		VATRateBP: r.VATRateBP}
	return l, json.Unmarshal([]byte(r.Modifiers), &l.Modifiers)
}
