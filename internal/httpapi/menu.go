package httpapi

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// menuCache keeps serialized menu/list envelopes per menu and order type.
// An entry is good while its version equals the menu's version in the
// database, which the store keeps in memory until a change is committed
// here or announced by another instance (internal/store/refcache.go), so a
// change made through any instance is seen by all of them within the
// notification's delivery, and until the clock alone changes it (a timed
// snooze ends, a daypart opens or closes: catalog.Menu.FreshUntil).
type menuCache struct {
	mu      sync.RWMutex
	entries map[menuKey]menuEntry
	loading sync.Mutex // one rebuild at a time: a burst after a change loads once
}

// menuKey is one venue's view of its menu: the menu is shared between
// venues, but each venue's sold-out overrides are its own.
type menuKey struct {
	menuID    int64
	venueID   int64
	orderType int // -1: every order type
}

// menuVersion is what an entry is good for: the menu's version and the
// venue's sold-out version, as the store last read them (VenueMenuRef).
type menuVersion struct{ menu, soldOut int64 }

type menuEntry struct {
	version menuVersion
	fresh   time.Time // the menu's FreshUntil: zero, or when the clock alone changes the answer
	body    []byte
	gz      []byte        // body gzipped once, when the entry is built
	menu    *catalog.Menu // what body was made from, read only: the first HTML's pictures and JSON-LD
	// plain and zipped are the replies of body and gz, made once with the
	// entry: a call answered from the cache allocates none (issue 23).
	plain, zipped *reply
}

func newMenuCache() *menuCache { return &menuCache{entries: map[menuKey]menuEntry{}} }

func (c *menuCache) get(k menuKey, version menuVersion, now time.Time) (menuEntry, bool) {
	c.mu.RLock()
	e, ok := c.entries[k]
	c.mu.RUnlock()
	return e, ok && e.version == version && (e.fresh.IsZero() || now.Before(e.fresh))
}

func (c *menuCache) put(k menuKey, e menuEntry) {
	c.mu.Lock()
	c.entries[k] = e
	c.mu.Unlock()
}

// reply answers from an entry: its gzip copy when the caller accepts gzip,
// so a menu is compressed once per version, not once per request.
func (e menuEntry) reply(r *request) *reply {
	if acceptsEncoding(r.Header.Get("Accept-Encoding"), encGzip) {
		return e.zipped
	}
	return e.plain
}

// rawReply is a reply of cached bytes, written as they are (never changed).
func rawReply(b []byte, encoding string) *reply {
	return &reply{Raw: b, Encoding: encoding, length: []string{strconv.Itoa(len(b))}}
}

// menuList answers menu/list from the cache, rebuilding the entry when the
// menu's version moved.
func (s *Server) menuList(r *request) (*reply, error) {
	f, orderType, err := menuRequest(r)
	if err != nil {
		return nil, err
	}
	e, err := s.menuAnswer(r.Context(), f.BusinessSlug, f.VenueSlug, orderType)
	if err != nil {
		return nil, err
	}
	return e.reply(r), nil
}

// menuRequest reads and checks menu/list's filter; orderType is -1 when
// the filter names none (every order type).
func menuRequest(r *request) (f menuFilter, orderType int, err error) {
	if !decodeMenuFilter(r.Filter, &f) { // envelope_fast.go
		f = menuFilter{} // the fast path may have set fields before it gave up
		if err := decode(r.Filter, &f); err != nil {
			return f, 0, err
		}
	} else if bad := checkText(&f); len(bad) > 0 { // decode's checks
		return f, 0, platter.Invalid(bad)
	}
	orderType = -1
	badType := false
	if f.OrderType != nil {
		orderType = *f.OrderType
		badType = orderType != catalog.OrderTypeDelivery && orderType != catalog.OrderTypePickup
	}
	if badType || strings.TrimSpace(f.BusinessSlug) == "" || strings.TrimSpace(f.VenueSlug) == "" {
		fields := map[string]string{} // only when there is something to say: a map per call was felt
		requireString(fields, "business_slug", f.BusinessSlug)
		requireString(fields, "venue_slug", f.VenueSlug)
		if badType {
			fields["order_type"] = "validation.order_type"
		}
		return f, 0, platter.Invalid(fields)
	}
	return f, orderType, nil
}

// menuAnswer is menu/list's answer for a venue and an order type (-1: every
// order type), from the cache, rebuilt when the menu's version moved. The
// first HTML of a menu page carries it too (firstload.go).
func (s *Server) menuAnswer(ctx context.Context, slug, venueSlug string, orderType int) (menuEntry, error) {
	ref, err := s.cat.VenueMenuRef(ctx, slug, venueSlug)
	if err != nil {
		if platter.ErrorCode(err) == platter.CodeNotFound {
			return menuEntry{}, &platter.Error{Code: platter.CodeNotFound, Message: "error.venue_not_found"}
		}
		return menuEntry{}, err
	}
	key := menuKey{menuID: ref.MenuID, venueID: ref.VenueID, orderType: orderType}
	version := menuVersion{ref.Version, ref.SoldOutVersion}
	now := s.now()
	if e, ok := s.menus.get(key, version, now); ok {
		return e, nil
	}
	s.menus.loading.Lock()
	defer s.menus.loading.Unlock()
	if e, ok := s.menus.get(key, version, now); ok {
		return e, nil
	}
	m, err := s.cat.VenueMenu(ctx, ref.MenuID, ref.VenueID, now)
	if err != nil {
		return menuEntry{}, err
	}
	body, err := json.Marshal(map[string]any{"success": true, "data": menuJSON(m, key.orderType), "version": m.Version})
	if err != nil {
		return menuEntry{}, platter.Internal(err)
	}
	// Store under the versions just read with the menu, not the possibly older
	// ones from VenueMenuRef: a concurrent change then misses the cache once, never
	// serves stale data.
	e := menuEntry{version: menuVersion{m.Version, m.SoldOutVersion}, fresh: m.FreshUntil, body: body,
		gz: s.gzip.bytes(body), menu: m}
	e.plain, e.zipped = rawReply(e.body, ""), rawReply(e.gz, encGzip)
	s.menus.put(key, e)
	return e, nil
}

type itemJSON struct {
	ID                  int64   `json:"id"`
	CategoryID          int64   `json:"category_id"`
	Title               string  `json:"title"`
	Description         string  `json:"description"`
	ImageURL            string  `json:"image_url"`
	Price               int64   `json:"price"`
	IsNew               bool    `json:"is_new"`
	IsAvailable         bool    `json:"is_available"`
	SelectMin           int     `json:"select_min"`
	SelectMax           int     `json:"select_max"`
	ModifierCategoryIDs []int64 `json:"modifier_category_ids"`
	// Dayparts are when the item is served (empty: all day); outside them
	// IsAvailable is false and OutOfHours true, so the card can say when.
	Dayparts   []catalog.Daypart `json:"dayparts"`
	OutOfHours bool              `json:"out_of_hours"`
}

type categoryJSON struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Position int    `json:"position"`
}

type modCategoryJSON struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	SelectMin int    `json:"select_min"`
	SelectMax int    `json:"select_max"`
}

type modItemJSON struct {
	ID                 int64  `json:"id"`
	ModifierCategoryID int64  `json:"modifier_category_id"`
	Name               string `json:"name"`
	Price              int64  `json:"price"`
	IsAvailable        bool   `json:"is_available"`
}

// menuJSON shapes a menu for menu/list (docs/architecture.md §4), keeping only the
// items offered for the order type (all when orderType is -1).
func menuJSON(m *catalog.Menu, orderType int) map[string]any {
	items := m.Items
	if orderType >= 0 {
		items = m.ForOrderType(orderType)
	}
	cats := make([]categoryJSON, 0, len(m.Categories))
	for _, c := range m.Categories {
		cats = append(cats, categoryJSON{c.ID, c.Name, c.Position})
	}
	its := make([]itemJSON, 0, len(items))
	for _, it := range items {
		ids := it.ModifierCategoryIDs
		if ids == nil {
			ids = []int64{}
		}
		dps := it.Dayparts
		if dps == nil {
			dps = []catalog.Daypart{}
		}
		its = append(its, itemJSON{it.ID, it.CategoryID, it.Title, it.Description, it.ImageURL, it.Price,
			it.IsNew, it.IsAvailable && !it.OutOfHours, it.SelectMin, it.SelectMax, ids, dps, it.OutOfHours})
	}
	mcs := make([]modCategoryJSON, 0, len(m.ModifierCategories))
	for _, c := range m.ModifierCategories {
		mcs = append(mcs, modCategoryJSON{c.ID, c.Name, c.SelectMin, c.SelectMax})
	}
	mis := make([]modItemJSON, 0, len(m.ModifierItems))
	for _, mi := range m.ModifierItems {
		mis = append(mis, modItemJSON{mi.ID, mi.ModifierCategoryID, mi.Name, mi.Price, mi.IsAvailable})
	}
	return map[string]any{
		"menu":                map[string]any{"id": m.ID, "name": m.Name, "layout_style": m.LayoutStyle},
		"categories":          cats,
		"items":               its,
		"modifier_categories": mcs,
		"modifier_items":      mis,
	}
}
