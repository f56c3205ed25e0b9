package jobs

import (
	"context"
	"log/slog"
	"time"
)

// RefundService makes one queued refund (ordering.Service.Refund).
type RefundService interface {
	Refund(ctx context.Context) (worked bool, err error)
}

// Refunds makes the refunds queued when a paid order was rejected or
// cancelled, or money arrived that cannot be kept: after the commit,
// outside any transaction, one at a time (ordering.Service.Refund claims
// each with a lease, so workers of any instance never call for one refund
// at once). It runs whenever a commit queued one (Poke) and every Poll.
type Refunds struct {
	Service RefundService
	Log     *slog.Logger
	Poll    time.Duration // default 5 s

	wake chan struct{}
}

// NewRefunds returns the job with the defaults filled in.
func NewRefunds(svc RefundService, log *slog.Logger) *Refunds {
	if log == nil {
		log = slog.Default()
	}
	return &Refunds{Service: svc, Log: log, Poll: 5 * time.Second, wake: make(chan struct{}, 1)}
}

// Poke wakes the job at once (a refund was just queued here).
func (w *Refunds) Poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run works until ctx ends.
func (w *Refunds) Run(ctx context.Context) {
	t := time.NewTicker(w.Poll)
	defer t.Stop()
	for {
		for ctx.Err() == nil {
			worked, err := w.Service.Refund(ctx)
			if err != nil {
				w.Log.Error("refund job", "err", err)
			}
			if !worked {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.wake:
		}
	}
}
