package store

import "platter/internal/ordering"

// Promo codes' and offers' rows and each table's one column list, as in
// catalog_rows.go. Validity windows are kept as RFC 3339 text so a
// re-import compares them exactly.

// promoRow is a promo code as the import document decides it.
type promoRow struct {
	Kind             string
	PercentBP        int
	Amount, MinSpend int64
	ValidFrom, Until string
	MaxUses, PerCust int
}

var promoRowColumns = columns[promoRow]{
	{"kind", func(r *promoRow) any { return &r.Kind }},
	{"percent_bp", func(r *promoRow) any { return &r.PercentBP }},
	{"amount", func(r *promoRow) any { return &r.Amount }},
	{"min_spend", func(r *promoRow) any { return &r.MinSpend }},
	{"valid_from", func(r *promoRow) any { return &r.ValidFrom }},
	{"valid_until", func(r *promoRow) any { return &r.Until }},
	{"max_uses", func(r *promoRow) any { return &r.MaxUses }},
	{"max_uses_per_customer", func(r *promoRow) any { return &r.PerCust }},
}

// promoRecord is a whole promo code row: uses is counted by checkout.
type promoRecord struct {
	ID   int64
	Code string
	Doc  promoRow
	Uses int
}

var promoColumns = join(
	columns[promoRecord]{
		{"id", func(r *promoRecord) any { return &r.ID }},
		{"code", func(r *promoRecord) any { return &r.Code }},
	},
	part(promoRowColumns, func(r *promoRecord) *promoRow { return &r.Doc }),
	columns[promoRecord]{{"uses", func(r *promoRecord) any { return &r.Uses }}},
)

func (r *promoRecord) promo() (ordering.Promo, error) {
	d := &r.Doc
	return ordering.Promo{ID: r.ID, Code: r.Code, Kind: d.Kind, PercentBP: d.PercentBP, Amount: d.Amount,
		MinSpend: d.MinSpend, ValidFrom: parseWindow(d.ValidFrom), ValidUntil: parseWindow(d.Until),
		MaxUses: d.MaxUses, MaxPerCustomer: d.PerCust, Uses: r.Uses}, nil
}

// offerRow is an offer as the import document decides it.
type offerRow struct {
	Title, Color, ImageURL, ButtonText string
	ButtonKind                         int
	RewardKind                         string
	PercentBP                          int
	Amount, MinSpend                   int64
	ValidFrom, Until                   string
	PerCust, Position                  int
}

var offerRowColumns = columns[offerRow]{
	{"title", func(r *offerRow) any { return &r.Title }},
	{"color", func(r *offerRow) any { return &r.Color }},
	{"image_url", func(r *offerRow) any { return &r.ImageURL }},
	{"button_text", func(r *offerRow) any { return &r.ButtonText }},
	{"button_kind", func(r *offerRow) any { return &r.ButtonKind }},
	{"reward_kind", func(r *offerRow) any { return &r.RewardKind }},
	{"reward_percent_bp", func(r *offerRow) any { return &r.PercentBP }},
	{"reward_amount", func(r *offerRow) any { return &r.Amount }},
	{"min_spend", func(r *offerRow) any { return &r.MinSpend }},
	{"valid_from", func(r *offerRow) any { return &r.ValidFrom }},
	{"valid_until", func(r *offerRow) any { return &r.Until }},
	{"max_uses_per_customer", func(r *offerRow) any { return &r.PerCust }},
	{"position", func(r *offerRow) any { return &r.Position }},
}

type offerRecord struct {
	ID  int64
	Ref string
	Doc offerRow
}

var offerColumns = join(
	refColumns[offerRecord](func(r *offerRecord) (*int64, *string) { return &r.ID, &r.Ref }),
	part(offerRowColumns, func(r *offerRecord) *offerRow { return &r.Doc }))

func (r *offerRecord) offer() (ordering.Offer, error) {
	d := &r.Doc
	return ordering.Offer{ID: r.ID, Ref: r.Ref, Title: d.Title, Color: d.Color, ImageURL: d.ImageURL,
		ButtonText: d.ButtonText, ButtonKind: d.ButtonKind, RewardKind: d.RewardKind, PercentBP: d.PercentBP,
		Amount: d.Amount, MinSpend: d.MinSpend, ValidFrom: parseWindow(d.ValidFrom),
		ValidUntil: parseWindow(d.Until), MaxPerCustomer: d.PerCust}, nil
}
