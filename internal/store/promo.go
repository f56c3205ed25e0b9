package store

import (
	"context"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// promoRow is a promo code as the import document decides it. The window
// is kept as RFC 3339 text so a re-import compares it exactly.
type promoRow struct {
	Kind             string
	PercentBP        int
	Amount, MinSpend int64
	ValidFrom, Until string
	MaxUses, PerCust int
}

var promoTable = &table[promoRow]{name: "promo_codes", parent: "scheme_id", key: "code",
	cols: []string{"kind", "percent_bp", "amount", "min_spend", "valid_from", "valid_until", "max_uses",
		"max_uses_per_customer"},
	fields: func(r *promoRow) []any {
		return []any{&r.Kind, &r.PercentBP, &r.Amount, &r.MinSpend, &r.ValidFrom, &r.Until, &r.MaxUses, &r.PerCust}
	}}

type offerRow struct {
	Title, Color, ImageURL, ButtonText string
	ButtonKind                         int
	RewardKind                         string
	PercentBP                          int
	Amount, MinSpend                   int64
	ValidFrom, Until                   string
	PerCust, Position                  int
}

var offerTable = &table[offerRow]{name: "offers", parent: "scheme_id", key: "ref",
	cols: []string{"title", "color", "image_url", "button_text", "button_kind", "reward_kind",
		"reward_percent_bp", "reward_amount", "min_spend", "valid_from", "valid_until", "max_uses_per_customer",
		"position"},
	fields: func(r *offerRow) []any {
		return []any{&r.Title, &r.Color, &r.ImageURL, &r.ButtonText, &r.ButtonKind, &r.RewardKind, &r.PercentBP,
			&r.Amount, &r.MinSpend, &r.ValidFrom, &r.Until, &r.PerCust, &r.Position}
	}}

// rfc3339 rewrites a validated document time in UTC ("" stays "").
func rfc3339(s string) string {
	t, err := time.Parse(time.RFC3339, s)
	if s == "" || err != nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// importPromotions syncs the scheme's promo codes and offers and reports
// whether it wrote anything (the import then moves schemes.updated_at,
// which checkout's offer cache keys on: any other writer of offers must
// move it too). The uses a code has counted are never reset by a
// re-import.
func importPromotions(ctx context.Context, c conn, schemeID int64, doc *catalog.SchemeDoc, now time.Time) (bool, error) {
	changed := false
	codes := make([]wanted[promoRow], len(doc.PromoCodes))
	for i, p := range doc.PromoCodes {
		codes[i] = wanted[promoRow]{ordering.NormaliseCode(p.Code), promoRow{p.Kind, p.PercentBP, p.Amount,
			p.MinSpend, rfc3339(p.ValidFrom), rfc3339(p.ValidUntil), p.MaxUses, p.MaxUsesPerCustomer}}
	}
	if _, err := promoTable.sync(ctx, c, plainRows{c, &changed}, schemeID, codes, now); err != nil {
		return false, err
	}
	offers := make([]wanted[offerRow], len(doc.Offers))
	for i, o := range doc.Offers {
		r := o.Reward
		color := strings.ToLower(strings.TrimSpace(o.Color))
		if color != "" && !strings.HasPrefix(color, "#") {
			color = "#" + color
		}
		offers[i] = wanted[offerRow]{o.Ref, offerRow{o.Title, color, o.ImageURL, o.ButtonText, o.ButtonKind,
			r.Kind, r.PercentBP, r.Amount, r.MinSpend, rfc3339(o.ValidFrom), rfc3339(o.ValidUntil),
			o.MaxUsesPerCustomer, i}}
	}
	_, err := offerTable.sync(ctx, c, plainRows{c, &changed}, schemeID, offers, now)
	return changed, err
}

func parseWindow(s string) time.Time {
	t, _ := time.Parse(time.RFC3339, s)
	return t
}

// PromoByCode returns a live promo code of the scheme (matched case-
// insensitively), or not-found.
func (db *DB) PromoByCode(ctx context.Context, schemeID int64, code string) (*ordering.Promo, error) {
	var (
		p           ordering.Promo
		from, until string
	)
	err := db.single().queryRow(ctx, `SELECT id, code, kind, percent_bp, amount, min_spend, valid_from, valid_until,
		max_uses, max_uses_per_customer, uses FROM promo_codes
		WHERE scheme_id = ? AND code = ? AND deleted_at IS NULL`, schemeID, ordering.NormaliseCode(code)).
		Scan(&p.ID, &p.Code, &p.Kind, &p.PercentBP, &p.Amount, &p.MinSpend, &from, &until, &p.MaxUses,
			&p.MaxPerCustomer, &p.Uses)
	if err != nil {
		return nil, mapErr(err)
	}
	p.ValidFrom, p.ValidUntil = parseWindow(from), parseWindow(until)
	return &p, nil
}

// Offers returns the scheme's live offers in document order.
func (db *DB) Offers(ctx context.Context, schemeID int64) ([]ordering.Offer, error) {
	var out []ordering.Offer
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = scanAll(ctx, c, func(r scanner, o *ordering.Offer) error {
			var from, until string
			if err := r.Scan(&o.ID, &o.Ref, &o.Title, &o.Color, &o.ImageURL, &o.ButtonText, &o.ButtonKind,
				&o.RewardKind, &o.PercentBP, &o.Amount, &o.MinSpend, &from, &until, &o.MaxPerCustomer); err != nil {
				return err
			}
			o.ValidFrom, o.ValidUntil = parseWindow(from), parseWindow(until)
			return nil
		}, `SELECT id, ref, title, color, image_url, button_text, button_kind, reward_kind, reward_percent_bp,
			reward_amount, min_spend, valid_from, valid_until, max_uses_per_customer FROM offers
			WHERE scheme_id = ? AND deleted_at IS NULL ORDER BY position, id`, schemeID)
		return err
	})
	return out, mapErr(err)
}

// CustomerUses counts the reserved and spent uses of a promo code
// (promoID) or reward (offerID) by a customer: by user id, or by e-mail
// address (guests are a new user at every visit).
func (db *DB) CustomerUses(ctx context.Context, promoID, offerID, userID int64, emailNorm string) (int, error) {
	n, err := customerUses(ctx, db.single(), promoID, offerID, userID, emailNorm)
	return n, mapErr(err)
}

func customerUses(ctx context.Context, c conn, promoID, offerID, userID int64, emailNorm string) (int, error) {
	col, id := "promo_code_id", promoID
	if promoID == 0 {
		col, id = "offer_id", offerID
	}
	var n int
	err := c.queryRow(ctx, `SELECT COUNT(*) FROM redemptions WHERE `+col+` = ? AND status <> 'released'
		AND (user_id = ? OR (email_norm <> '' AND email_norm = ?))`, id, userID, emailNorm).Scan(&n)
	return n, err
}
