package httpapi

import (
	"context"
	"sync"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/pricing"
)

// liveMenus keeps the parsed menus pricing reads, by menu and venue (a
// venue's sold-out overrides apply over the shared menu), each good while
// its versions are the menu's and the venue's sold-out list's in the
// database (checked on every call, like menu/list's cache), so every quote
// and prepare prices the menu as it is now without reading it whole each
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

func newLiveMenus() *liveMenus { return &liveMenus{m: map[[2]int64]liveMenu{}} }

// liveMenu returns the current menu of a venue as the venue offers it
// (1404 for an unknown one), and its index. Callers must not modify them:
// they are shared.
func (s *Server) liveMenu(ctx context.Context, schemeSlug, venueSlug string) (liveMenu, error) {
	ref, err := s.cat.VenueMenuRef(ctx, schemeSlug, venueSlug)
	if err != nil {
		return liveMenu{}, venueNotFound(err)
	}
	key := [2]int64{ref.MenuID, ref.VenueID}
	s.live.mu.RLock()
	lm := s.live.m[key]
	s.live.mu.RUnlock()
	now := s.now()
	if m := lm.menu; m != nil && m.Version == ref.Version && m.SoldOutVersion == ref.SoldOutVersion &&
		(m.FreshUntil.IsZero() || now.Before(m.FreshUntil)) {
		return lm, nil
	}
	m, err := s.cat.VenueMenu(ctx, ref.MenuID, ref.VenueID, now)
	if err != nil {
		return liveMenu{}, err
	}
	lm = liveMenu{menu: m, index: pricing.NewMenuIndex(m)}
	s.live.mu.Lock()
	s.live.m[key] = lm
	s.live.mu.Unlock()
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
	offers  []ordering.Offer
}

// schemeOffers returns the scheme's live offers. Callers must not modify
// them: they are shared.
func (s *Server) schemeOffers(ctx context.Context, sc *catalog.Scheme) ([]ordering.Offer, error) {
	s.offers.mu.RLock()
	e, ok := s.offers.m[sc.ID]
	s.offers.mu.RUnlock()
	if ok && e.updated.Equal(sc.UpdatedAt) {
		return e.offers, nil
	}
	list, err := s.orders.Offers(ctx, sc.ID)
	if err != nil {
		return nil, err
	}
	s.offers.mu.Lock()
	s.offers.m[sc.ID] = offersEntry{updated: sc.UpdatedAt, offers: list}
	s.offers.mu.Unlock()
	return list, nil
}
