package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"platter/internal/config"
	"platter/internal/notify"
	"platter/internal/payments"
	"platter/internal/store"
)

// tracking is what follows checkout in one process: the hub that wakes
// event streams (fed by the store's listener: this process's commits on
// SQLite, every instance's through LISTEN/NOTIFY on PostgreSQL), the
// refund worker and the auto-reject of paid orders nobody accepted.
type tracking struct {
	hub    *notify.Hub
	refund func() // wakes the refund worker
	stop   func()
}

// startTracking starts the listener and the refund worker; stop ends them
// (after the HTTP server has drained, so refunds queued by the last
// requests are tried).
func startTracking(cfg *config.Config, db *store.DB, log *slog.Logger, now func() time.Time) *tracking {
	hub := notify.NewHub()
	refunders := map[string]payments.Refunder{"sandbox": payments.Sandbox{}}
	if cfg.Payments == "stripe" {
		refunders["stripe"] = payments.IntentRefunds{P: payments.NewStripe(cfg.StripeSecretKey, cfg.StripeAPIBase,
			cfg.StripeWebhookSecret)}
	}
	autoReject := time.Duration(cfg.AutoRejectMinutes) * time.Minute
	w := payments.NewRefundWorker(db, refunders, log, now)
	db.SetRefundQueued(w.Poke) // every commit that queues a refund wakes it
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); db.Listen(ctx, hub, log) }()
	go func() { defer wg.Done(); w.Run(ctx) }()
	go func() { defer wg.Done(); autoRejectOrders(ctx, db, log, now, autoReject, w.Poke) }()
	return &tracking{hub: hub, refund: w.Poke, stop: func() { cancel(); wg.Wait() }}
}

// autoRejectOrders rejects, every 30 s, paid orders nobody accepted within
// PLATTER_AUTO_REJECT_MINUTES, and wakes the refund worker for them. Every
// instance may run it: each rejection is a compare-and-set.
func autoRejectOrders(ctx context.Context, db *store.DB, log *slog.Logger, now func() time.Time, wait time.Duration, refund func()) {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		n, err := db.AutoReject(ctx, now(), wait, 100)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Warn("auto-reject paid orders", "err", err)
		case n > 0:
			log.Info("rejected paid orders nobody accepted", "count", n, "after", wait.String())
			refund()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
