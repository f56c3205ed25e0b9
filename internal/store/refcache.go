package store

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"platter/internal/catalog"
)

// menuRefs keeps catalogue answers that the ordering path and menu/list
// would otherwise read on every request although they rarely change:
// VenueMenuRef's (menu/list and pricing check their caches against it: the
// query was a fifth of a cached menu/list's CPU), and SchemeBySlug's and
// VenueBySlug's rows (a checkout read the scheme twice and the venue with
// its hours twice, in a transaction of its own: six statements and two
// transactions of the checkout's 49).
//
// An answer is good while the catalogue generation it was read under is
// still current, and for refMaxAge at most. The generation moves:
//   - after every write transaction this process commits that changed the
//     catalogue (below), before the write's caller is answered, so a change
//     made through this instance is seen by its next request;
//   - on PostgreSQL, when another instance changes schemes, venues, their
//     hours or menus (their triggers NOTIFY catalog_changed, migrations
//     0035 and 0037; the listener, events.go, moves the generation on each
//     notification), so the others see it within the notification's
//     delivery, milliseconds;
//   - when the listener (re)connects: what was sent while it was away is
//     lost.
//
// A write counts as a catalogue change when any of its statements other
// than a SELECT names schemes, venues, venue_hours or menus (noteCatalog):
// a checkout's writes do not, so orders do not empty the cache; anything
// that could change an answer does (a menu's content bumps menus.version,
// a sold-out change venues.soldout_version, a pause or busy time updates
// venues, and ON DELETE CASCADE starts from a statement that names the
// table). Naming one needlessly only costs a query.
//
// On PostgreSQL answers are kept only while the listener is connected
// (live): without it another instance's change would go unseen. refMaxAge
// bounds what no notification covers: a SQLite database written by
// another process (`platter import` beside a running server).
//
// Schemes and venues are kept as the rows read, not as the catalogue
// values: each call decodes a value of its own (a few small JSON lists),
// so no caller can change what another is handed.
type menuRefs struct {
	maxAge  atomic.Int64 // refMaxAge in nanoseconds; tests may lengthen it (KeepCatalogForTest)
	gen     atomic.Uint64
	live    atomic.Bool // answers may be kept: SQLite always, PostgreSQL while listening
	menus   keptMap[refKey, catalog.VenueMenuRef]
	schemes keptMap[string, schemeRecord] // by slug
	venues  keptMap[venueKey, keptVenue]  // live venues only
}

// keptMap holds found answers only, so it is bounded by the rows there are.
type keptMap[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]kept[V]
}

type kept[V any] struct {
	v   V
	gen uint64
	at  time.Time
}

// refMaxAge is the longest an answer is kept, whatever the generation.
const refMaxAge = time.Second

type refKey struct{ scheme, venue string }

// venueKey is VenueBySlug's question: a venue's slug within a scheme.
type venueKey struct {
	schemeID int64
	slug     string
}

// keptVenue is a venue's row and its opening hours as findVenues read them.
type keptVenue struct {
	rec   venueRecord
	hours [7][]catalog.TimeRange
}

func newMenuRefs(live bool) *menuRefs {
	r := &menuRefs{}
	r.maxAge.Store(int64(refMaxAge))
	r.live.Store(live)
	return r
}

// changed moves the generation: every answer kept so far is stale.
func (r *menuRefs) changed() { r.gen.Add(1) }

// keptGet returns a kept answer that is still good, and the generation a
// fresh read must be kept under (read before the query, so a change
// committed during it makes the kept answer stale at once).
func keptGet[K comparable, V any](r *menuRefs, km *keptMap[K, V], k K) (V, uint64, bool) {
	var zero V
	gen := r.gen.Load()
	if !r.live.Load() {
		return zero, gen, false
	}
	km.mu.RLock()
	e, ok := km.m[k]
	km.mu.RUnlock()
	if !ok || e.gen != gen || time.Since(e.at) >= time.Duration(r.maxAge.Load()) {
		return zero, gen, false
	}
	return e.v, gen, true
}

// keptPut keeps v, read under gen starting at at.
func keptPut[K comparable, V any](r *menuRefs, km *keptMap[K, V], k K, v V, gen uint64, at time.Time) {
	if !r.live.Load() {
		return
	}
	km.mu.Lock()
	if km.m == nil {
		km.m = map[K]kept[V]{}
	}
	km.m[k] = kept[V]{v: v, gen: gen, at: at}
	km.mu.Unlock()
}

// KeepCatalogForTest sets how long a kept catalogue answer may live at
// most (refMaxAge, a second): a test, of this package or another, can then
// tell a change's notification from an answer's age running out, or count
// a request's statements without a slow machine's clock deciding them.
func (db *DB) KeepCatalogForTest(d time.Duration) { db.refs.maxAge.Store(int64(d)) }

func (r *menuRefs) get(k refKey) (catalog.VenueMenuRef, uint64, bool) { return keptGet(r, &r.menus, k) }

func (r *menuRefs) put(k refKey, ref catalog.VenueMenuRef, gen uint64, at time.Time) {
	keptPut(r, &r.menus, k, ref, gen, at)
}

// noteCatalog marks the write transaction c belongs to as a catalogue
// change when query is not a SELECT and names schemes, venues, venue_hours
// or menus.
func (c conn) noteCatalog(query string) {
	if c.fx == nil || c.fx.catalog {
		return
	}
	q := strings.TrimLeft(query, " \t\n")
	if len(q) >= 6 && strings.EqualFold(q[:6], "SELECT") {
		return
	}
	if strings.Contains(q, "schemes") || strings.Contains(q, "venues") || strings.Contains(q, "menus") ||
		strings.Contains(q, "venue_hours") {
		c.fx.catalog = true
	}
}
