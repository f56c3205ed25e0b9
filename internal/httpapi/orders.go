package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/address"
	"platter/internal/catalog"
	"platter/internal/loyalty"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/pricing"
	"platter/internal/schedule"
)

// Orders is what checkout needs of the store. Every order method is scoped
// by its owner (scheme and user): another's order is not found.
type Orders interface {
	VenueBySlug(ctx context.Context, schemeID int64, slug string) (*catalog.Venue, error)
	PromoByCode(ctx context.Context, schemeID int64, code string) (*ordering.Promo, error)
	Offers(ctx context.Context, schemeID int64) ([]ordering.Offer, error)
	CustomerUses(ctx context.Context, promoID, offerID, userID int64, emailNorm string) (int, error)
	LoyaltyReward(ctx context.Context, schemeID, userID, id int64) (*loyalty.Reward, error)
	CreateOrder(ctx context.Context, n *ordering.NewOrder, now time.Time) (*ordering.Order, bool, error)
	Order(ctx context.Context, schemeID, userID, id int64) (*ordering.Order, error)
	OrderByKey(ctx context.Context, schemeID, userID int64, key string) (*ordering.Order, string, error)
	StartPayment(ctx context.Context, schemeID, userID, orderID int64, challenge bool, now time.Time) (*ordering.Order, bool, error)
	FinishPayment(ctx context.Context, orderID int64, r ordering.PaymentOutcome, now time.Time) (*ordering.Order, error)
	SetPaymentIntent(ctx context.Context, orderID int64, providerRef, clientSecret string, now time.Time) (*ordering.Order, error)
	ApplyPaymentEvent(ctx context.Context, ev ordering.ProviderEvent, now time.Time) (*ordering.EventResult, error)
}

// checkout is one priced basket: what quote answers and prepare stores.
type checkout struct {
	in       checkoutInput
	scheme   *catalog.Scheme
	venue    *catalog.Venue
	quote    *pricing.Quote
	addr     *address.Address
	preorder *time.Time
	promo    *ordering.Promo
	offer    *ordering.Offer
	reward   *loyalty.Reward // the customer's loyalty reward, when one prices the order
	use      *ordering.Use
	booking  *schedule.Booking // the slot the order takes, when the schedule admits it
	// problems are the order's refusals beyond pricing's (schedule, promo
	// code, reward), each with the field it is about.
	problems []fieldProblem
}

// fieldProblem is a refusal and the request field it is about.
type fieldProblem struct {
	err   *platter.Error
	field string
}

// price decodes and prices a checkout body for the caller, reading the
// venue, its live menu and the discount; nothing is written.
func (s *Server) price(r *request, c *Caller, prepare bool) (*checkout, error) {
	orders := s.orders
	co := &checkout{}
	var err error
	if err = decode(r.Data, &co.in); err != nil {
		return nil, err
	}
	in := &co.in
	if co.addr, co.preorder, err = in.validate(prepare); err != nil {
		return nil, err
	}
	ctx := r.Context()
	if co.scheme, err = s.cat.SchemeBySlug(ctx, c.SchemeSlug); err != nil {
		return nil, err
	}
	if co.venue, err = orders.VenueBySlug(ctx, c.SchemeID, in.VenueSlug); err != nil {
		return nil, venueNotFound(err)
	}
	menu, err := s.liveMenu(ctx, c.SchemeSlug, in.VenueSlug)
	if err != nil {
		return nil, err
	}
	now := s.now()
	base := pricing.Input{Venue: co.venue, Menu: menu.menu, Index: menu.index, OrderType: *in.OrderType, Lines: in.lines(),
		Delivery: in.point(), Tip: in.Tip, TipPercent: in.TipPercent,
		StampThreshold: co.scheme.Loyalty.StampThreshold, Currency: co.scheme.Currency}
	discount, err := s.discount(ctx, co, c, base, now)
	if err != nil {
		return nil, err
	}
	base.Discount = discount
	co.quote = pricing.Price(base)
	if err := s.checkSchedule(ctx, co, now); err != nil {
		return nil, err
	}
	return co, nil
}

// emailNorm is who "once per customer" counts: the address typed at
// checkout, else the account's.
func emailNorm(in *checkoutInput, c *Caller) string {
	e := strings.TrimSpace(in.UserEmail)
	if e == "" {
		e = c.Email
	}
	return account.NormalizeEmail(e)
}

// discount resolves the promo code or, when there is none, the reward: a
// code the customer typed wins over any reward. A refusal is recorded as
// a problem and the basket is priced without it.
func (s *Server) discount(ctx context.Context, co *checkout, c *Caller, base pricing.Input, now time.Time) (*pricing.Discount, error) {
	in, email := &co.in, emailNorm(&co.in, c)
	if code := ordering.NormaliseCode(in.Promocode); code != "" {
		p, err := s.orders.PromoByCode(ctx, c.SchemeID, code)
		if platter.ErrorCode(err) == platter.CodeNotFound {
			co.problem(&platter.Error{Code: platter.CodePromoUnknown, Message: "promo.unknown"}, "promocode")
			return nil, nil
		} else if err != nil {
			return nil, err
		}
		used, err := s.orders.CustomerUses(ctx, p.ID, 0, c.UserID, email)
		if err != nil {
			return nil, err
		}
		if refusal := p.Check(now, used); refusal != nil {
			co.problem(refusal, "promocode")
			return nil, nil
		}
		co.promo = p
		co.use = &ordering.Use{PromoCodeID: p.ID, MaxUses: p.MaxUses, PerCustomer: p.MaxPerCustomer, EmailNorm: email}
		return p.Discount(), nil
	}
	if in.LoyaltyRewardID != nil && *in.LoyaltyRewardID > 0 {
		return s.loyaltyDiscount(ctx, co, c)
	}
	if in.RewardID != nil && *in.RewardID <= 0 {
		return nil, nil // -1: the customer chose no reward
	}
	offers, err := s.schemeOffers(ctx, co.scheme)
	if err != nil {
		return nil, err
	}
	for i := range offers {
		o := &offers[i]
		if in.RewardID == nil && o.ButtonKind != ordering.AutoApply || in.RewardID != nil && *in.RewardID != o.ID {
			continue
		}
		used, err := s.orders.CustomerUses(ctx, 0, o.ID, c.UserID, email)
		if err != nil {
			return nil, err
		}
		if !o.Available(now, used) {
			continue
		}
		if in.RewardID == nil && pricing.Price(base).Subtotal < o.MinSpend {
			continue // an AUTO_APPLY offer applies itself only where it can
		}
		co.offer = o
		co.use = &ordering.Use{OfferID: o.ID, PerCustomer: o.MaxPerCustomer, EmailNorm: email}
		return o.Discount(), nil
	}
	if in.RewardID != nil {
		co.problem(ordering.ErrRewardUnavailable(), "reward_id")
	}
	return nil, nil
}

// loyaltyDiscount prices the order with one of the caller's unlocked
// loyalty rewards (pricing.FreeItem). Nothing is reserved: the reward is
// spent when the order is paid (store.settleReward), so a basket left
// unpaid never holds it.
func (s *Server) loyaltyDiscount(ctx context.Context, co *checkout, c *Caller) (*pricing.Discount, error) {
	r, err := s.orders.LoyaltyReward(ctx, c.SchemeID, c.UserID, *co.in.LoyaltyRewardID)
	if platter.ErrorCode(err) == platter.CodeNotFound {
		co.problem(ordering.ErrRewardUnavailable(), "loyalty_reward_id")
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	co.reward = r
	return &pricing.Discount{Source: pricing.SourceReward, Kind: pricing.FreeItem}, nil
}

func (co *checkout) problem(err *platter.Error, field string) {
	co.problems = append(co.problems, fieldProblem{err, field})
}

// checkSchedule checks is_asap / preorder_for with the venue's schedule
// (opening hours in its zone, lead time, pause, slot capacity) and keeps
// the slot the order would take; prepare claims it in the order's
// transaction, where capacity is enforced. A venue that does not take the
// order type is pricing's refusal.
func (s *Server) checkSchedule(ctx context.Context, co *checkout, now time.Time) error {
	v, orderType := co.venue, *co.in.OrderType
	if !v.Offers(orderType) {
		return nil
	}
	slot := schedule.SlotOf(now.Add(schedule.LeadTime(v, orderType)))
	var preorder time.Time
	if co.preorder != nil {
		preorder, slot = *co.preorder, schedule.SlotOf(*co.preorder)
	}
	usage, err := s.cat.SlotUsage(ctx, v.ID, orderType, slot, slot.Add(schedule.SlotLength))
	if err != nil {
		return err
	}
	b, err := schedule.Validate(v, orderType, co.in.asap(), preorder, now, usage)
	if err != nil {
		pe := platter.AsError(err)
		if pe.Code == platter.CodeValidation || pe.Code == platter.CodeInternal {
			return err
		}
		field := "preorder_for"
		if co.in.asap() {
			field = "is_asap"
		}
		co.problem(pe, field)
		return nil
	}
	co.booking = &b
	return nil
}

// refusal is the first reason the basket cannot be ordered, or nil: a
// line's, then the schedule's, the order's, the discount's.
func (co *checkout) refusal() *platter.Error {
	for _, l := range co.quote.Lines {
		if l.Problem != nil {
			return l.Problem
		}
	}
	discount := func(p fieldProblem) bool {
		return p.field == "promocode" || p.field == "reward_id" || p.field == "loyalty_reward_id"
	}
	for _, p := range co.problems {
		if !discount(p) {
			return p.err
		}
	}
	if len(co.quote.Problems) > 0 {
		return co.quote.Problems[0]
	}
	if len(co.problems) > 0 {
		return co.problems[0].err
	}
	return nil
}

func venueNotFound(err error) error {
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return &platter.Error{Code: platter.CodeNotFound, Message: "error.venue_not_found"}
	}
	return err
}

// orderQuote answers orders/quote: the prices of the basket and every
// reason it cannot be ordered yet, per line and for the order. Nothing is
// stored.
func (s *Server) orderQuote(r *request, c *Caller) (*reply, error) {
	co, err := s.price(r, c, false)
	if err != nil {
		return nil, err
	}
	return &reply{Data: s.quoteJSON(co, r.Lang)}, nil
}

// orderPrepare answers orders/prepare: it prices the basket again and,
// when nothing refuses it, stores the order, its lines, its payment and
// the discount's reserved use in one transaction. A retry with the same
// idempotency_key and body returns the same order.
func (s *Server) orderPrepare(r *request, c *Caller) (*reply, error) {
	co, err := s.price(r, c, true)
	if err != nil {
		return nil, err
	}
	// A retry answers the order it made, whatever has changed since (its
	// own promo use, a slot it filled, a price): only the key and body count.
	in := &co.in
	key := strings.TrimSpace(in.IdempotencyKey)
	if o, hash, err := s.orders.OrderByKey(r.Context(), c.SchemeID, c.UserID, key); err == nil {
		if hash != in.hash() {
			return nil, &platter.Error{Code: platter.CodeConflict, Message: "order.idempotency_conflict"}
		}
		if o, err = s.ordering.EnsureIntent(r.Context(), o); err != nil {
			return nil, err
		}
		return &reply{Data: map[string]any{"order": toOrderJSON(o, co.venue.Slug), "payment": toPaymentJSON(o)}}, nil
	} else if platter.ErrorCode(err) != platter.CodeNotFound {
		return nil, err
	}
	if refusal := co.refusal(); refusal != nil {
		return nil, refusal
	}
	o := ordering.Order{SchemeID: c.SchemeID, VenueID: co.venue.ID, UserID: c.UserID, OrderType: *in.OrderType,
		IsASAP: in.asap(), PreorderFor: co.preorder, DeliveryAddress: toOrderAddress(co.addr),
		Note: strings.TrimSpace(in.OrderNote), Email: strings.TrimSpace(in.UserEmail),
		ContactNumber: strings.TrimSpace(in.UserContactNumber), FirstName: strings.TrimSpace(in.FirstName),
		LastName: strings.TrimSpace(in.LastName), Pricing: ordering.PricingOf(co.quote, co.scheme.Currency),
		Lines: ordering.LinesOf(co.quote), Payment: ordering.Payment{Provider: s.ordering.Provider()}}
	if co.promo != nil {
		o.PromoCodeID, o.PromoCode = co.promo.ID, co.promo.Code
	}
	if co.offer != nil {
		o.OfferID = co.offer.ID
	}
	if co.reward != nil && co.quote.DiscountFrom == pricing.SourceReward {
		o.LoyaltyRewardID = co.reward.ID
	}
	n := &ordering.NewOrder{Order: o, IdempotencyKey: key, RequestHash: in.hash(),
		Use: co.use, Slot: co.booking.Slot, SlotCapacity: co.venue.CapacityFor(*in.OrderType), Lang: r.Lang,
		KitchenAt: schedule.KitchenStart(co.venue, *in.OrderType, co.preorder),
		ClientKey: hashedClient(s.clientKey(r)), MaxUnpaid: s.maxUnpaid()}
	stored, _, err := s.orders.CreateOrder(r.Context(), n, s.now())
	if err != nil {
		return nil, err
	}
	if stored, err = s.ordering.EnsureIntent(r.Context(), stored); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{
		"order":   toOrderJSON(stored, co.venue.Slug),
		"payment": toPaymentJSON(stored),
	}}, nil
}

// hashedClient is the client as the unpaid-order cap counts it, stored
// with the order: a hash of its address (clientKey), not the address.
func hashedClient(key string) string {
	sum := sha256.Sum256([]byte("unpaid-orders:" + key))
	return hex.EncodeToString(sum[:16])
}

// maxUnpaid is PLATTER_UNPAID_ORDERS_MAX (ordering.MaxUnpaid by default).
func (s *Server) maxUnpaid() int {
	if s.cfg == nil || s.cfg.UnpaidOrdersMax < 1 {
		return ordering.MaxUnpaid
	}
	return s.cfg.UnpaidOrdersMax
}
