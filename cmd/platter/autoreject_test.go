package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"platter/internal/config"
	"platter/internal/ordering"
	"platter/internal/store"
)

// TestAutoRejectWithAShortSetting: with PLATTER_AUTO_REJECT_MINUTES=1 the
// job of `platter serve` rejects a paid order nobody accepted once a
// minute has passed on the server's clock, and the refund worker refunds
// it. The order is placed and paid through a real server (PLATTER_CLOCK
// fixes its time); the job then runs in process on the same database
// with a clock 61 s later, so the test waits for nothing but the job.
func TestAutoRejectWithAShortSetting(t *testing.T) {
	t.Parallel()
	bin := platterBinary(t)
	dbURL := databaseURL(t, store.SQLite)
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) // Monday noon in London: soho takes ASAP orders
	env := append(os.Environ(), "PLATTER_DATABASE_URL="+dbURL, "PLATTER_ADDR=127.0.0.1:0",
		"PLATTER_METRICS_ADDR=off", "PLATTER_CLOCK="+t0.Format(time.RFC3339), "PLATTER_AUTO_REJECT_MINUTES=1")
	ctx := context.Background()
	if err := run(ctx, []string{"demo"}, envMap(env), io.Discard, io.Discard); err != nil {
		t.Fatalf("demo: %v", err)
	}
	srv := startChild(t, bin, env)
	guest := apiCall(t, srv.base, "auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}})
	order := int64(placePaidOrder(t, srv.base, guest["token"].(string)))
	_ = srv.cmd.Process.Kill() // only the job below runs from here on
	_ = srv.cmd.Wait()

	cfg, err := config.Load(envMap(env), os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AutoRejectMinutes != 1 {
		t.Fatalf("AutoRejectMinutes %d", cfg.AutoRejectMinutes)
	}
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sc, err := db.SchemeBySlug(ctx, "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	status := func() (string, string) {
		d, err := db.OrderDetail(ctx, sc.ID, order, ordering.Reach{SchemeWide: true})
		if err != nil {
			t.Fatal(err)
		}
		return string(d.Status), d.PaymentStatus
	}
	if s, p := status(); s != "pending" || p != "paid" {
		t.Fatalf("before the job: %s/%s", s, p)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	later := func() time.Time { return t0.Add(61 * time.Second) }
	bg, err := startBackground(cfg, db, ordering.NewService(db, newPayments(cfg), log, later), log, later)
	if err != nil {
		t.Fatal(err)
	}
	defer bg.stop()
	// Generous: the jobs' first tick and the refund worker came after 15 s at load 25.
	deadline := time.Now().Add(60 * time.Second)
	for {
		s, p := status()
		if s == "rejected" && p == "refunded" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a minute with PLATTER_AUTO_REJECT_MINUTES=1: %s/%s, want rejected/refunded", s, p)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
