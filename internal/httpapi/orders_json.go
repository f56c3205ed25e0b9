package httpapi

import (
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/pricing"
)

// pricingJSON is the breakdown of docs/architecture.md §5, in minor units.
type pricingJSON struct {
	Currency       string `json:"currency"`
	Subtotal       int64  `json:"subtotal"`
	Discount       int64  `json:"discount"`
	DiscountSource string `json:"discount_source"` // "promo", "reward" or ""
	ServiceCharge  int64  `json:"service_charge"`
	DeliveryFee    int64  `json:"delivery_fee"`
	Tip            int64  `json:"tip"`
	Total          int64  `json:"total"`
	Tax            int64  `json:"tax"`
	VATRateBP      int    `json:"vat_rate_bp"`
	StampsEarned   int64  `json:"stamps_earned"`
}

func toPricingJSON(p ordering.Pricing) pricingJSON {
	return pricingJSON{p.Currency, p.Subtotal, p.Discount, p.DiscountSource, p.ServiceCharge, p.DeliveryFee,
		p.Tip, p.Total, p.Tax, p.VATRateBP, p.StampsEarned}
}

type lineModifierJSON struct {
	ModifierItemID     int64  `json:"modifier_item_id"`
	ModifierCategoryID int64  `json:"modifier_category_id"`
	Name               string `json:"name"`
	Price              int64  `json:"price"`
	Qty                int    `json:"qty"`
}

// lineJSON is a priced line; in a quote, Available false and Problem say
// why it is left out of the figures.
type lineJSON struct {
	Index     int                `json:"index"`
	ItemID    int64              `json:"item_id"`
	Title     string             `json:"title"`
	Qty       int                `json:"qty"`
	UnitPrice int64              `json:"unit_price"`
	Total     int64              `json:"total"`
	VATRateBP int                `json:"vat_rate_bp"`
	Modifiers []lineModifierJSON `json:"modifiers"`
	Available bool               `json:"available"`
	Problem   *problemJSON       `json:"problem"`
}

// problemJSON is one refusal, in the caller's language.
type problemJSON struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

func (s *Server) problem(e *platter.Error, field, lang string) *problemJSON {
	return &problemJSON{Code: e.Code, Message: s.msgs.T(lang, e.Message, e.Params), Field: field}
}

// quoteJSON is orders/quote's answer.
func (s *Server) quoteJSON(co *ordering.Quote, lang string) map[string]any {
	q := co.Pricing
	lines := make([]lineJSON, 0, len(q.Lines))
	for _, l := range q.Lines {
		j := lineJSON{Index: l.Index, ItemID: l.ItemID, Title: l.Title, Qty: l.Qty, UnitPrice: l.UnitPrice,
			Total: l.Total, VATRateBP: l.VATRateBP, Modifiers: []lineModifierJSON{}, Available: l.Problem == nil}
		for _, m := range l.Modifiers {
			j.Modifiers = append(j.Modifiers, lineModifierJSON{m.ID, m.CategoryID, m.Name, m.Price, m.Qty})
		}
		if l.Problem != nil {
			j.Problem = s.problem(l.Problem, "items["+itoa(l.Index)+"]", lang)
		}
		lines = append(lines, j)
	}
	problems := []*problemJSON{}
	for _, p := range co.Problems {
		problems = append(problems, s.problem(p.Err, p.Field, lang))
	}
	for _, p := range q.Problems {
		problems = append(problems, s.problem(p, problemField(p.Code), lang))
	}
	rewardID, loyaltyID := int64(-1), int64(-1)
	if co.Offer != nil && q.DiscountFrom == pricing.SourceReward {
		rewardID = co.Offer.ID
	}
	if co.Reward != nil && q.DiscountFrom == pricing.SourceReward {
		loyaltyID = co.Reward.ID
	}
	promo := ""
	if co.Promo != nil && q.DiscountFrom == pricing.SourcePromo {
		promo = co.Promo.Code
	}
	return map[string]any{
		"pricing":   toPricingJSON(ordering.PricingOf(q, co.Scheme.Currency)),
		"lines":     lines,
		"problems":  problems,
		"can_order": co.Refusal() == nil,
		"promocode": promo,
		"reward_id": rewardID,
		// The loyalty reward that prices the order (-1: none).
		"loyalty_reward_id": loyaltyID,
		"max_tip":           pricing.MaxTip(q.Subtotal),
		"minimum":           q.Minimum,
		"delivery_zone":     q.Zone,
		"order_type":        co.Basket.OrderType,
		"venue_slug":        co.Venue.Slug,
		"tip_percent":       co.Basket.TipPercent,
	}
}

// problemField names the request field an order refusal is about.
func problemField(code int) string {
	switch code {
	case platter.CodeTipOutOfRange:
		return "tip"
	case platter.CodePromoMinimum:
		return "promocode"
	case platter.CodeRewardUnavailable:
		return "reward_id"
	case platter.CodeOutsideArea:
		return "delivery_address"
	case platter.CodeOrderTypeUnavailable:
		return "order_type"
	}
	return "items"
}

// orderJSON is an order as its customer sees it.
type orderJSON struct {
	ID              int64             `json:"id"`
	OrderNumber     int64             `json:"order_number"`
	Status          ordering.Status   `json:"status"`
	PaymentStatus   string            `json:"payment_status"`
	VenueID         int64             `json:"venue_id"`
	VenueSlug       string            `json:"venue_slug,omitempty"`
	OrderType       int               `json:"order_type"`
	IsASAP          bool              `json:"is_asap"`
	PreorderFor     *time.Time        `json:"preorder_for"`
	DeliveryAddress *ordering.Address `json:"delivery_address"`
	OrderNote       string            `json:"order_note"`
	UserEmail       string            `json:"user_email"`
	PromoCode       string            `json:"promocode"`
	RewardID        int64             `json:"reward_id"`
	LoyaltyRewardID int64             `json:"loyalty_reward_id"`
	Pricing         pricingJSON       `json:"pricing"`
	Items           []lineJSON        `json:"items"`
	Payment         orderPaymentJSON  `json:"payment"`
	CreatedAt       time.Time         `json:"created_at"`
	ExpiresAt       time.Time         `json:"expires_at"`
	PaidAt          *time.Time        `json:"paid_at"`
	KitchenAt       *time.Time        `json:"kitchen_at"`
}

// orderPaymentJSON is the state of an order's payment; Challenge is set
// while the card waits for its authentication.
type orderPaymentJSON struct {
	Provider  string         `json:"provider"`
	Status    string         `json:"status"`
	Brand     string         `json:"brand"`
	Last4     string         `json:"last4"`
	Challenge *challengeJSON `json:"challenge"`
}

// challengeJSON is a pending card authentication: the sandbox page shows
// Complete / Fail and sends the answer back to payments/confirm.
type challengeJSON struct {
	ID string `json:"id"`
}

func toOrderJSON(o *ordering.Order, venueSlug string) orderJSON {
	items := make([]lineJSON, 0, len(o.Lines))
	for i, l := range o.Lines {
		j := lineJSON{Index: i, ItemID: l.ItemID, Title: l.Title, Qty: l.Qty, UnitPrice: l.UnitPrice, Total: l.Total,
			VATRateBP: l.VATRateBP, Modifiers: []lineModifierJSON{}, Available: true}
		for _, m := range l.Modifiers {
			j.Modifiers = append(j.Modifiers, lineModifierJSON{m.ID, m.CategoryID, m.Name, m.Price, m.Qty})
		}
		items = append(items, j)
	}
	reward, loyaltyReward := o.OfferID, o.LoyaltyRewardID
	if reward == 0 {
		reward = -1
	}
	if loyaltyReward == 0 {
		loyaltyReward = -1
	}
	out := orderJSON{ID: o.ID, OrderNumber: o.Number, Status: o.Status, PaymentStatus: o.PaymentStatus,
		VenueID: o.VenueID, VenueSlug: venueSlug, OrderType: o.OrderType, IsASAP: o.IsASAP, PreorderFor: o.PreorderFor,
		DeliveryAddress: o.DeliveryAddress, OrderNote: o.Note, UserEmail: o.Email, PromoCode: o.PromoCode,
		RewardID: reward, LoyaltyRewardID: loyaltyReward, Pricing: toPricingJSON(o.Pricing), Items: items,
		Payment: orderPaymentJSON{Provider: o.Payment.Provider, Status: o.PaymentStatus, Brand: o.Payment.Brand,
			Last4: o.Payment.Last4},
		CreatedAt: o.CreatedAt, ExpiresAt: o.ExpiresAt, PaidAt: o.PaidAt, KitchenAt: o.KitchenAt}
	if o.PaymentStatus == ordering.PayAction && o.Payment.ChallengeID != "" {
		out.Payment.Challenge = &challengeJSON{ID: o.Payment.ChallengeID}
	}
	return out
}

// paymentJSON is prepare's payment: what the page pays with.
type paymentJSON struct {
	Provider     string `json:"provider"`
	Amount       int64  `json:"amount"`
	Currency     string `json:"currency"`
	ClientSecret string `json:"client_secret"`
	Status       string `json:"status"`
}

func toPaymentJSON(o *ordering.Order) paymentJSON {
	return paymentJSON{Provider: o.Payment.Provider, Amount: o.Payment.Amount, Currency: o.Payment.Currency,
		ClientSecret: o.Payment.ClientSecret, Status: o.PaymentStatus}
}
