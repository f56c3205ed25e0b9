package httpapi

import (
	"net/http"
	"sort"
	"strings"

	"platter/internal/i18n"
	"platter/internal/platter"
)

// routeTable is every v3 route with who may call it and its scope: the
// permission table of docs/architecture.md §2. New calls (checkout, tracking, the
// board) add a row here; authorize enforces the row before the handler
// runs, and TestRoutePermissions calls every row as every kind of caller
// and fails for a served path it has no case for.
func (s *Server) routeTable() []route {
	return []route{
		public("general/shake-hand", s.shakeHand),
		public("general/schemes", s.listSchemes),
		public("venue/info", s.venueInfo),
		public("menu/list", s.menuList),
		public("stores/deliverable", s.storesDeliverable),
		public("venue/slots", s.venueSlots),
		// These three spend the operator's geocoder and phone quota; they
		// are rate limited, not signed in, since a guest checks out too.
		public("user/validate-contact-number", s.validateContactNumber),
		public("address/find-address", s.findAddress),
		public("address/find-address-detail", s.findAddressDetail),

		// The auth calls name their scheme and check it themselves;
		// signout revokes whatever token it is given.
		public("auth/signup", s.signUp),
		public("auth/verify", s.verify),
		public("auth/resend-confirmation", s.resendConfirmation),
		public("auth/signin", s.signIn),
		public("auth/forgotten-password", s.forgottenPassword),
		public("auth/reset-password", s.resetPassword),
		public("auth/guest", s.guest),
		public("auth/signout", s.signOut),
		// An invitation link (admin/team/invite mails it) is its own
		// credential: single use, expiring, bound to its scheme.
		public("auth/invitation", s.authInvitation),
		public("auth/accept-invitation", s.authAcceptInvitation),

		{path: "user/info", access: anySession, scope: scopeOwn, call: s.userInfo},
		{path: "address/list", access: anySession, scope: scopeOwn, call: s.addressList},
		{path: "address/upsert", access: customer, scope: scopeOwn, call: s.addressUpsert, guest: "address.guest"},
		{path: "address/delete", access: customer, scope: scopeOwn, call: s.addressDelete, guest: "address.guest"},

		// Checkout: any session of the scheme (guests check out too); an
		// order is its owner's alone (another's id is 1404).
		public("tipping/get", s.tippingGet),
		{path: "user/offers", access: anySession, scope: scopeOwn, call: s.userOffers},
		{path: "orders/quote", access: anySession, scope: scopeOwn, call: s.orderQuote},
		{path: "orders/prepare", access: anySession, scope: scopeOwn, call: s.orderPrepare},
		{path: "payments/confirm", access: anySession, scope: scopeOwn, call: s.paymentConfirm},
		// Stripe calls this; its signature, not a token, says who it is.
		{path: "payments/webhook/stripe", access: anyone, scope: scopeNone, method: http.MethodPost, raw: s.stripeWebhook},

		// After checkout. A guest follows and cancels their order too; the
		// history is a signed-in customer's. Staff of the order's venue may
		// read it as well (the handlers' reach).
		{path: "orders/list", access: customer, scope: scopeOwn, call: s.orderList, guest: "orders.guest"},
		{path: "orders/get", access: anySession, scope: scopeOwn, call: s.orderGet},
		{path: "orders/cancel", access: anySession, scope: scopeOwn, call: s.orderCancel},
		{path: "orders/stream-ticket", access: anySession, scope: scopeOwn, call: s.streamTicket},
		// The stream takes no token (EventSource sends no headers): its
		// ticket, bound to one order and one user, is checked instead.
		{path: "orders/stream", access: anyone, scope: scopeNone, method: http.MethodGet, raw: s.orderStream},
		{path: "admin/orders/list", access: staff, scope: scopeVenue, call: s.adminOrderList},
		{path: "admin/orders/transition", access: staff, scope: scopeVenue, call: s.adminOrderTransition},
		{path: "admin/orders/search", access: staff, scope: scopeVenue, call: s.adminOrderSearch},
		{path: "admin/orders/refund", access: staff, scope: scopeVenue, call: s.adminOrderRefund},
		{path: "driver/location", access: driver, scope: scopeOwn, call: s.driverLocation},
		{path: "driver/orders/list", access: driver, scope: scopeOwn, call: s.driverOrders},
		{path: "driver/orders/wait", access: driver, scope: scopeOwn, call: s.driverOrdersWait},

		// Support: a customer (a guest too: they follow their order) raises
		// a request about their own order, with photos they uploaded. A
		// photo is served to its uploader and the scheme's staff only.
		{path: "supports/insert", access: anySession, scope: scopeOwn, call: s.supportInsert},
		{path: "upload", access: anySession, scope: scopeOwn, method: http.MethodPost, raw: s.upload},
		{path: photoPath, access: anySession, scope: scopeOwn, method: http.MethodGet, raw: s.photo},
		// The back office's pictures (a manager uploads them through
		// upload with a purpose, held to imageUploader) are the
		// storefront's: anyone may fetch them, by scheme, id and size.
		{path: mediaPath, access: anyone, scope: scopeNone, method: http.MethodGet, raw: s.mediaVariant},

		{path: "admin/venues/list", access: staff, scope: scopeVenue, call: s.adminVenues},
		// The support inbox: staff of the order's venue, a manager of the
		// scheme (the handlers keep to the caller's venues).
		{path: "admin/support/list", access: staff, scope: scopeVenue, call: s.adminSupportList},
		{path: "admin/support/reply", access: staff, scope: scopeVenue, call: s.adminSupportReply},

		// The order board's venue controls (docs/architecture.md §9) and drivers: staff
		// of the venue named, or a manager. A driver moves and locates only
		// the orders assigned to them (the handlers' reach).
		{path: "admin/venues/controls", access: staff, scope: scopeVenue, call: s.adminVenueControls},
		{path: "admin/venues/controls/set", access: staff, scope: scopeVenue, call: s.adminVenueControlsSet},
		{path: "admin/venues/sold-out", access: staff, scope: scopeVenue, call: s.adminVenueSoldOut},
		{path: "admin/drivers/list", access: staff, scope: scopeVenue, call: s.adminDrivers},
		{path: "admin/orders/assign-driver", access: staff, scope: scopeVenue, call: s.adminAssignDriver},
		{path: "driver/orders/transition", access: driver, scope: scopeOwn, call: s.driverTransition},

		// The team and the outbox: a manager of the whole scheme.
		{path: "admin/team/list", access: manager, scope: scopeScheme, call: s.adminTeamList},
		{path: "admin/team/invite", access: manager, scope: scopeScheme, call: s.adminTeamInvite},
		{path: "admin/team/revoke", access: manager, scope: scopeScheme, call: s.adminTeamRevoke},
		{path: "admin/outbox/list", access: manager, scope: scopeScheme, call: s.adminOutboxList},
		// Outbound webhooks (docs/architecture.md §11): a manager of the whole scheme.
		{path: "admin/webhooks/list", access: manager, scope: scopeScheme, call: s.adminWebhooksList},
		{path: "admin/webhooks/upsert", access: manager, scope: scopeScheme, call: s.adminWebhooksUpsert},
		{path: "admin/webhooks/rotate-secret", access: manager, scope: scopeScheme, call: s.adminWebhooksRotate},
		{path: "admin/webhooks/deliveries", access: manager, scope: scopeScheme, call: s.adminWebhooksDeliveries},
		{path: "admin/webhooks/redeliver", access: manager, scope: scopeScheme, call: s.adminWebhooksRedeliver},
		// The scheme's document and its audit log (docs/architecture.md §10):
		// a manager of the whole scheme.
		{path: "admin/scheme/document", access: manager, scope: scopeScheme, call: s.adminSchemeDocument},
		{path: "admin/scheme/import", access: manager, scope: scopeScheme, call: s.adminSchemeImport},
		{path: "admin/audit/list", access: manager, scope: scopeScheme, call: s.adminAuditList},
		{path: "admin/scheme/update", access: manager, scope: scopeScheme, call: s.adminSchemeUpdate},
		{path: "admin/venues/upsert", access: manager, scope: scopeScheme, call: s.adminVenuesUpsert},
		// Customers and promotions (docs/architecture.md §10): a manager of the whole scheme.
		{path: "admin/customers/list", access: manager, scope: scopeScheme, call: s.adminCustomersList},
		{path: "admin/customers/get", access: manager, scope: scopeScheme, call: s.adminCustomersGet},
		{path: "admin/customers/export", access: manager, scope: scopeScheme, call: s.adminCustomersExport},
		{path: "admin/customers/erase", access: manager, scope: scopeScheme, call: s.adminCustomersErase},
		{path: "admin/promotions/list", access: manager, scope: scopeScheme, call: s.adminPromotionsList},
		{path: "admin/promotions/upsert", access: manager, scope: scopeScheme, call: s.adminPromotionsUpsert},
		{path: "admin/offers/upsert", access: manager, scope: scopeScheme, call: s.adminOffersUpsert},
		{path: "admin/loyalty/set", access: manager, scope: scopeScheme, call: s.adminLoyaltySet},
		// The platform console: a platform admin's token (auth/signin
		// without business_slug), never a scheme's.
		{path: "platform/schemes/list", access: platform, scope: scopeNone, call: s.platformSchemesList},
		{path: "platform/schemes/create", access: platform, scope: scopeNone, call: s.platformSchemesCreate},
		// The menu editor (docs/architecture.md §10): a manager of the whole scheme.
		{path: "admin/menu/get", access: manager, scope: scopeScheme, call: s.adminMenuGet},
		{path: "admin/menu/upsert-category", access: manager, scope: scopeScheme, call: s.adminMenuUpsertCategory},
		{path: "admin/menu/upsert-item", access: manager, scope: scopeScheme, call: s.adminMenuUpsertItem},
		{path: "admin/menu/upsert-modifier-category", access: manager, scope: scopeScheme,
			call: s.adminMenuUpsertModifierCategory},
		{path: "admin/menu/attach-modifier-category", access: manager, scope: scopeScheme,
			call: s.adminMenuAttachModifierCategory},
		{path: "admin/menu/remove", access: manager, scope: scopeScheme, call: s.adminMenuRemove},
		// Reports (docs/architecture.md §10): a manager of the whole scheme.
		// The CSV download is a link a browser follows without the token:
		// its own token (from admin/reports/export) is the credential,
		// bound to one scheme and one filter, for five minutes.
		{path: "admin/reports/sales", access: manager, scope: scopeScheme, call: s.adminReportsSales},
		{path: "admin/reports/export", access: manager, scope: scopeScheme, call: s.adminReportsExport},
		{path: reportCSVPath, access: anyone, scope: scopeNone, method: http.MethodGet, raw: s.adminReportsCSV},
		// The order board: a venue's orders in play and their live events;
		// the stream takes a ticket bound to one venue and one user instead
		// of a token (EventSource sends no headers).
		{path: "admin/orders/board", access: staff, scope: scopeVenue, call: s.adminOrderBoard},
		{path: "admin/orders/stream-ticket", access: staff, scope: scopeVenue, call: s.adminStreamTicket},
		{path: "admin/orders/stream", access: anyone, scope: scopeNone, method: http.MethodGet, raw: s.adminOrderStream},
		// Kitchen printers (docs/architecture.md §11): a manager of the
		// scheme keeps them; staff of the venue see their status (without
		// the URLs) and reprint an order's ticket. The printer's own URL
		// takes no token: the key in it is the credential (docs/printers.md).
		{path: "admin/printers/upsert", access: manager, scope: scopeScheme, call: s.adminPrintersUpsert},
		{path: "admin/printers/list", access: staff, scope: scopeVenue, call: s.adminPrintersList},
		{path: "admin/printers/delete", access: manager, scope: scopeScheme, call: s.adminPrintersDelete},
		{path: "admin/orders/reprint", access: staff, scope: scopeVenue, call: s.adminOrdersReprint},
		{path: printerPath, access: anyone, scope: scopeNone, method: "GET POST DELETE", raw: s.printerEndpoint},
	}
}

// mountAPI puts the route table on the mux. Envelope calls share one
// pattern, POST /api/v3/{path...}, served by serveAPI. A raw route gets a
// pattern of its own ("POST /api/v3/payments/webhook/stripe",
// "POST /api/v3/upload", "GET /api/v3/orders/stream"), more specific than
// the envelope's, so its body never meets the JSON reader. Everything else
// under /api/v3/ (another method, an unknown path) is answered in the
// envelope by apiFallback: 1405 with Allow, or 1404. What every envelope
// call gets (a deadline, the JSON-only body) belongs on the envelope
// pattern; a raw route takes only what suits it (the stream no deadline).
func (s *Server) mountAPI(mux *http.ServeMux, table []route) {
	s.routes = make(map[string]*route, len(table))
	s.rawRoutes = make(map[string]*route)
	for i := range table {
		rt := &table[i]
		if rt.raw == nil {
			s.routes[rt.path] = rt
			continue
		}
		s.rawRoutes[rt.path] = rt
		// A raw route may answer several methods ("GET POST DELETE": a
		// printer's URL), each its own pattern.
		for _, m := range strings.Fields(rt.method) {
			mux.HandleFunc(m+" /api/v3/"+rt.path, func(w http.ResponseWriter, r *http.Request) {
				s.serveRaw(w, r, rt)
			})
		}
	}
	mux.HandleFunc("POST /api/v3/{path...}", s.serveAPI)
	mux.HandleFunc("/api/v3/", s.apiFallback)
}

// dispatchAPI sends a POST to a known envelope path straight to its route
// and everything else through mux (raw routes, escaped or unclean paths,
// the wrong method): the pattern match allocated and cost a twentieth of a
// cached menu/list call, for an answer a map lookup gives.
func (s *Server) dispatchAPI(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.RawPath == "" {
			if rt, ok := s.routes[strings.TrimPrefix(r.URL.Path, "/api/v3/")]; ok {
				s.serveRoute(w, r, rt)
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// apiFirst sends a POST to a known envelope path straight to calls (the
// /api/v3/ subtree's handler) and everything else through mux: mux's match
// of the subtree pattern allocated three times on every call (issue 23),
// for the handler a map lookup names. A known path is clean and unescaped,
// so mux would neither redirect it nor pick another pattern.
func (s *Server) apiFirst(mux *http.ServeMux, calls http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.RawPath == "" && strings.HasPrefix(r.URL.Path, "/api/v3/") {
			if _, ok := s.routes[r.URL.Path[len("/api/v3/"):]]; ok {
				calls.ServeHTTP(w, r)
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// serveAPI runs one envelope call the mux matched.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	rt, ok := s.routes[r.PathValue("path")]
	if !ok {
		s.apiFallback(w, r)
		return
	}
	s.serveRoute(w, r, rt)
}

// serveRoute runs one envelope call: decode the body, enforce the route's
// row, then its handler with the resolved caller.
func (s *Server) serveRoute(w http.ResponseWriter, r *http.Request, rt *route) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	req, err := readRequest(w, r)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	c, err := s.authorize(req, rt)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	rep, err := rt.call(req, c)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	writeReply(w, rep)
}

// serveRaw runs a non-envelope route after the same enforcement.
func (s *Server) serveRaw(w http.ResponseWriter, r *http.Request, rt *route) {
	c, err := s.authorizeRaw(r, rt)
	if err != nil {
		s.writeError(w, r, i18n.Negotiate(r.Header.Get("Accept-Language")), err)
		return
	}
	rt.raw(w, r, c)
}

// rawRoute finds the raw route of a path under /api/v3/: by name, or by a
// pattern with {wildcards} ("printers/{key}"), one segment each.
func (s *Server) rawRoute(path string) (*route, bool) {
	if rt, ok := s.rawRoutes[path]; ok {
		return rt, true
	}
	for p, rt := range s.rawRoutes {
		if strings.Contains(p, "{") && patternMatches(p, path) {
			return rt, true
		}
	}
	return nil, false
}

func patternMatches(pattern, path string) bool {
	for pattern != "" && path != "" {
		want, restPattern, _ := strings.Cut(pattern, "/")
		got, restPath, _ := strings.Cut(path, "/")
		if got == "" || !strings.HasPrefix(want, "{") && want != got {
			return false
		}
		pattern, path = restPattern, restPath
	}
	return pattern == "" && path == ""
}

// apiFallback answers what no route pattern took: a known path with the
// wrong method is 1405 (Allow names the right one), anything else 1404.
func (s *Server) apiFallback(w http.ResponseWriter, r *http.Request) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	path := strings.TrimPrefix(r.URL.Path, "/api/v3/")
	allow := ""
	if _, ok := s.routes[path]; ok {
		allow = http.MethodPost
	} else if rt, ok := s.rawRoute(path); ok {
		allow = strings.Join(strings.Fields(rt.method), ", ")
	}
	if allow == "" {
		s.writeError(w, r, lang, &platter.Error{Code: platter.CodeNotFound, Message: "error.unknown_path"})
		return
	}
	w.Header().Set("Allow", allow)
	s.writeError(w, r, lang, &platter.Error{Code: platter.CodeMethod, Message: "error.method",
		Params: map[string]string{"method": allow}})
}

// Routes lists the v3 paths the server implements, sorted.
func (s *Server) Routes() []string {
	out := make([]string, 0, len(s.routes)+len(s.rawRoutes))
	for p := range s.routes {
		out = append(out, p)
	}
	for p := range s.rawRoutes {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Permissions describes each route's row as "access/scope" (e.g.
// "customer/own"), so a test outside the package can hold the table to the
// behaviour it expects.
func (s *Server) Permissions() map[string]string {
	out := make(map[string]string, len(s.routes)+len(s.rawRoutes))
	for _, m := range []map[string]*route{s.routes, s.rawRoutes} {
		for p, rt := range m {
			out[p] = rt.access.String() + "/" + rt.scope.String()
		}
	}
	return out
}

// Methods gives each route's HTTP methods: POST for the envelope calls, a
// raw route's own otherwise (space-separated when it answers several: a
// printer's URL is "GET POST DELETE"), so a test outside the package can hold
// api/openapi.yaml to the table.
func (s *Server) Methods() map[string]string {
	out := make(map[string]string, len(s.routes)+len(s.rawRoutes))
	for p := range s.routes {
		out[p] = http.MethodPost
	}
	for p, rt := range s.rawRoutes {
		out[p] = rt.method
	}
	return out
}
