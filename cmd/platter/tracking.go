package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"platter/internal/notify"
	"platter/internal/payments"
	"platter/internal/store"
)

// tracking is what follows checkout in one process: the hub that wakes
// event streams (fed by the store's listener: this process's commits on
// SQLite, every instance's through LISTEN/NOTIFY on PostgreSQL) and the
// refund worker.
type tracking struct {
	hub    *notify.Hub
	refund func() // wakes the refund worker
	stop   func()
}

// startTracking starts the listener and the refund worker; stop ends them
// (after the HTTP server has drained, so refunds queued by the last
// requests are tried).
func startTracking(db *store.DB, log *slog.Logger, now func() time.Time) *tracking {
	hub := notify.NewHub()
	w := payments.NewRefundWorker(db, map[string]payments.Refunder{"sandbox": payments.Sandbox{}}, log, now)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); db.Listen(ctx, hub, log) }()
	go func() { defer wg.Done(); w.Run(ctx) }()
	return &tracking{hub: hub, refund: w.Poke, stop: func() { cancel(); wg.Wait() }}
}
