package config_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"platter/internal/config"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != "sqlite:./data/platter.db" || c.Payments != "sandbox" ||
		c.Geocoder != "builtin" || c.AutoRejectMinutes != 13 || c.PublicURL != "http://localhost:8080" {
		t.Errorf("defaults: %+v", c)
	}
	if got := c.TileHost(); got != "https://tile.openstreetmap.org" {
		t.Errorf("TileHost = %q", got)
	}
}

func TestEveryProblemIsListed(t *testing.T) {
	_, err := config.Load(env(map[string]string{
		"PLATTER_ADDR":                "nonsense",
		"PLATTER_DATABASE_URL":        "mysql://x",
		"PLATTER_PAYMENTS":            "stripe",
		"PLATTER_GEOCODER":            "bing",
		"PLATTER_AUTO_REJECT_MINUTES": "soon",
		"PLATTER_SMTP_URL":            "http://mail",
	}), nil)
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{"PLATTER_ADDR", "PLATTER_DATABASE_URL", "PLATTER_STRIPE_SECRET_KEY",
		"PLATTER_STRIPE_WEBHOOK_SECRET", "PLATTER_GEOCODER", "PLATTER_AUTO_REJECT_MINUTES", "PLATTER_SMTP_URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %s:\n%v", want, err)
		}
	}
}

func TestSecretFromFile(t *testing.T) {
	files := map[string]string{"/run/secrets/db": "postgres://u:p@db/platter\n"}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	c, err := config.Load(env(map[string]string{"PLATTER_DATABASE_URL_FILE": "/run/secrets/db"}), read)
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "postgres://u:p@db/platter" {
		t.Errorf("DatabaseURL = %q", c.DatabaseURL)
	}
	_, err = config.Load(env(map[string]string{"PLATTER_SMTP_URL_FILE": "/missing"}), read)
	if err == nil || !strings.Contains(err.Error(), "PLATTER_SMTP_URL_FILE") {
		t.Errorf("missing secret file: %v", err)
	}
}

func TestHelpListsEveryVariable(t *testing.T) {
	h := config.Help()
	for _, v := range config.Vars {
		if !strings.Contains(h, v.Name) {
			t.Errorf("help lacks %s", v.Name)
		}
	}
}

func TestStreamCaps(t *testing.T) {
	c, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.StreamsPerUser != 5 || c.StreamsMax != 20000 {
		t.Errorf("defaults: per user %d, max %d", c.StreamsPerUser, c.StreamsMax)
	}
	c, err = config.Load(env(map[string]string{"PLATTER_STREAMS_PER_USER": "10000", "PLATTER_STREAMS_MAX": "50000"}), nil)
	if err != nil || c.StreamsPerUser != 10000 || c.StreamsMax != 50000 {
		t.Errorf("10000 and 50000: %+v, %v", c, err)
	}
	for _, bad := range []map[string]string{
		{"PLATTER_STREAMS_PER_USER": "0"}, {"PLATTER_STREAMS_PER_USER": "lots"}, {"PLATTER_STREAMS_PER_USER": "100001"},
		{"PLATTER_STREAMS_MAX": "0"}, {"PLATTER_STREAMS_MAX": "-5"}, {"PLATTER_STREAMS_MAX": "1000001"},
	} {
		_, err := config.Load(env(bad), nil)
		for k := range bad {
			if err == nil || !strings.Contains(err.Error(), k) {
				t.Errorf("%v: %v", bad, err)
			}
		}
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := config.Load(env(map[string]string{"PLATTER_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.TrustedProxies) != 2 || c.TrustedProxies[1].String() != "192.168.1.7/32" {
		t.Errorf("proxies %v", c.TrustedProxies)
	}
	if _, err := config.Load(env(map[string]string{"PLATTER_TRUSTED_PROXIES": "lb.internal"}), nil); err == nil ||
		!strings.Contains(err.Error(), "PLATTER_TRUSTED_PROXIES") {
		t.Errorf("bad proxy: %v", err)
	}
}

func TestDatabasePool(t *testing.T) {
	c, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.DBMaxConns != 20 || c.DBStatementTimeout != 30*time.Second {
		t.Errorf("defaults: max conns %d, statement timeout %v", c.DBMaxConns, c.DBStatementTimeout)
	}
	c, err = config.Load(env(map[string]string{"PLATTER_DB_MAX_CONNS": "5", "PLATTER_DB_STATEMENT_TIMEOUT": "0"}), nil)
	if err != nil || c.DBMaxConns != 5 || c.DBStatementTimeout != 0 {
		t.Errorf("5 and 0: %+v, %v", c, err)
	}
	for _, bad := range []map[string]string{
		{"PLATTER_DB_MAX_CONNS": "0"}, {"PLATTER_DB_MAX_CONNS": "many"}, {"PLATTER_DB_MAX_CONNS": "10001"},
		{"PLATTER_DB_STATEMENT_TIMEOUT": "30"}, {"PLATTER_DB_STATEMENT_TIMEOUT": "-1s"},
		{"PLATTER_DB_STATEMENT_TIMEOUT": "500us"},
	} {
		_, err := config.Load(env(bad), nil)
		for k := range bad {
			if err == nil || !strings.Contains(err.Error(), k) {
				t.Errorf("%v: %v", bad, err)
			}
		}
	}
}

func TestListenersAndShutdown(t *testing.T) {
	c, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsAddr != "127.0.0.1:9090" || c.ShutdownDelay != 5*time.Second || c.ShutdownTimeout != 10*time.Second {
		t.Errorf("defaults: %q %v %v", c.MetricsAddr, c.ShutdownDelay, c.ShutdownTimeout)
	}
	c, err = config.Load(env(map[string]string{"PLATTER_METRICS_ADDR": "off", "PLATTER_SHUTDOWN_DELAY": "0s",
		"PLATTER_SHUTDOWN_TIMEOUT": "250ms"}), nil)
	if err != nil || c.MetricsAddr != "" || c.ShutdownDelay != 0 || c.ShutdownTimeout != 250*time.Millisecond {
		t.Errorf("set: %+v %v", c, err)
	}
	_, err = config.Load(env(map[string]string{"PLATTER_METRICS_ADDR": "nowhere", "PLATTER_SHUTDOWN_DELAY": "soon",
		"PLATTER_SHUTDOWN_TIMEOUT": "-1s"}), nil)
	for _, want := range []string{"PLATTER_METRICS_ADDR", "PLATTER_SHUTDOWN_DELAY", "PLATTER_SHUTDOWN_TIMEOUT"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %s: %v", want, err)
		}
	}
}

func TestClock(t *testing.T) {
	c, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Clock()(); time.Since(got).Abs() > time.Minute {
		t.Errorf("default clock reads %v, want the real time", got)
	}
	c, err = config.Load(env(map[string]string{"PLATTER_CLOCK": "2026-11-16T04:00:00Z"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	now := c.Clock()
	first := now()
	start := time.Date(2026, 11, 16, 4, 0, 0, 0, time.UTC)
	if first.Before(start) || first.Sub(start) > time.Minute {
		t.Errorf("PLATTER_CLOCK clock starts at %v, want %v", first, start)
	}
	time.Sleep(20 * time.Millisecond)
	if d := now().Sub(first); d < 20*time.Millisecond {
		t.Errorf("the pinned clock does not run: moved %v in 20 ms", d)
	}
	_, err = config.Load(env(map[string]string{"PLATTER_CLOCK": "monday"}), nil)
	if err == nil || !strings.Contains(err.Error(), "PLATTER_CLOCK") {
		t.Errorf("bad PLATTER_CLOCK accepted: %v", err)
	}
}

func TestVarsListedOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range config.Vars {
		if seen[v.Name] {
			t.Errorf("%s is listed twice in config.Vars (and so in platter serve --help)", v.Name)
		}
		seen[v.Name] = true
	}
}
