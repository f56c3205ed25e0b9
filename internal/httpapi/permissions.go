package httpapi

import (
	"net/http"

	"platter/internal/account"
	"platter/internal/platter"
)

// access says who may call a route (docs/architecture.md §2, §7). Each level above
// anyone needs a valid token of the scheme the call is for.
type access int

const (
	// anyone: no token needed, and none is looked at (the storefront's
	// reads and the auth calls, which read the token themselves if at all).
	anyone access = iota
	// anySession: a guest, a customer or a platform user of the scheme.
	anySession
	// customer: a signed-in user of the scheme, not a guest. Platform users
	// (staff, managers) are signed in too and pass.
	customer
	// staff: staff of the venue in scope, or a manager or admin.
	staff
	// manager: a manager or admin.
	manager
	// driver: a driver.
	driver
	// admin: a platform admin.
	admin
	// platform: a platform admin's own token (no scheme): platform/* only.
	platform
)

// roles is what each role-based access level admits: a manager may do what
// venue staff may, an admin what a manager may.
var roles = map[access][]string{
	staff:   {account.RoleStaff, account.RoleManager, account.RoleAdmin},
	manager: {account.RoleManager, account.RoleAdmin},
	driver:  {account.RoleDriver},
	admin:   {account.RoleAdmin},
}

var accessNames = [...]string{"anyone", "session", "customer", "staff", "manager", "driver", "admin", "platform"}

func (a access) String() string { return accessNames[a] }

// scope says whose data a route reaches, and so which memberships count.
type scope int

const (
	// scopeNone: public data; nothing to check.
	scopeNone scope = iota
	// scopeScheme: data of the token's scheme. A business_slug the call
	// names must be the token's scheme (1401 otherwise, as if there were no
	// token); a call that names none means the token's scheme. A role must be
	// held for the whole scheme.
	scopeScheme
	// scopeVenue: scopeScheme, and a venue_slug the call names must be a
	// venue where the caller holds the role (1403 otherwise). A call that
	// names none is admitted with the role held anywhere in the scheme, and
	// the handler keeps to the venues Caller.WorksAt admits.
	scopeVenue
	// scopeOwn: scopeScheme, and the handler reads and writes only the
	// caller's own records (Caller.UserID); another's id is 1404, as a
	// missing one. A role may be held anywhere in the scheme. Where staff
	// may see a customer's record too (an order, its photos), the handler
	// admits them with Caller.WorksAt(record's venue, roles[staff]...).
	scopeOwn
)

var scopeNames = [...]string{"none", "scheme", "venue", "own"}

func (s scope) String() string { return scopeNames[s] }

// callFunc implements a v3 envelope call. c is the resolved caller: nil for
// anyone routes, never nil for the others.
type callFunc func(r *request, c *Caller) (*reply, error)

// rawFunc implements a non-envelope route (a card webhook's raw body, a
// multipart upload, an event stream): it reads its own body and writes its
// own answer. c is as for callFunc.
type rawFunc func(w http.ResponseWriter, r *http.Request, c *Caller)

// route is one row of the permission table (routes.go).
type route struct {
	path   string // after /api/v3/
	access access
	scope  scope
	call   callFunc // envelope calls: POST with a JSON body
	// method and raw, instead of call, make a route its own ServeMux pattern
	// ("GET /api/v3/orders/stream") outside the JSON envelope.
	method string
	raw    rawFunc
	// guest is the i18n key of the 1403 a guest gets from a customer route
	// (default error.forbidden).
	guest string
}

// public is a route anyone may call, served by a handler that needs no
// caller.
func public(path string, h handlerFunc) route {
	return route{path: path, access: anyone, scope: scopeNone, call: func(r *request, _ *Caller) (*reply, error) { return h(r) }}
}

// named is what a call names of its scope, from data or filter (clients
// send either).
type named struct {
	BusinessSlug string `json:"business_slug"`
	VenueSlug    string `json:"venue_slug"`
}

// authorize is the one place a route's access and scope are enforced,
// before its handler runs. It resolves the caller of a token route, checks
// the scheme and venue the call names, and the role.
func (s *Server) authorize(r *request, rt *route) (*Caller, error) {
	if rt.access == anyone {
		return nil, nil
	}
	if rt.access == platform {
		return s.platformCaller(r)
	}
	c, err := s.caller(r.Request)
	if err != nil {
		return nil, err
	}
	var names []named
	for _, raw := range [][]byte{r.Data, r.Filter} {
		var n named
		if err := decode(raw, &n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	return c, rt.admits(c, names...)
}

// authorizeRaw is authorize for a non-envelope route: what it names is in
// the query string (an EventSource cannot send a body or headers).
func (s *Server) authorizeRaw(r *http.Request, rt *route) (*Caller, error) {
	if rt.access == anyone {
		return nil, nil
	}
	c, err := s.caller(r)
	if err != nil {
		return nil, err
	}
	q := r.URL.Query()
	return c, rt.admits(c, named{BusinessSlug: q.Get("business_slug"), VenueSlug: q.Get("venue_slug")})
}

// admits checks a resolved caller against the route: the token's scheme
// against every scheme named (1401: to another scheme the holder is not
// signed in), then the caller's kind and memberships (1403).
func (rt *route) admits(c *Caller, names ...named) error {
	for _, n := range names {
		if n.BusinessSlug != "" && n.BusinessSlug != c.SchemeSlug {
			return errSignIn()
		}
	}
	switch rt.access {
	case anySession:
		return nil
	case customer:
		if c.IsGuest {
			return errForbidden(rt.guest)
		}
		return nil
	}
	want := roles[rt.access]
	switch {
	case !c.HasRole(want...):
		return errForbidden("")
	case rt.scope == scopeScheme && !c.SchemeWide(want...):
		return errForbidden("")
	case rt.scope == scopeVenue:
		for _, n := range names {
			if n.VenueSlug != "" && !c.worksAtSlug(n.VenueSlug, want...) {
				return errForbidden("")
			}
		}
	}
	return nil
}

// errForbidden is 1403: a valid token of the scheme without the right to
// the call. A client keeps the token (unlike 1401).
func errForbidden(key string) error {
	if key == "" {
		key = "error.forbidden"
	}
	return &platter.Error{Code: platter.CodeForbidden, Message: key}
}
