package ordering

import (
	"context"
	"sync"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/pricing"
)

// discount resolves the promo code or, when there is none, the reward: a
// code the customer typed wins over any reward. A refusal is recorded as
// a problem and the basket is priced without it.
func (s *Service) discount(ctx context.Context, q *Quote, base pricing.Input, now time.Time) (*pricing.Discount, error) {
	b := &q.Basket
	if code := NormaliseCode(b.Promocode); code != "" {
		p, err := s.store.PromoByCode(ctx, b.SchemeID, code)
		if platter.ErrorCode(err) == platter.CodeNotFound {
			q.problem(&platter.Error{Code: platter.CodePromoUnknown, Message: "promo.unknown"}, "promocode")
			return nil, nil
		} else if err != nil {
			return nil, err
		}
		used, err := s.store.CustomerUses(ctx, p.ID, 0, b.UserID, b.EmailNorm)
		if err != nil {
			return nil, err
		}
		if refusal := p.Check(now, used); refusal != nil {
			q.problem(refusal, "promocode")
			return nil, nil
		}
		q.Promo = p
		q.use = &Use{PromoCodeID: p.ID, MaxUses: p.MaxUses, PerCustomer: p.MaxPerCustomer, EmailNorm: b.EmailNorm}
		return p.Discount(), nil
	}
	if b.LoyaltyRewardID != nil && *b.LoyaltyRewardID > 0 {
		return s.loyaltyDiscount(ctx, q)
	}
	if b.RewardID != nil && *b.RewardID <= 0 {
		return nil, nil // -1: the customer chose no reward
	}
	offers, err := s.offers.get(ctx, s.store, q.Scheme)
	if err != nil {
		return nil, err
	}
	for i := range offers {
		o := &offers[i]
		if b.RewardID == nil && o.ButtonKind != AutoApply || b.RewardID != nil && *b.RewardID != o.ID {
			continue
		}
		used, err := s.store.CustomerUses(ctx, 0, o.ID, b.UserID, b.EmailNorm)
		if err != nil {
			return nil, err
		}
		if !o.Available(now, used) {
			continue
		}
		if b.RewardID == nil && pricing.Price(base).Subtotal < o.MinSpend {
			continue // an AUTO_APPLY offer applies itself only where it can
		}
		q.Offer = o
		q.use = &Use{OfferID: o.ID, PerCustomer: o.MaxPerCustomer, EmailNorm: b.EmailNorm}
		return o.Discount(), nil
	}
	if b.RewardID != nil {
		q.problem(ErrRewardUnavailable(), "reward_id")
	}
	return nil, nil
}

// loyaltyDiscount prices the order with one of the caller's unlocked
// loyalty rewards (pricing.FreeItem). Nothing is reserved: the reward is
// spent when the order is paid (store.settleReward), so a basket left
// unpaid never holds it.
func (s *Service) loyaltyDiscount(ctx context.Context, q *Quote) (*pricing.Discount, error) {
	b := &q.Basket
	r, err := s.store.LoyaltyReward(ctx, b.SchemeID, b.UserID, *b.LoyaltyRewardID)
	if platter.ErrorCode(err) == platter.CodeNotFound {
		q.problem(ErrRewardUnavailable(), "loyalty_reward_id")
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	q.Reward = r
	return &pricing.Discount{Source: pricing.SourceReward, Kind: pricing.FreeItem}, nil
}

// liveMenus keeps the parsed menus pricing reads, by menu and venue (a
// venue's sold-out overrides apply over the shared menu), each good while
// its versions are the menu's and the venue's sold-out list's in the
// database (checked on every call, like menu/list's cache), so every quote
// and checkout prices the menu as it is now without reading it whole each
// time (nor past its FreshUntil: a snooze's end, a daypart's edge); with each, its index by id, which pricing would otherwise build
// for every basket.
type liveMenus struct {
	mu sync.RWMutex
	m  map[[2]int64]liveMenu
}

type liveMenu struct {
	menu  *catalog.Menu
	index *pricing.MenuIndex
}

// get returns the current menu of a venue as the venue offers it (1404
// for an unknown one), and its index. Callers must not modify them: they
// are shared.
func (l *liveMenus) get(ctx context.Context, st CheckoutStore, schemeSlug, venueSlug string, now time.Time) (liveMenu, error) {
	ref, err := st.VenueMenuRef(ctx, schemeSlug, venueSlug)
	if err != nil {
		return liveMenu{}, venueNotFound(err)
	}
	key := [2]int64{ref.MenuID, ref.VenueID}
	l.mu.RLock()
	lm := l.m[key]
	l.mu.RUnlock()
	if m := lm.menu; m != nil && m.Version == ref.Version && m.SoldOutVersion == ref.SoldOutVersion &&
		(m.FreshUntil.IsZero() || now.Before(m.FreshUntil)) {
		return lm, nil
	}
	m, err := st.VenueMenu(ctx, ref.MenuID, ref.VenueID, now)
	if err != nil {
		return liveMenu{}, err
	}
	lm = liveMenu{menu: m, index: pricing.NewMenuIndex(m)}
	l.mu.Lock()
	if l.m == nil {
		l.m = map[[2]int64]liveMenu{}
	}
	l.m[key] = lm
	l.mu.Unlock()
	return lm, nil
}

// offersCache keeps each scheme's offers while the scheme's updated_at
// (read with the scheme on every checkout call) is unchanged: offers come
// only with the import document, and an import that changes them moves
// updated_at (store.ImportScheme), on every instance at once.
type offersCache struct {
	mu sync.RWMutex
	m  map[int64]offersEntry
}

type offersEntry struct {
	updated time.Time
	offers  []Offer
}

// get returns the scheme's live offers. Callers must not modify them:
// they are shared.
func (c *offersCache) get(ctx context.Context, st CheckoutStore, sc *catalog.Scheme) ([]Offer, error) {
	c.mu.RLock()
	e, ok := c.m[sc.ID]
	c.mu.RUnlock()
	if ok && e.updated.Equal(sc.UpdatedAt) {
		return e.offers, nil
	}
	list, err := st.Offers(ctx, sc.ID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[int64]offersEntry{}
	}
	c.m[sc.ID] = offersEntry{updated: sc.UpdatedAt, offers: list}
	c.mu.Unlock()
	return list, nil
}
