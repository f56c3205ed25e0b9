// Command platter is the whole Platter product in one binary: the API, the
// storefront, the back office and the tools to run them. This file is wiring
// only; the work happens in internal/.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/config"
	"platter/internal/geo"
	"platter/internal/httpapi"
	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/store"
	"platter/internal/tracing"
	"platter/web"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal a second one ends the process at once (the
	// default action), e.g. a second Ctrl-C during the shutdown delay.
	go func() {
		<-ctx.Done()
		stop()
	}()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	var usage usageError
	switch {
	case err == nil:
	case errors.As(err, &usage):
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "platter:", err)
		os.Exit(1)
	}
}

type usageError string

func (e usageError) Error() string { return string(e) }

const usage = `platter — white-label online ordering

Usage:
  platter serve              serve the API and the web app (migrates first)
  platter migrate            apply database migrations and exit
  platter demo               load the demo schemes (idempotent)
  platter import FILE.json   create or update a scheme from one JSON document
  platter user               manage platform users (staff, drivers, admins)
  platter mail-preview DIR   write every mail of every scheme (en-US, pl-PL) to DIR (.html, .txt)
  platter backup FILE        copy a SQLite database to FILE while it serves (PostgreSQL: pg_dump)

Run "platter serve --help" for the configuration variables.`

// run is the whole program, so a test can boot it: args without the program
// name, getenv for configuration, and where output goes.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError(usage)
	}
	cmd, rest := args[0], args[1:]
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		fmt.Fprintln(stdout, usage)
		return nil
	}
	fs := flag.NewFlagSet("platter "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: platter %s\n\n%s", cmd, config.Help())
	}
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError(err.Error())
	}
	cfg, err := config.Load(getenv, nil)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	switch cmd {
	case "serve":
		return serve(ctx, cfg, getenv, log, stdout)
	case "migrate":
		return withStore(ctx, cfg, func(db *store.DB) error {
			fmt.Fprintln(stdout, "migrations applied")
			return nil
		})
	case "demo":
		return withStore(ctx, cfg, func(db *store.DB) error { return loadDemo(ctx, db, stdout) })
	case "import":
		if fs.NArg() != 1 {
			return usageError("usage: platter import FILE.json")
		}
		return withStore(ctx, cfg, func(db *store.DB) error { return importFile(ctx, db, fs.Arg(0), stdout) })
	case "user":
		return userCommand(ctx, cfg, fs.Args(), stdout, stderr)
	case "backup":
		if fs.NArg() != 1 {
			return usageError("usage: platter backup FILE")
		}
		return withStore(ctx, cfg, func(db *store.DB) error {
			if err := db.Backup(ctx, fs.Arg(0)); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "backed up to %s (checked)\n", fs.Arg(0))
			return nil
		})
	case "mail-preview":
		if fs.NArg() != 1 {
			return usageError("usage: platter mail-preview DIR")
		}
		return mailPreview(ctx, cfg, fs.Arg(0), stdout)
	}
	return usageError(fmt.Sprintf("unknown command %q\n\n%s", cmd, usage))
}

// withStore opens and migrates the database, runs fn, and closes it.
func withStore(ctx context.Context, cfg *config.Config, fn func(*store.DB) error) error {
	db, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

// openStore opens the configured database and applies pending migrations
// (several instances may do so at once: the store serialises them).
func openStore(ctx context.Context, cfg *config.Config) (*store.DB, error) {
	db, err := store.OpenWith(ctx, cfg.DatabaseURL,
		store.Options{MaxConns: cfg.DBMaxConns, StatementTimeout: cfg.DBStatementTimeout})
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return db, nil
}

func loadDemo(ctx context.Context, db *store.DB, stdout io.Writer) error {
	for _, doc := range demo.Documents() {
		if err := importDoc(ctx, db, doc.Name, doc.Data, stdout); err != nil {
			return err
		}
	}
	return loadDemoStaff(ctx, db, stdout)
}

func importFile(ctx context.Context, db *store.DB, path string, stdout io.Writer) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return importDoc(ctx, db, path, b, stdout)
}

// importDoc validates one scheme document, listing every problem by its JSON
// path, and imports it.
func importDoc(ctx context.Context, db *store.DB, name string, b []byte, stdout io.Writer) error {
	doc, problems := catalog.ParseSchemeDoc(b)
	if len(problems) > 0 {
		lines := make([]string, 0, len(problems))
		for _, p := range problems {
			lines = append(lines, fmt.Sprintf("  %s: %s", p.Path, p.Message))
		}
		return fmt.Errorf("%s is not a valid scheme document:\n%s", name, strings.Join(lines, "\n"))
	}
	res, err := db.ImportScheme(ctx, doc)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	fmt.Fprintf(stdout, "%s: %s\n", name, res)
	return nil
}

// newGeocoder builds the address search provider PLATTER_GEOCODER names;
// config.Load has already checked the settings each one needs.
func newGeocoder(cfg *config.Config) geo.Geocoder {
	switch cfg.Geocoder {
	case "nominatim":
		// Nominatim's usage policy asks for a User-Agent that identifies the
		// application and how to reach whoever runs it.
		return geo.NewNominatim(cfg.NominatimURL, "Platter/1 (+"+cfg.PublicURL+")", nil)
	case "google":
		return geo.NewGoogle("", cfg.GoogleMapsKey, nil)
	}
	return geo.NewBuiltin()
}

// serve runs the HTTP server, the metrics listener and the background jobs
// until ctx ends, then stops them in order (shutdown).
func serve(ctx context.Context, cfg *config.Config, getenv func(string) string, log *slog.Logger, stdout io.Writer) error {
	// Tracing first, so its shutdown (deferred first) runs last and exports
	// the spans of the drained requests and stopped jobs.
	tr, err := tracing.FromEnv(ctx, getenv, version)
	if err != nil {
		return err
	}
	if tr != nil {
		tracing.SetGlobal(tr)
		defer func() { _ = tr.Shutdown(ctx) }()
		log.Info("tracing on: spans are sent over OTLP/HTTP", "endpoint", tracing.Endpoint(getenv))
	}
	db, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	now := cfg.Clock()
	if !cfg.ClockStart.IsZero() {
		log.Warn("PLATTER_CLOCK is set: this server's clock is not the real time (tests and demos only)", "starts_at", now())
	}
	// Order mails (receipt, status changes, support) are queued by the
	// store in the transaction of the change, in the customer's language,
	// with links under the public URL.
	db.SetOrderMail(mail.Composer{PublicURL: cfg.PublicURL})
	orders := ordering.NewService(db, newPayments(cfg), log, now).LimitUnpaid(cfg.UnpaidOrdersMax)
	bg, err := startBackground(cfg, db, orders, log, now)
	if err != nil {
		return err
	}
	// Deferred after db.Close, so it runs first: the jobs stop (after the
	// HTTP server has drained) before the database closes.
	defer bg.stop()
	api := httpapi.New(httpapi.Options{
		Config: cfg, Logger: log, Catalog: db, Health: db, Web: web.Dist(), DemoAssets: demo.Assets(),
		Version: version, Geocoder: newGeocoder(cfg), Addresses: db, Accounts: db, MailQueued: bg.mail, Now: now,
		Orders: db, Hub: bg.hub, Ordering: orders, Support: db, Loyalty: db, Team: db, Backoffice: db, Platform: db, Printers: db, Webhooks: db,
		Streams: httpapi.StreamLimits{PerUser: cfg.StreamsPerUser, Total: cfg.StreamsMax},
		Media:   db, Tracing: tr,
	})
	registerStoreMetrics(api.Registry(), db)
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := api.HTTPServer(slog.NewLogLogger(log.Handler(), slog.LevelWarn))
	log.Info("platter serving", "addr", ln.Addr().String(), "version", version, "database", db.Dialect())
	fmt.Fprintf(stdout, "platter listening on http://%s\n", ln.Addr())
	metrics := serveMetrics(cfg, api, log, stdout)
	defer metrics.Close()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	return shutdown(api, srv, cfg, log)
}

// registerStoreMetrics puts the database statements and transactions this
// instance sent on /metrics (bench/checkout.sh divides them by checkouts).
func registerStoreMetrics(reg prometheus.Registerer, db *store.DB) {
	reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "platter_db_statements_total",
			Help: "SQL statements sent to the database (each a round trip on PostgreSQL)."},
			func() float64 { n, _ := db.Statements(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "platter_db_transactions_total",
			Help: "Database transactions (a BEGIN and a COMMIT or ROLLBACK each)."},
			func() float64 { _, n := db.Statements(); return float64(n) }))
}

// serveMetrics runs /metrics on PLATTER_METRICS_ADDR, never on the public
// listener. A taken port is logged, not fatal: the shop must not go down
// because a second instance on the machine holds the metrics port.
func serveMetrics(cfg *config.Config, api *httpapi.Server, log *slog.Logger, stdout io.Writer) *http.Server {
	srv := &http.Server{Handler: api.MetricsHandler(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	if cfg.MetricsAddr == "" {
		return srv
	}
	ln, err := net.Listen("tcp", cfg.MetricsAddr)
	if err != nil {
		log.Error("metrics listener not started", "addr", cfg.MetricsAddr, "err", err)
		return srv
	}
	fmt.Fprintf(stdout, "platter metrics on http://%s/metrics\n", ln.Addr())
	go func() { _ = srv.Serve(ln) }()
	return srv
}

// shutdown stops serving in the order a load balancer needs: /readyz answers
// 503 for PLATTER_SHUTDOWN_DELAY while everything else is still served, then
// the listener closes and in-flight requests have PLATTER_SHUTDOWN_TIMEOUT
// to finish. Requests cut off by that timeout make the process exit 1, so a
// supervisor sees that the stop lost work.
func shutdown(api *httpapi.Server, srv *http.Server, cfg *config.Config, log *slog.Logger) error {
	api.Drain()
	log.Info("stopping: /readyz answers 503", "delay", cfg.ShutdownDelay.String())
	time.Sleep(cfg.ShutdownDelay)
	log.Info("shutting down: draining in-flight requests", "timeout", cfg.ShutdownTimeout.String())
	ctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("shutdown: in-flight requests did not finish within %s (%v)", cfg.ShutdownTimeout, err)
	}
	log.Info("stopped cleanly")
	return nil
}
