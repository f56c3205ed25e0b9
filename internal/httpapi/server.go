// Package httpapi serves the v3 JSON API, the health and metrics endpoints
// and the embedded single-page app. It translates HTTP to domain calls and
// back; it knows nothing of SQL.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/config"
	"platter/internal/geo"
	"platter/internal/i18n"
	"platter/internal/media"
	"platter/internal/notify"
	"platter/internal/ordering"
	"platter/internal/schedule"
	"platter/internal/support"
	"platter/internal/tracing"
)

// Catalog is what the API needs of the catalogue store.
type Catalog interface {
	ListSchemes(ctx context.Context) ([]catalog.Scheme, error)
	SchemeBySlug(ctx context.Context, slug string) (*catalog.Scheme, error)
	VenuesOfScheme(ctx context.Context, schemeID int64) ([]catalog.Venue, error)
	MenuRef(ctx context.Context, schemeSlug, venueSlug string) (menuID, version int64, err error)
	Menu(ctx context.Context, menuID int64) (*catalog.Menu, error)
	// VenueMenuRef and VenueMenu are MenuRef and Menu as one venue offers
	// the menu: with its sold-out overrides (docs/architecture.md §9).
	VenueMenuRef(ctx context.Context, schemeSlug, venueSlug string) (catalog.VenueMenuRef, error)
	// at now (timed snoozes, dayparts: Menu.FreshUntil).
	VenueMenu(ctx context.Context, menuID, venueID int64, now time.Time) (*catalog.Menu, error)
	// The order board's venue controls.
	VenueControls(ctx context.Context, schemeID int64, venueSlug string, now time.Time) (*catalog.Venue,
		catalog.SoldOut, error)
	SetVenueControls(ctx context.Context, schemeID int64, venueSlug string, ch catalog.ControlsChange) error
	SetSoldOut(ctx context.Context, schemeID int64, venueSlug, kind string, refID int64, soldOut bool,
		until, now time.Time) error
	// MenuIDs are a menu's item and option ids by ref (the menu editor's).
	MenuIDs(ctx context.Context, schemeID int64, menuRef string) (catalog.MenuIDs, error)
	// SlotUsage is the places taken in a venue's slots starting in [from, to).
	SlotUsage(ctx context.Context, venueID int64, orderType int, from, to time.Time) (schedule.Usage, error)
}

// Health is what /readyz asks of the database.
type Health interface {
	Ping(ctx context.Context) error
	Pending(ctx context.Context) (int, error)
}

// Options wires a Server. Web and DemoAssets may be nil.
type Options struct {
	Config     *config.Config
	Logger     *slog.Logger
	Catalog    Catalog
	Health     Health
	Web        fs.FS // the built SPA (web/dist)
	DemoAssets fs.FS // images of the demo schemes
	Version    string
	// Geocoder answers the address search calls; nil means geo.NewBuiltin().
	Geocoder geo.Geocoder
	// Addresses stores customers' saved addresses; nil fails the address
	// calls with 1500.
	Addresses Addresses
	// Accounts stores users, sessions, codes and queued mail; nil serves
	// no signed-in calls (every token is refused).
	Accounts Accounts
	// Now is the clock (tests move it to expire codes); nil is time.Now.
	Now func() time.Time
	// MailQueued is called after a commit that queued mail, to wake the
	// mail worker at once; nil leaves it to the worker's poll.
	MailQueued func()
	// Timeouts of connections and calls; zero fields take DefaultTimeouts.
	Timeouts Timeouts
	// Passwords bounds concurrent password hashing; nil is
	// account.DefaultGate().
	Passwords *account.Gate
	// Orders stores orders, promo codes and offers (required).
	Orders Orders
	// Tracing, when set, gives each request a span whose trace id is its
	// request id (tracing.go); nil: tracing is off.
	Tracing *tracing.Tracing
	// Hub wakes the event streams; nil is a hub of this server's own
	// (fed by nobody: streams then only see events at their start).
	Hub *notify.Hub
	// Streams caps open event streams; zero fields take DefaultStreamLimits.
	Streams StreamLimits
	// Ordering is the order path (checkout's payment, webhooks,
	// transitions), built once by the caller over the payment provider.
	Ordering *ordering.Service
	// Support stores support requests and their photos; nil fails upload
	// and supports/insert with 1500.
	Support Support
	// Loyalty reads stamp cards for user/info; nil shows an empty card.
	Loyalty Loyalty
	// Team stores members, invitations and the outbox the back office
	// lists; nil fails those calls with 1503.
	Team Team
	// Media stores the back office's pictures (menu photos, logos); nil
	// fails their upload and serving with 1500.
	Media Media
	// Backoffice edits a scheme's document and keeps its audit log
	// (docs/architecture.md §10); nil fails those calls with 1503.
	Backoffice Backoffice
	// Platform keeps platform admins, their sessions and scheme creation
	// (docs/architecture.md §10); nil fails platform/* with 1503.
	Platform Platform
	// Printers keeps the venues' kitchen printers and their jobs
	// (docs/architecture.md §11); nil fails the printer calls with 1503.
	Printers Printers
	// Webhooks keeps a scheme's outbound webhook endpoints and their
	// delivery log (docs/architecture.md §11); nil fails those calls with 1503.
	Webhooks Webhooks
}

// Server is the HTTP side of one platter process.
type Server struct {
	workers *workers // the goroutines envelope calls run on (workers.go)
	cfg     *config.Config
	log     *slog.Logger
	cat     Catalog
	health  Health
	msgs    i18n.Catalog
	menus   *menuCache
	metrics *metrics
	gzip    *gzipper          // on-the-fly and menu cache compression (compress.go)
	shell   func() *appShell  // index.html and the route chunks, read once (shell.go)
	routes  map[string]*route // envelope calls by path (routes.go)
	// rawRoutes are the non-envelope routes, each its own mux pattern.
	rawRoutes map[string]*route
	web       fs.FS
	demo      fs.FS
	version   string
	handler   http.Handler

	geo       geo.Geocoder
	addresses Addresses

	accounts   Accounts
	clock      func() time.Time
	mailQueued func()

	timeouts Timeouts
	tracing  *tracing.Tracing
	draining atomic.Bool      // set by Drain: /readyz answers 503
	acct     *account.Service // nil when Accounts is nil

	orders   Orders
	tracking ordering.TrackingStore // the order path's (Ordering.Tracking)
	hub      *notify.Hub
	streams  *streamSet
	ordering *ordering.Service

	support Support
	loyalty Loyalty

	team       Team
	backoffice Backoffice
	platform   Platform
	passwords  *account.Gate    // the platform sign-in's; the account service has its own reference
	teamFlow   *account.Team    // nil when Team is nil
	photos     *support.Decoder // bounds concurrent photo decodes

	media  Media
	images *media.Processor // bounds concurrent picture decodes

	printers     Printers
	printerPolls pollLimiter // bounds each printer URL's requests
	webhooks     Webhooks
}

// New builds a Server; Handler serves it.
func New(o Options) *Server {
	s := &Server{
		cfg: o.Config, log: o.Logger, cat: o.Catalog, health: o.Health,
		msgs: i18n.MustLoad(), menus: newMenuCache(), workers: newWorkers(), web: o.Web, demo: o.DemoAssets,
		version: o.Version, metrics: newMetrics(),
		accounts: o.Accounts, clock: o.Now, mailQueued: o.MailQueued,
		timeouts: o.Timeouts.withDefaults(), tracing: o.Tracing,
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.gzip = newGzipper(s.metrics.reg)
	s.shell = sync.OnceValue(func() *appShell { return loadShell(o.Web) })
	s.addresses, s.backoffice, s.platform = o.Addresses, o.Backoffice, o.Platform
	s.printers = o.Printers
	s.webhooks = o.Webhooks
	if s.passwords = o.Passwords; s.passwords == nil {
		s.passwords = account.DefaultGate()
	}
	s.orders, s.ordering = o.Orders, o.Ordering
	s.hub = o.Hub
	if o.Ordering != nil { // nil only where a server is built to list its routes
		s.tracking = o.Ordering.Tracking()
	}
	if s.hub == nil {
		s.hub = notify.NewHub()
	}
	s.streams = newStreamSet(o.Streams, s.hub)
	s.metrics.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "platter_order_streams_open", Help: "Order event streams open on this instance.",
	}, func() float64 { return float64(s.OpenStreams()) }))
	if s.tracking != nil {
		s.streams.events = s.tracking.OrderEvents // the order path's store
	}
	s.acct = s.accountService(o)
	s.support, s.photos = o.Support, support.NewDecoder(0, 5*time.Second)
	s.loyalty = o.Loyalty
	s.media, s.images = o.Media, media.NewProcessor(0, 5*time.Second)
	s.team = o.Team
	s.teamFlow = s.teamFlows(o)
	if s.geo = o.Geocoder; s.geo == nil {
		s.geo = geo.NewBuiltin()
	}
	mux := http.NewServeMux()
	api := http.NewServeMux() // the v3 routes, inside the envelope's limits
	s.mountAPI(api, s.routeTable())
	calls := s.withCallLimits(s.dispatchAPI(api))
	mux.Handle("/api/v3/", calls)
	mux.HandleFunc("/healthz", s.healthz)
	mux.HandleFunc("/readyz", s.readyz)
	mux.HandleFunc("/metrics", http.NotFound) // served on PLATTER_METRICS_ADDR only (MetricsHandler)
	mux.HandleFunc("/demo-assets/", s.serveDemoAsset)
	s.mountAPIDocs(mux)
	mux.HandleFunc("/", s.serveSPA)
	s.handler = s.withRequestID(s.withSecurityHeaders(s.withMetrics(s.withHeaderLimit(s.withCompression(s.withRecover(s.apiFirst(mux, calls)))))))
	return s
}

// Handler is the root handler of the server.
func (s *Server) Handler() http.Handler { return s.handler }

// Registry exposes the metrics registry (for tests and extra collectors).
func (s *Server) Registry() *prometheus.Registry { return s.metrics.reg }

func sortStrings(s []string) { sort.Strings(s) }
