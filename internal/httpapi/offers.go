package httpapi

import (
	"strings"

	"platter/internal/account"
	"platter/internal/platter"
)

// tippingGet answers tipping/get: a venue's tip settings (percent chips,
// the default chip, whether a custom amount is allowed).
func (s *Server) tippingGet(r *request) (*reply, error) {
	orders := s.orders
	var f struct {
		BusinessSlug string `json:"business_slug"`
		VenueSlug    string `json:"venue_slug"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	bad := map[string]string{}
	requireString(bad, "business_slug", f.BusinessSlug)
	requireString(bad, "venue_slug", f.VenueSlug)
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	sc, err := s.cat.SchemeBySlug(r.Context(), f.BusinessSlug)
	if err != nil {
		return nil, schemeNotFound(err)
	}
	v, err := orders.VenueBySlug(r.Context(), sc.ID, f.VenueSlug)
	if err != nil {
		return nil, venueNotFound(err)
	}
	t := v.Tipping
	percents := t.Percents
	if percents == nil {
		percents = []int{}
	}
	return &reply{Data: map[string]any{"enabled": t.Enabled, "percents": percents,
		"default_percent": t.DefaultPercent, "allow_custom": t.AllowCustom, "max_percent": 50}}, nil
}

type offerJSON struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	Color      string `json:"color"`
	ImageURL   string `json:"image_url"`
	ButtonText string `json:"button_text"`
	ButtonKind int    `json:"button_kind"`
	RewardID   int64  `json:"reward_id"`
	MinSpend   int64  `json:"min_spend"`
}

// userOffers answers user/offers: the scheme's offers the caller can still
// use. An AUTO_APPLY (0) offer's reward applies by itself at checkout
// where the basket qualifies; a CLAIM (1) offer's when the customer taps
// it (the page sends its reward_id; -1 for none).
func (s *Server) userOffers(r *request, c *Caller) (*reply, error) {
	orders := s.orders
	offers, err := orders.Offers(r.Context(), c.SchemeID)
	if err != nil {
		return nil, err
	}
	email := account.NormalizeEmail(strings.TrimSpace(c.Email))
	now := s.now()
	out := []offerJSON{}
	for i := range offers {
		o := &offers[i]
		used, err := orders.CustomerUses(r.Context(), 0, o.ID, c.UserID, email)
		if err != nil {
			return nil, err
		}
		if !o.Available(now, used) {
			continue
		}
		out = append(out, offerJSON{ID: o.ID, Title: o.Title, Color: o.Color, ImageURL: o.ImageURL,
			ButtonText: o.ButtonText, ButtonKind: o.ButtonKind, RewardID: o.ID, MinSpend: o.MinSpend})
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}
