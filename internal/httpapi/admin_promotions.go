package httpapi

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// The promotions editor (docs/architecture.md §10), a manager's of the
// whole scheme: promo codes with their uses so far, offers and the
// loyalty programme. Each write is one s.edit of the scheme's document
// (one transaction, an audit row, the scheme's updated_at moved so
// checkout's offer cache and venue/info see it at once); a promo code is
// read by checkout from its row on every use, so an edit applies to the
// next order.

// PromoUses is what the promotions list needs of storage beyond the
// document (store.DB, also the Backoffice).
type PromoUses interface {
	PromoUses(ctx context.Context, schemeID int64) (map[string]int, error)
}

// promoCodeJSON is a promo code as the back office shows it: the
// document's shape and its uses so far (reserved and spent).
type promoCodeJSON struct {
	catalog.PromoCodeDoc
	Uses int `json:"uses"`
}

// adminPromotionsList answers admin/promotions/list: the scheme's promo
// codes in document order, each with its uses so far.
func (s *Server) adminPromotionsList(r *request, c *Caller) (*reply, error) {
	if err := s.backofficeReady(); err != nil {
		return nil, err
	}
	doc, err := s.backoffice.ExportScheme(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	uses, err := s.promoUses(r.Context(), c.SchemeID)
	if err != nil {
		return nil, err
	}
	out := make([]promoCodeJSON, len(doc.PromoCodes))
	for i, p := range doc.PromoCodes {
		out[i] = promoCodeJSON{p, uses[ordering.NormaliseCode(p.Code)]}
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}

func (s *Server) promoUses(ctx context.Context, schemeID int64) (map[string]int, error) {
	pu, ok := s.backoffice.(PromoUses)
	if !ok {
		return nil, &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	return pu.PromoUses(ctx, schemeID)
}

// adminPromotionsUpsert answers admin/promotions/upsert: the code (matched
// case-insensitively, kept upper case) replaces the scheme's code of the
// same name or is added after the others. The answer is the code as saved
// with its uses.
func (s *Server) adminPromotionsUpsert(r *request, c *Caller) (*reply, error) {
	var in struct {
		PromoCode *catalog.PromoCodeDoc `json:"promo_code"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if in.PromoCode == nil {
		return nil, platter.Invalid(map[string]string{"promo_code": "validation.required"})
	}
	p := *in.PromoCode
	p.Code = ordering.NormaliseCode(p.Code)
	p.ValidFrom, p.ValidUntil = strings.TrimSpace(p.ValidFrom), strings.TrimSpace(p.ValidUntil)
	var at int
	_, err := s.edit(r, c, "promo.upsert", p.Code, func(doc *catalog.SchemeDoc) (any, any, error) {
		var before any
		at = len(doc.PromoCodes)
		for i, have := range doc.PromoCodes {
			if ordering.NormaliseCode(have.Code) == p.Code {
				old := have
				before, at = &old, i
			}
		}
		if at == len(doc.PromoCodes) {
			doc.PromoCodes = append(doc.PromoCodes, p)
		} else {
			doc.PromoCodes[at] = p
		}
		return before, &p, nil
	})
	if err != nil {
		return nil, docFields(err, "promo_codes", at, "promo_code")
	}
	uses, err := s.promoUses(r.Context(), c.SchemeID)
	if err != nil {
		return nil, err
	}
	return &reply{Data: promoCodeJSON{p, uses[p.Code]}}, nil
}

// adminOffersUpsert answers admin/offers/upsert: the offer replaces the
// scheme's offer of the same ref or is added after the others; the answer
// is the offer as saved.
func (s *Server) adminOffersUpsert(r *request, c *Caller) (*reply, error) {
	var in struct {
		Offer *catalog.OfferDoc `json:"offer"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if in.Offer == nil {
		return nil, platter.Invalid(map[string]string{"offer": "validation.required"})
	}
	o := *in.Offer
	o.Ref, o.Color = strings.TrimSpace(o.Ref), strings.ToLower(strings.TrimSpace(o.Color))
	if o.Color != "" && !strings.HasPrefix(o.Color, "#") {
		o.Color = "#" + o.Color
	}
	var at int
	_, err := s.edit(r, c, "offer.upsert", o.Ref, func(doc *catalog.SchemeDoc) (any, any, error) {
		var before any
		at = len(doc.Offers)
		for i, have := range doc.Offers {
			if have.Ref == o.Ref {
				old := have
				before, at = &old, i
			}
		}
		if at == len(doc.Offers) {
			doc.Offers = append(doc.Offers, o)
		} else {
			doc.Offers[at] = o
		}
		return before, &o, nil
	})
	if err != nil {
		return nil, docFields(err, "offers", at, "offer")
	}
	return &reply{Data: &o}, nil
}

// adminLoyaltySet answers admin/loyalty/set: the scheme's stamp programme
// (the spend that earns a stamp, stamps per reward, the reward's title;
// a threshold of 0 earns no stamps). The answer is the programme as saved.
func (s *Server) adminLoyaltySet(r *request, c *Caller) (*reply, error) {
	var in struct {
		Loyalty *catalog.Loyalty `json:"loyalty"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if in.Loyalty == nil {
		return nil, platter.Invalid(map[string]string{"loyalty": "validation.required"})
	}
	l := *in.Loyalty
	l.RewardTitle = strings.TrimSpace(l.RewardTitle)
	_, err := s.edit(r, c, "loyalty.set", c.SchemeSlug, func(doc *catalog.SchemeDoc) (any, any, error) {
		before := doc.Loyalty
		doc.Loyalty = l
		return &before, &l, nil
	})
	if err != nil {
		return nil, docFields(err, "", -1, "")
	}
	return &reply{Data: &l}, nil
}

// docFields turns the document's validation problems of the record an
// edit wrote (docPath[at], e.g. "promo_codes[2]") into the request's paths
// (reqPath, e.g. "promo_code"), their message keys (catalog's, import.*)
// into the promotions editor's own words where it has them, and keeps each
// field's parameters, so the caller reads them in their language. Other
// errors pass unchanged.
func docFields(err error, docPath string, at int, reqPath string) error {
	var pe *platter.Error
	if !errors.As(err, &pe) || pe.Code != platter.CodeValidation {
		return err
	}
	prefix := ""
	if docPath != "" {
		prefix = docPath + "[" + strconv.Itoa(at) + "]"
	}
	fields := make(map[string]string, len(pe.Fields))
	params := map[string]string{}
	for path, key := range pe.Fields {
		to := path
		if prefix != "" && (path == prefix || strings.HasPrefix(path, prefix+".")) {
			to = reqPath + strings.TrimPrefix(path, prefix)
		}
		fields[to] = key
		if k, ok := docMessages[key]; ok {
			fields[to] = k
			continue
		}
		for name, v := range pe.FieldParams(path) {
			if _, shared := pe.Params[name]; !shared {
				params[platter.FieldParam(to, name)] = v
			}
		}
	}
	out := platter.Invalid(fields)
	if len(params) > 0 {
		out.Params = params
	}
	return out
}

// docMessages are the document validation's message keys (package
// catalog's) for what the promotions editor writes, as the editor's own
// message keys.
var docMessages = map[string]string{
	"import.required":         "validation.required",
	"import.code":             "doc.promo_code",
	"import.not_negative":     "doc.not_negative",
	"import.positive":         "doc.more_than_zero",
	"import.discount_kind":    "doc.percent_or_fixed",
	"import.between":          "doc.percent_range",
	"import.after_valid_from": "doc.until_after_from",
	"import.ref":              "doc.ref",
	"import.colour":           "doc.colour",
	"import.url":              "doc.url",
	"import.offer_kind":       "doc.button_kind",
	"import.stamps_min":       "doc.stamps_per_reward",
	"import.rfc3339":          "doc.time",
	"import.max_chars":        "validation.too_long",
	"import.used_twice":       "doc.used_twice",
}
