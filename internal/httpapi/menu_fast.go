package httpapi

import (
	"net/http"

	"platter/internal/catalog"
)

// keptMenuRefs is a Catalog that keeps VenueMenuRef's answers in memory
// and reads them without a query (store.DB).
type keptMenuRefs interface {
	CachedVenueMenuRef(schemeSlug, venueSlug string) (catalog.VenueMenuRef, bool)
}

// menuListPath is the one call answered from memory before the call's
// deadline machinery (serveCachedMenu).
const menuListPath = "/api/v3/menu/list"

// serveCachedMenu answers a menu/list call whose answer is ready bytes in
// memory: the venue's menu ref kept by the store and a fresh cache entry
// for it. It reads the same body the same way (readRequest: content type,
// envelope, control characters; withCallLimits has applied maxBody) and the
// filter the same way (menuRequest) as menuList, and checks the entry's
// version and freshness as menuAnswer does. Nothing it does waits on a
// query, a lock held across one, or the client (the answer goes to the
// connection's buffer and socket within the server's WriteTimeout), so it
// needs no call deadline, worker or buffered copy: under load those were a
// third of the call's own CPU (issue 23). It reports false, having written
// nothing, for anything else (a miss, a stale entry, any error): the call
// then runs the usual way and answers as it always did.
func (s *Server) serveCachedMenu(w http.ResponseWriter, r *http.Request) bool {
	refs, ok := s.cat.(keptMenuRefs)
	if !ok || r.Method != http.MethodPost || r.URL.RawPath != "" || r.URL.Path != menuListPath {
		return false
	}
	req, err := readRequest(w, r)
	if err != nil {
		return false
	}
	f, orderType, err := menuRequest(req)
	if err != nil {
		return false
	}
	ref, ok := refs.CachedVenueMenuRef(f.BusinessSlug, f.VenueSlug)
	if !ok {
		return false
	}
	key := menuKey{menuID: ref.MenuID, venueID: ref.VenueID, orderType: orderType}
	e, ok := s.menus.get(key, menuVersion{ref.Version, ref.SoldOutVersion}, s.now())
	if !ok {
		return false
	}
	// A public call's successful answer may be cached (serveWithin drops
	// withCallLimits' no-store the same way).
	delete(w.Header(), "Cache-Control")
	writeReply(w, e.reply(req))
	return true
}
