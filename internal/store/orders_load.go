package store

import (
	"context"
	"database/sql"
	"encoding/json"

	"platter/internal/ordering"
)

const orderColumns = `id, scheme_id, venue_id, user_id, order_number, status, payment_status, order_type,
	is_asap, preorder_for, delivery_address, note, email, contact_number, first_name, last_name, currency,
	subtotal, discount, discount_source, COALESCE(promo_code_id, 0), promo_code, COALESCE(offer_id, 0),
	service_charge, delivery_fee, tip, total, tax, vat_rate_bp, stamps_earned, created_at, expires_at, paid_at,
	COALESCE(loyalty_reward_id, 0), kitchen_at`

// loadOrder reads an order with its lines and payment.
func loadOrder(ctx context.Context, c conn, id int64) (*ordering.Order, error) {
	var (
		o                ordering.Order
		p                = &o.Pricing
		preorder, paidAt sql.NullTime
		kitchen          sql.NullTime
		addr             string
	)
	err := c.queryRow(ctx, "SELECT "+orderColumns+" FROM orders WHERE id = ?", id).Scan(
		&o.ID, &o.SchemeID, &o.VenueID, &o.UserID, &o.Number, &o.Status, &o.PaymentStatus, &o.OrderType,
		&o.IsASAP, &preorder, &addr, &o.Note, &o.Email, &o.ContactNumber, &o.FirstName, &o.LastName, &p.Currency,
		&p.Subtotal, &p.Discount, &p.DiscountSource, &o.PromoCodeID, &o.PromoCode, &o.OfferID,
		&p.ServiceCharge, &p.DeliveryFee, &p.Tip, &p.Total, &p.Tax, &p.VATRateBP, &p.StampsEarned,
		&o.CreatedAt, &o.ExpiresAt, &paidAt, &o.LoyaltyRewardID, &kitchen)
	if err != nil {
		return nil, err
	}
	o.CreatedAt, o.ExpiresAt = o.CreatedAt.UTC(), o.ExpiresAt.UTC()
	if preorder.Valid {
		t := preorder.Time.UTC()
		o.PreorderFor = &t
	}
	if paidAt.Valid {
		t := paidAt.Time.UTC()
		o.PaidAt = &t
	}
	if kitchen.Valid {
		t := kitchen.Time.UTC()
		o.KitchenAt = &t
	}
	if addr != "" {
		o.DeliveryAddress = &ordering.Address{}
		if err := json.Unmarshal([]byte(addr), o.DeliveryAddress); err != nil {
			return nil, err
		}
	}
	if o.Lines, err = loadLines(ctx, c, id); err != nil {
		return nil, err
	}
	pay := &o.Payment
	err = c.queryRow(ctx, `SELECT ref, provider, provider_ref, amount, currency, status, client_secret, challenge_id,
		brand, last4 FROM payments WHERE order_id = ?`, id).Scan(&pay.Ref, &pay.Provider, &pay.ProviderRef, &pay.Amount,
		&pay.Currency, &pay.Status, &pay.ClientSecret, &pay.ChallengeID, &pay.Brand, &pay.Last4)
	if err != nil {
		return nil, err
	}
	return &o, nil
}

func loadLines(ctx context.Context, c conn, orderID int64) ([]ordering.Line, error) {
	return scanAll(ctx, c, func(r scanner, l *ordering.Line) error {
		var mods string
		if err := r.Scan(&l.ItemID, &l.Title, &l.Qty, &l.UnitPrice, &l.Total, &l.VATRateBP, &mods); err != nil {
			return err
		}
		return json.Unmarshal([]byte(mods), &l.Modifiers)
	}, `SELECT item_id, title, qty, unit_price, total, vat_rate_bp, modifiers FROM order_lines
		WHERE order_id = ? ORDER BY position`, orderID)
}
