package ordering

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"platter/internal/catalog"
	"platter/internal/loyalty"
	"platter/internal/platter"
	"platter/internal/pricing"
	"platter/internal/schedule"
)

// CheckoutStore is what Quote and Checkout need of the store: reads of
// the scheme, venue, menu, schedule and discounts, and the order's one
// transaction (CreateOrder). Every order method is scoped by its owner
// (scheme and user): another's order is not found.
type CheckoutStore interface {
	SchemeBySlug(ctx context.Context, slug string) (*catalog.Scheme, error)
	VenueBySlug(ctx context.Context, schemeID int64, slug string) (*catalog.Venue, error)
	VenueMenuRef(ctx context.Context, schemeSlug, venueSlug string) (catalog.VenueMenuRef, error)
	VenueMenu(ctx context.Context, menuID, venueID int64, now time.Time) (*catalog.Menu, error)
	SlotUsage(ctx context.Context, venueID int64, orderType int, from, to time.Time) (schedule.Usage, error)
	PromoByCode(ctx context.Context, schemeID int64, code string) (*Promo, error)
	Offers(ctx context.Context, schemeID int64) ([]Offer, error)
	CustomerUses(ctx context.Context, promoID, offerID, userID int64, emailNorm string) (int, error)
	LoyaltyReward(ctx context.Context, schemeID, userID, id int64) (*loyalty.Reward, error)
	CreateOrder(ctx context.Context, n *NewOrder, now time.Time) (*Order, bool, error)
	OrderByKey(ctx context.Context, schemeID, userID int64, key string) (*Order, string, error)
}

// Basket is what orders/quote prices (docs/architecture.md §4), checked in
// shape by the caller: whose it is, where, how and what.
type Basket struct {
	SchemeSlug string
	SchemeID   int64
	UserID     int64
	// EmailNorm is who "once per customer" counts (account.NormalizeEmail
	// of the address typed at checkout, else the account's).
	EmailNorm   string
	VenueSlug   string
	OrderType   int
	ASAP        bool
	PreorderFor *time.Time // nil for ASAP
	Lines       []pricing.LineInput
	Delivery    *pricing.Point // the delivery address's pin, when it has one
	Tip         int64
	TipPercent  *int
	Promocode   string
	// RewardID: nil applies the best AUTO_APPLY offer by itself, ≤ 0 none,
	// else that offer's reward. LoyaltyRewardID: one of the customer's
	// unlocked loyalty rewards (nil or ≤ 0: none).
	RewardID        *int64
	LoyaltyRewardID *int64
}

// madeFor is the time the order's items are judged at (dayparts, timed
// snoozes; docs/architecture.md §10): a pre-order's slot, whatever the
// clock says now, else now (ASAP is made now).
func (b *Basket) madeFor(now time.Time) time.Time {
	if !b.ASAP && b.PreorderFor != nil && !b.PreorderFor.IsZero() {
		return *b.PreorderFor
	}
	return now
}

// CheckoutRequest is orders/prepare: a basket and what makes it an order.
type CheckoutRequest struct {
	Basket
	Address       *Address
	Note          string
	Email         string
	ContactNumber string
	FirstName     string
	LastName      string
	// IdempotencyKey and RequestHash (the body's, key left out) make a
	// retry find the order it made.
	IdempotencyKey string
	RequestHash    string
	Lang           string // the customer's language: the order's e-mails are written in it
	// Client names the client that prepares it (IP address, or IPv6 /64);
	// only a hash of it is stored, for the unpaid-order cap.
	Client string
}

// FieldProblem is a refusal of the order and the request field it is about.
type FieldProblem struct {
	Err   *platter.Error
	Field string
}

// Quote is one priced basket: what orders/quote answers and Checkout
// stores.
type Quote struct {
	Basket  Basket
	Scheme  *catalog.Scheme
	Venue   *catalog.Venue
	Pricing *pricing.Quote
	Promo   *Promo
	Offer   *Offer
	Reward  *loyalty.Reward // the customer's loyalty reward, when one prices the order
	use     *Use
	booking *schedule.Booking // the slot the order takes, when the schedule admits it
	// Problems are the order's refusals beyond pricing's (schedule, promo
	// code, reward), each with the field it is about.
	Problems []FieldProblem
}

// Quote prices a basket: the venue, its live menu, the discount and the
// schedule are read; nothing is written.
func (s *Service) Quote(ctx context.Context, b Basket) (*Quote, error) {
	q := &Quote{Basket: b}
	var err error
	if q.Scheme, err = s.store.SchemeBySlug(ctx, b.SchemeSlug); err != nil {
		return nil, err
	}
	if q.Venue, err = s.store.VenueBySlug(ctx, b.SchemeID, b.VenueSlug); err != nil {
		return nil, venueNotFound(err)
	}
	now := s.now()
	menu, err := s.menus.get(ctx, s.store, b.SchemeSlug, b.VenueSlug, now)
	if err != nil {
		return nil, err
	}
	base := pricing.Input{Venue: q.Venue, Menu: menu.menu, Index: menu.index, At: b.madeFor(now),
		OrderType: b.OrderType, Lines: b.Lines,
		Delivery: b.Delivery, Tip: b.Tip, TipPercent: b.TipPercent,
		StampThreshold: q.Scheme.Loyalty.StampThreshold, Currency: q.Scheme.Currency}
	discount, err := s.discount(ctx, q, base, now)
	if err != nil {
		return nil, err
	}
	base.Discount = discount
	q.Pricing = pricing.Price(base)
	if err := s.checkSchedule(ctx, q, now); err != nil {
		return nil, err
	}
	return q, nil
}

// Checkout prices the basket again and, when nothing refuses it, stores
// the order, its lines, its payment, the slot place and the discount's
// reserved use in one transaction (CreateOrder), then gives it its
// provider payment (EnsureIntent). A retry with the same idempotency key
// and body answers the order it made, whatever has changed since (its own
// promo use, a slot it filled, a price): only the key and body count;
// the same key with another body is 1409. Concurrent calls with one key
// make one order. It returns the order and the quote it was priced by.
func (s *Service) Checkout(ctx context.Context, r CheckoutRequest) (*Order, *Quote, error) {
	q, err := s.Quote(ctx, r.Basket)
	if err != nil {
		return nil, nil, err
	}
	if refusal := q.Refusal(); refusal != nil {
		// A retry of an order made before the refusal arose (the venue
		// closed since, say) still gets its order. Without a refusal
		// CreateOrder finds a retry's order itself, in its transaction: a
		// new order costs no extra statement.
		if o, hash, err := s.store.OrderByKey(ctx, r.SchemeID, r.UserID, r.IdempotencyKey); err == nil {
			if hash != r.RequestHash {
				return nil, nil, &platter.Error{Code: platter.CodeConflict, Message: "order.idempotency_conflict"}
			}
			o, err = s.EnsureIntent(ctx, o)
			return o, q, err
		} else if platter.ErrorCode(err) != platter.CodeNotFound {
			return nil, nil, err
		}
		return nil, nil, refusal
	}
	o := Order{SchemeID: r.SchemeID, VenueID: q.Venue.ID, UserID: r.UserID, OrderType: r.OrderType,
		IsASAP: r.ASAP, PreorderFor: r.PreorderFor, DeliveryAddress: r.Address, Note: r.Note, Email: r.Email,
		ContactNumber: r.ContactNumber, FirstName: r.FirstName, LastName: r.LastName,
		Pricing: PricingOf(q.Pricing, q.Scheme.Currency), Lines: LinesOf(q.Pricing),
		Payment: Payment{Provider: s.pay.Name()}}
	if q.Promo != nil {
		o.PromoCodeID, o.PromoCode = q.Promo.ID, q.Promo.Code
	}
	if q.Offer != nil {
		o.OfferID = q.Offer.ID
	}
	if q.Reward != nil && q.Pricing.DiscountFrom == pricing.SourceReward {
		o.LoyaltyRewardID = q.Reward.ID
	}
	n := &NewOrder{Order: o, IdempotencyKey: r.IdempotencyKey, RequestHash: r.RequestHash,
		Use: q.use, SlotCapacity: q.Venue.CapacityFor(r.OrderType), Lang: r.Lang,
		KitchenAt: schedule.KitchenStart(q.Venue, r.OrderType, r.PreorderFor),
		ClientKey: hashedClient(r.Client), MaxUnpaid: s.maxUnpaid}
	if q.booking != nil {
		n.Slot = q.booking.Slot
	}
	stored, _, err := s.store.CreateOrder(ctx, n, s.now())
	if err != nil {
		return nil, nil, err
	}
	if stored, err = s.EnsureIntent(ctx, stored); err != nil {
		return nil, nil, err
	}
	return stored, q, nil
}

// LimitUnpaid sets how many open unpaid orders one user or client may hold
// at a scheme (PLATTER_UNPAID_ORDERS_MAX; below 1: MaxUnpaid) and returns s.
func (s *Service) LimitUnpaid(n int) *Service {
	if n < 1 {
		n = MaxUnpaid
	}
	s.maxUnpaid = n
	return s
}

// hashedClient is the client as the unpaid-order cap counts it, stored
// with the order: a hash of its address, not the address.
func hashedClient(key string) string {
	sum := sha256.Sum256([]byte("unpaid-orders:" + key))
	return hex.EncodeToString(sum[:16])
}

// Refusal is the first reason the basket cannot be ordered, or nil: a
// line's, then the schedule's, the order's, the discount's.
func (q *Quote) Refusal() *platter.Error {
	for _, l := range q.Pricing.Lines {
		if l.Problem != nil {
			return l.Problem
		}
	}
	discount := func(p FieldProblem) bool {
		return p.Field == "promocode" || p.Field == "reward_id" || p.Field == "loyalty_reward_id"
	}
	for _, p := range q.Problems {
		if !discount(p) {
			return p.Err
		}
	}
	if len(q.Pricing.Problems) > 0 {
		return q.Pricing.Problems[0]
	}
	if len(q.Problems) > 0 {
		return q.Problems[0].Err
	}
	return nil
}

func (q *Quote) problem(err *platter.Error, field string) {
	q.Problems = append(q.Problems, FieldProblem{err, field})
}

func venueNotFound(err error) error {
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return &platter.Error{Code: platter.CodeNotFound, Message: "error.venue_not_found"}
	}
	return err
}

// checkSchedule checks ASAP / PreorderFor with the venue's schedule
// (opening hours in its zone, lead time, pause, slot capacity) and keeps
// the slot the order would take; Checkout claims it in the order's
// transaction, where capacity is enforced. A venue that does not take the
// order type is pricing's refusal.
func (s *Service) checkSchedule(ctx context.Context, q *Quote, now time.Time) error {
	v, orderType := q.Venue, q.Basket.OrderType
	if !v.Offers(orderType) {
		return nil
	}
	slot := schedule.SlotOf(now.Add(schedule.LeadTime(v, orderType)))
	var preorder time.Time
	if q.Basket.PreorderFor != nil {
		preorder, slot = *q.Basket.PreorderFor, schedule.SlotOf(*q.Basket.PreorderFor)
	}
	usage, err := s.store.SlotUsage(ctx, v.ID, orderType, slot, slot.Add(schedule.SlotLength))
	if err != nil {
		return err
	}
	b, err := schedule.Validate(v, orderType, q.Basket.ASAP, preorder, now, usage)
	if err != nil {
		pe := platter.AsError(err)
		if pe.Code == platter.CodeValidation || pe.Code == platter.CodeInternal {
			return err
		}
		field := "preorder_for"
		if q.Basket.ASAP {
			field = "is_asap"
		}
		q.problem(pe, field)
		return nil
	}
	q.booking = &b
	return nil
}
