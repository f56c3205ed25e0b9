package httpapi

import (
	"context"
	"sync"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// liveMenus keeps the parsed menus pricing reads, by menu id, each good
// while its version is the menu's version in the database (checked on
// every call, like menu/list's cache), so every quote and prepare prices
// the menu as it is now without reading it whole each time.
type liveMenus struct {
	mu sync.RWMutex
	m  map[int64]*catalog.Menu
}

func newLiveMenus() *liveMenus { return &liveMenus{m: map[int64]*catalog.Menu{}} }

// liveMenu returns the current menu of a venue (1404 for an unknown one).
// Callers must not modify it: it is shared.
func (s *Server) liveMenu(ctx context.Context, schemeSlug, venueSlug string) (*catalog.Menu, error) {
	id, version, err := s.cat.MenuRef(ctx, schemeSlug, venueSlug)
	if err != nil {
		return nil, venueNotFound(err)
	}
	s.live.mu.RLock()
	m := s.live.m[id]
	s.live.mu.RUnlock()
	if m != nil && m.Version == version {
		return m, nil
	}
	if m, err = s.cat.Menu(ctx, id); err != nil {
		return nil, err
	}
	s.live.mu.Lock()
	s.live.m[id] = m
	s.live.mu.Unlock()
	return m, nil
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
