package store

import (
	"context"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// The tables an import syncs for promotions; their rows and column lists
// are in promo_rows.go.
var (
	promoTable = &table[promoRow]{name: "promo_codes", parent: "scheme_id", key: "code", cols: promoRowColumns}
	offerTable = &table[offerRow]{name: "offers", parent: "scheme_id", key: "ref", cols: offerRowColumns}
)

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
		codes[i] = wanted[promoRow]{ordering.NormaliseCode(p.Code), promoRow{Kind: p.Kind, PercentBP: p.PercentBP,
			Amount: p.Amount, MinSpend: p.MinSpend, ValidFrom: rfc3339(p.ValidFrom), Until: rfc3339(p.ValidUntil),
			MaxUses: p.MaxUses, PerCust: p.MaxUsesPerCustomer}}
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
		offers[i] = wanted[offerRow]{o.Ref, offerRow{Title: o.Title, Color: color, ImageURL: o.ImageURL,
			ButtonText: o.ButtonText, ButtonKind: o.ButtonKind, RewardKind: r.Kind, PercentBP: r.PercentBP,
			Amount: r.Amount, MinSpend: r.MinSpend, ValidFrom: rfc3339(o.ValidFrom), Until: rfc3339(o.ValidUntil),
			PerCust: o.MaxUsesPerCustomer, Position: i}}
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
	var r promoRecord
	err := promoColumns.scan(db.single().queryRow(ctx, "SELECT "+promoColumns.list("")+
		" FROM promo_codes WHERE scheme_id = ? AND code = ? AND deleted_at IS NULL",
		schemeID, ordering.NormaliseCode(code)), &r)
	if err != nil {
		return nil, mapErr(err)
	}
	p, _ := r.promo()
	return &p, nil
}

// Offers returns the scheme's live offers in document order.
func (db *DB) Offers(ctx context.Context, schemeID int64) ([]ordering.Offer, error) {
	var out []ordering.Offer
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = selectRows(ctx, c, offerColumns, (*offerRecord).offer, "SELECT "+offerColumns.list("")+
			" FROM offers WHERE scheme_id = ? AND deleted_at IS NULL ORDER BY position, id", schemeID)
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

// PromoUses counts the uses (reserved and spent) of each live promo code
// of a scheme, by code: what the back office's promotions list shows.
func (db *DB) PromoUses(ctx context.Context, schemeID int64) (map[string]int, error) {
	out := map[string]int{}
	err := db.read(ctx, func(c conn) error {
		clear(out)
		rows, err := scanAll(ctx, c, func(r scanner, x *promoRecord) error { return r.Scan(&x.Code, &x.Uses) },
			"SELECT code, uses FROM promo_codes WHERE scheme_id = ? AND deleted_at IS NULL", schemeID)
		for _, r := range rows {
			out[r.Code] = r.Uses
		}
		return err
	})
	return out, mapErr(err)
}
