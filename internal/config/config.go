// Package config loads Platter's configuration from PLATTER_* environment
// variables (docs/architecture.md §4b). Every variable is optional; secrets may also be
// given as NAME_FILE. Load validates everything and lists every problem.
package config

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the whole configuration of one platter process.
type Config struct {
	Addr                 string
	DatabaseURL          string
	PublicURL            string
	SMTPURL              string
	MailFrom             string
	Payments             string
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeAPIBase        string
	Geocoder             string
	NominatimURL         string
	GoogleMapsKey        string
	TileURL              string
	AutoRejectMinutes    int
	// DBMaxConns caps this instance's PostgreSQL connections.
	DBMaxConns int
	// DBStatementTimeout is PostgreSQL's statement_timeout for every
	// connection (0: none).
	DBStatementTimeout time.Duration
	// TrustedProxies are the load balancers whose X-Forwarded-For is believed
	// when telling clients apart (rate limits).
	TrustedProxies []netip.Prefix
	// MetricsAddr is the private listener of /metrics; empty: none.
	MetricsAddr string
	// StreamsPerUser and StreamsMax cap the order event streams one user,
	// and this whole instance, may hold open at once.
	StreamsPerUser, StreamsMax int
	// UnpaidOrdersMax caps the open unpaid orders one session, and one
	// client, may hold at a scheme (PLATTER_UNPAID_ORDERS_MAX).
	UnpaidOrdersMax int
	// ShutdownDelay is how long /readyz answers 503 before the listener
	// closes, so load balancers stop sending first; ShutdownTimeout bounds
	// the drain of in-flight requests after it.
	ShutdownDelay, ShutdownTimeout time.Duration
	// ClockStart, when set (PLATTER_CLOCK), is the instant the process's
	// clock starts at; see Clock.
	ClockStart time.Time
	// WebhooksAllowPrivate lets outbound webhooks reach loopback and
	// private networks (PLATTER_WEBHOOKS_ALLOW_PRIVATE=1).
	WebhooksAllowPrivate bool
}

// Var documents one variable for `platter serve --help`.
type Var struct {
	Name, Default, Meaning string
	Secret                 bool
}

// Vars lists every variable, in the order of docs/architecture.md §4b.
var Vars = []Var{
	{"PLATTER_ADDR", ":8080", "listen address", false},
	{"PLATTER_DATABASE_URL", "sqlite:./data/platter.db", "sqlite:PATH or postgres://…", true},
	{"PLATTER_PUBLIC_URL", "http://localhost:8080", "base URL for links in e-mails, canonical and Open Graph URLs, robots.txt and sitemap.xml", false},
	{"PLATTER_SMTP_URL", "", "smtp://user:pass@host:port (STARTTLS when offered) or smtps://… (implicit TLS); empty: mail goes to the outbox table and the log", true},
	{"PLATTER_MAIL_FROM", "Platter <no-reply@localhost>", "sender address of e-mails (each scheme's mail is sent from it under the scheme's name)", false},
	{"PLATTER_PAYMENTS", "sandbox", "sandbox or stripe", false},
	{"PLATTER_STRIPE_SECRET_KEY", "", "Stripe secret key", true},
	{"PLATTER_STRIPE_PUBLISHABLE_KEY", "", "Stripe publishable key", false},
	{"PLATTER_STRIPE_WEBHOOK_SECRET", "", "Stripe webhook signing secret", true},
	{"PLATTER_STRIPE_API_BASE", "https://api.stripe.com", "another Stripe base URL (stripe-mock in tests)", false},
	{"PLATTER_GEOCODER", "builtin", "builtin, nominatim or google", false},
	{"PLATTER_NOMINATIM_URL", "", "Nominatim base URL (PLATTER_GEOCODER=nominatim)", false},
	{"PLATTER_GOOGLE_MAPS_KEY", "", "Google Maps Platform key (PLATTER_GEOCODER=google)", true},
	{"PLATTER_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "map tiles for the browser", false},
	{"PLATTER_AUTO_REJECT_MINUTES", "13", "paid orders nobody accepted are rejected and refunded this many minutes after payment (a pre-order: after its kitchen start, slot less prep and delivery minutes, when later)", false},
	{"PLATTER_DB_MAX_CONNS", "20", "PostgreSQL connections this instance may open at most (1–1000); instances × this must stay under the server's max_connections", false},
	{"PLATTER_DB_STATEMENT_TIMEOUT", "30s", "PostgreSQL statement_timeout (a Go duration like 5s or 1m; 0 = none): a longer statement is cancelled and its request answers 1503", false},
	{"PLATTER_TRUSTED_PROXIES", "", "comma-separated IPs or CIDRs of load balancers whose X-Forwarded-For names the client (e.g. 10.0.0.0/8) and whose X-Request-Id is kept; empty: the peer address is the client", false},
	{"PLATTER_STREAMS_PER_USER", "5", "order event streams (live order pages) one user may hold open at once on this instance (1–100000); more answer 429", false},
	{"PLATTER_STREAMS_MAX", "20000", "order event streams this instance holds open at once (1–1000000; each takes a connection, so keep it under the open-files limit, ulimit -n); more answer 503", false},
	{"PLATTER_UNPAID_ORDERS_MAX", "3", "open unpaid orders one session, and one client (IP address, IPv6 /64), may hold at a scheme (1–1000); another prepare answers 429 until one is paid or lapses", false},
	{"PLATTER_METRICS_ADDR", "127.0.0.1:9090", "private listener of Prometheus /metrics (never the public one); off: none", false},
	{"PLATTER_SHUTDOWN_DELAY", "5s", "on SIGTERM, how long /readyz answers 503 before the listener closes (let load balancers notice)", false},
	{"PLATTER_SHUTDOWN_TIMEOUT", "10s", "then how long in-flight requests may take to finish; past it the process exits with status 1", false},
	{"PLATTER_WEBHOOKS_ALLOW_PRIVATE", "0", "1: outbound webhooks may reach loopback and private networks (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), e.g. a till on the premises' network or a test receiver; link-local (cloud metadata), multicast and reserved addresses stay refused; 0: only public addresses", false},
	{"OTEL_EXPORTER_OTLP_ENDPOINT", "", "OpenTelemetry collector base URL (e.g. http://collector:4318): a span per request, store transaction and provider call goes there over OTLP/HTTP (protobuf), and the request id becomes the trace id; the standard OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION, _CERTIFICATE, OTEL_SERVICE_NAME (platter), OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER and OTEL_SDK_DISABLED apply; empty: tracing off, nothing started", false},
	{"PLATTER_CLOCK", "", "for tests and demos only: an RFC 3339 instant the server's clock starts at (then runs at the normal pace), so opening hours, slots and expiry behave as at that moment; empty: the real time", false},
}

// Load reads the configuration through getenv (os.Getenv in production, a
// map in tests). readFile reads *_FILE secrets; nil means os.ReadFile.
func Load(getenv func(string) string, readFile func(string) ([]byte, error)) (*Config, error) {
	if readFile == nil {
		readFile = os.ReadFile
	}
	var problems []string
	get := func(name string) string {
		for _, v := range Vars {
			if v.Name != name {
				continue
			}
			val := getenv(name)
			if f := getenv(name + "_FILE"); v.Secret && f != "" {
				if val != "" {
					problems = append(problems, fmt.Sprintf("%s and %s_FILE are both set: use one", name, name))
				}
				b, err := readFile(f)
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s_FILE: %v", name, err))
				}
				val = strings.TrimSpace(string(b))
			}
			if val == "" {
				val = v.Default
			}
			return val
		}
		panic("config: undocumented variable " + name)
	}
	c := &Config{
		Addr:                 get("PLATTER_ADDR"),
		DatabaseURL:          get("PLATTER_DATABASE_URL"),
		PublicURL:            strings.TrimRight(get("PLATTER_PUBLIC_URL"), "/"),
		SMTPURL:              get("PLATTER_SMTP_URL"),
		MailFrom:             get("PLATTER_MAIL_FROM"),
		Payments:             get("PLATTER_PAYMENTS"),
		StripeSecretKey:      get("PLATTER_STRIPE_SECRET_KEY"),
		StripePublishableKey: get("PLATTER_STRIPE_PUBLISHABLE_KEY"),
		StripeWebhookSecret:  get("PLATTER_STRIPE_WEBHOOK_SECRET"),
		StripeAPIBase:        strings.TrimRight(get("PLATTER_STRIPE_API_BASE"), "/"),
		Geocoder:             get("PLATTER_GEOCODER"),
		NominatimURL:         get("PLATTER_NOMINATIM_URL"),
		GoogleMapsKey:        get("PLATTER_GOOGLE_MAPS_KEY"),
		TileURL:              get("PLATTER_TILE_URL"),
	}
	problems = append(problems, c.validate(get("PLATTER_AUTO_REJECT_MINUTES"))...)
	problems = append(problems, c.parseProxies(get("PLATTER_TRUSTED_PROXIES"))...)
	problems = append(problems, c.parseDB(get("PLATTER_DB_MAX_CONNS"), get("PLATTER_DB_STATEMENT_TIMEOUT"))...)
	problems = append(problems, c.loadHTTP(get)...)
	problems = append(problems, c.parseStreams(get("PLATTER_STREAMS_PER_USER"), get("PLATTER_STREAMS_MAX"))...)
	if n, err := strconv.Atoi(get("PLATTER_UNPAID_ORDERS_MAX")); err != nil || n < 1 || n > 1000 {
		problems = append(problems, fmt.Sprintf("PLATTER_UNPAID_ORDERS_MAX %q: must be a whole number from 1 to 1000",
			get("PLATTER_UNPAID_ORDERS_MAX")))
	} else {
		c.UnpaidOrdersMax = n
	}
	switch v := get("PLATTER_WEBHOOKS_ALLOW_PRIVATE"); v {
	case "0", "1":
		c.WebhooksAllowPrivate = v == "1"
	default:
		problems = append(problems, fmt.Sprintf("PLATTER_WEBHOOKS_ALLOW_PRIVATE %q: must be 0 or 1", v))
	}
	problems = append(problems, c.parseClock(get("PLATTER_CLOCK"))...)
	if len(problems) > 0 {
		return nil, errors.New("invalid configuration:\n  - " + strings.Join(problems, "\n  - "))
	}
	return c, nil
}

func (c *Config) validate(autoReject string) []string {
	var p []string
	if _, _, err := splitHostPort(c.Addr); err != nil {
		p = append(p, fmt.Sprintf("PLATTER_ADDR %q: %v", c.Addr, err))
	}
	if !strings.HasPrefix(c.DatabaseURL, "sqlite:") && !strings.HasPrefix(c.DatabaseURL, "postgres://") &&
		!strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		p = append(p, "PLATTER_DATABASE_URL must start with sqlite:, postgres:// or postgresql://")
	}
	p = append(p, checkURL("PLATTER_PUBLIC_URL", c.PublicURL, "http", "https")...)
	if c.SMTPURL != "" {
		p = append(p, checkURL("PLATTER_SMTP_URL", c.SMTPURL, "smtp", "smtps")...)
	}
	switch c.Payments {
	case "sandbox":
	case "stripe":
		if c.StripeSecretKey == "" {
			p = append(p, "PLATTER_PAYMENTS=stripe needs PLATTER_STRIPE_SECRET_KEY")
		}
		if c.StripePublishableKey == "" {
			p = append(p, "PLATTER_PAYMENTS=stripe needs PLATTER_STRIPE_PUBLISHABLE_KEY")
		}
		if c.StripeWebhookSecret == "" {
			p = append(p, "PLATTER_PAYMENTS=stripe needs PLATTER_STRIPE_WEBHOOK_SECRET")
		}
		p = append(p, checkURL("PLATTER_STRIPE_API_BASE", c.StripeAPIBase, "http", "https")...)
	default:
		p = append(p, fmt.Sprintf("PLATTER_PAYMENTS %q: must be sandbox or stripe", c.Payments))
	}
	switch c.Geocoder {
	case "builtin":
	case "nominatim":
		if c.NominatimURL == "" {
			p = append(p, "PLATTER_GEOCODER=nominatim needs PLATTER_NOMINATIM_URL")
		} else {
			p = append(p, checkURL("PLATTER_NOMINATIM_URL", c.NominatimURL, "http", "https")...)
		}
	case "google":
		if c.GoogleMapsKey == "" {
			p = append(p, "PLATTER_GEOCODER=google needs PLATTER_GOOGLE_MAPS_KEY")
		}
	default:
		p = append(p, fmt.Sprintf("PLATTER_GEOCODER %q: must be builtin, nominatim or google", c.Geocoder))
	}
	if !strings.Contains(c.TileURL, "{z}") || !strings.Contains(c.TileURL, "{x}") || !strings.Contains(c.TileURL, "{y}") {
		p = append(p, fmt.Sprintf("PLATTER_TILE_URL %q: must contain {z}, {x} and {y}", c.TileURL))
	}
	n, err := strconv.Atoi(autoReject)
	if err != nil || n < 1 {
		p = append(p, fmt.Sprintf("PLATTER_AUTO_REJECT_MINUTES %q: must be a whole number of minutes ≥ 1", autoReject))
	}
	c.AutoRejectMinutes = n
	return p
}

func checkURL(name, raw string, schemes ...string) []string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return []string{fmt.Sprintf("%s %q: not a URL", name, raw)}
	}
	for _, s := range schemes {
		if u.Scheme == s {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s %q: scheme must be %s", name, raw, strings.Join(schemes, " or "))}
}

func splitHostPort(addr string) (string, int, error) {
	i := strings.LastIndex(addr, ":")
	if i < 0 {
		return "", 0, errors.New("want host:port or :port")
	}
	port, err := strconv.Atoi(addr[i+1:])
	if err != nil || port < 0 || port > 65535 {
		return "", 0, errors.New("bad port")
	}
	return addr[:i], port, nil
}

func (c *Config) parseProxies(list string) []string {
	var p []string
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			if a, err := netip.ParseAddr(f); err == nil {
				c.TrustedProxies = append(c.TrustedProxies, netip.PrefixFrom(a, a.BitLen()))
				continue
			}
		}
		pre, err := netip.ParsePrefix(f)
		if err != nil {
			p = append(p, fmt.Sprintf("PLATTER_TRUSTED_PROXIES %q: not an IP or CIDR", f))
			continue
		}
		c.TrustedProxies = append(c.TrustedProxies, pre.Masked())
	}
	return p
}

// parseStreams reads the caps on open order event streams.
func (c *Config) parseStreams(perUser, total string) []string {
	var p []string
	n, err := strconv.Atoi(perUser)
	if err != nil || n < 1 || n > 100000 {
		p = append(p, fmt.Sprintf("PLATTER_STREAMS_PER_USER %q: must be a whole number from 1 to 100000", perUser))
	}
	c.StreamsPerUser = n
	n, err = strconv.Atoi(total)
	if err != nil || n < 1 || n > 1000000 {
		p = append(p, fmt.Sprintf("PLATTER_STREAMS_MAX %q: must be a whole number from 1 to 1000000", total))
	}
	c.StreamsMax = n
	return p
}

// parseDB reads the PostgreSQL pool settings.
func (c *Config) parseDB(maxConns, timeout string) []string {
	var p []string
	n, err := strconv.Atoi(maxConns)
	if err != nil || n < 1 || n > 1000 {
		p = append(p, fmt.Sprintf("PLATTER_DB_MAX_CONNS %q: must be a whole number from 1 to 1000", maxConns))
	}
	c.DBMaxConns = n
	d, err := time.ParseDuration(timeout)
	if err != nil || d < 0 || (d > 0 && d < time.Millisecond) {
		p = append(p, fmt.Sprintf("PLATTER_DB_STATEMENT_TIMEOUT %q: must be a duration like 30s (at least 1ms) or 0 for none", timeout))
	}
	c.DBStatementTimeout = d
	return p
}

// TileHost is the origin of the tile URL, for the Content-Security-Policy.
func (c *Config) TileHost() string {
	u, err := url.Parse(strings.NewReplacer("{s}", "a", "{z}", "0", "{x}", "0", "{y}", "0", "{r}", "").Replace(c.TileURL))
	if err != nil || u.Host == "" {
		return ""
	}
	host := u.Host
	if strings.Contains(c.TileURL, "{s}.") {
		host = "*." + strings.SplitN(host, ".", 2)[1]
	}
	return u.Scheme + "://" + host
}

// Help is the text of `platter serve --help`: every variable, its default
// and meaning.
func Help() string {
	var b strings.Builder
	b.WriteString("Environment (all optional; secrets marked * may also be given as NAME_FILE):\n")
	for _, v := range Vars {
		star := " "
		if v.Secret {
			star = "*"
		}
		def := v.Default
		if def == "" {
			def = "(empty)"
		}
		fmt.Fprintf(&b, "  %s%-32s default %s\n      %s\n", star, v.Name, def, v.Meaning)
	}
	return b.String()
}
