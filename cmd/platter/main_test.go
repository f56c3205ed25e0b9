package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func testEnv(dir string, kv ...string) func(string) string {
	m := map[string]string{
		"PLATTER_DATABASE_URL":   "sqlite:" + filepath.Join(dir, "platter.db"),
		"PLATTER_ADDR":           "127.0.0.1:0",
		"PLATTER_METRICS_ADDR":   "127.0.0.1:0",
		"PLATTER_SHUTDOWN_DELAY": "0s",
	}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// TestServeBootsDrainsAndStops boots the whole program on port 0, sends a
// request that is still in flight when shutdown starts, and checks that it
// completes and that run returns cleanly.
func TestServeBootsDrainsAndStops(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out, errOut syncBuffer
	if err := run(context.Background(), []string{"demo"}, testEnv(dir), &out, &errOut); err != nil {
		t.Fatalf("demo: %v\n%s", err, errOut.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	out = syncBuffer{}
	go func() { done <- run(ctx, []string{"serve"}, testEnv(dir), &out, &errOut) }()

	addr := regexp.MustCompile(`listening on http://(127\.0\.0\.1:\d+)`)
	var base string
	for i := 0; i < 100 && base == ""; i++ {
		if m := addr.FindStringSubmatch(out.String()); m != nil {
			base = "http://" + m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	if base == "" {
		t.Fatalf("server did not start:\n%s", errOut.String())
	}
	res, err := http.Get(base + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", res, err)
	}
	res.Body.Close()
	res, err = http.Post(base+"/api/v3/venue/info", "application/json",
		strings.NewReader(`{"filter":{"business_slug":"demo-burgers"}}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("venue/info after demo: %v %v", res, err)
	}
	res.Body.Close()
	// Metrics are on their own listener only.
	metricsURL := waitOutput(t, &out, `metrics on (http://\S+)`)
	if res, err := http.Get(metricsURL); err != nil || res.StatusCode != 200 {
		t.Errorf("private metrics: %v %v", res, err)
	}
	if res, err := http.Get(base + "/metrics"); err != nil || res.StatusCode != 404 {
		t.Errorf("public /metrics: %v %v", res, err)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(12 * time.Second):
		t.Fatal("serve did not stop within the drain time")
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("still accepting connections after shutdown")
	}
}

func TestCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := testEnv(dir)
	var out, errOut bytes.Buffer
	ctx := context.Background()

	if err := run(ctx, []string{"serve", "--help"}, env, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"PLATTER_ADDR", "PLATTER_DATABASE_URL", "PLATTER_AUTO_REJECT_MINUTES", "sqlite:./data/platter.db"} {
		if !strings.Contains(errOut.String(), v) {
			t.Errorf("serve --help lacks %s", v)
		}
	}
	if err := run(ctx, []string{"migrate"}, env, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	// demo is idempotent: twice is fine.
	for i := 0; i < 2; i++ {
		if err := run(ctx, []string{"demo"}, env, &out, &errOut); err != nil {
			t.Fatalf("demo run %d: %v", i+1, err)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"business_slug":"Bad Slug!","name":"","currency":"XXX","venues":[{"venue_slug":"a"}]}`), 0o600)
	err := run(ctx, []string{"import", bad}, env, &out, &errOut)
	if err == nil {
		t.Fatal("a bad document was imported")
	}
	for _, path := range []string{"business_slug", "name", "currency", "venues[0]"} {
		if !strings.Contains(err.Error(), path) {
			t.Errorf("import error does not list %s:\n%v", path, err)
		}
	}
	if err := run(ctx, []string{"bogus"}, env, &out, &errOut); err == nil {
		t.Error("an unknown command succeeded")
	}
	broken := func(k string) string {
		if k == "PLATTER_PAYMENTS" {
			return "cash"
		}
		return env(k)
	}
	if err := run(ctx, []string{"serve"}, broken, &out, &errOut); err == nil || !strings.Contains(err.Error(), "PLATTER_PAYMENTS") {
		t.Errorf("bad configuration: %v", err)
	}
}
