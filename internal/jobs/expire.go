package jobs

import (
	"context"
	"log/slog"
	"time"

	"platter/internal/payments"
)

// ExpireStore is what Expire needs of the store.
type ExpireStore interface {
	CancelQueue
	ExpireOrders(ctx context.Context, now time.Time, limit int) (int, error)
}

// Expire cancels orders left unpaid past their 30 minutes, every Every,
// in batches (each batch claims its rows: store.ExpireOrders); then,
// outside any transaction, the provider payments (Stripe PaymentIntents)
// of orders that ended unpaid are cancelled at the provider.
type Expire struct {
	Store      ExpireStore
	Cancellers map[string]payments.IntentCanceller // by payments.provider; empty: none
	Log        *slog.Logger
	Now        func() time.Time
	Every      time.Duration // default 30 s
}

// batch is how many orders one transaction expires.
const batch = 100

// Run works until ctx ends.
func (j *Expire) Run(ctx context.Context) {
	every(ctx, or(j.Every, 30*time.Second), func() { j.RunOnce(ctx) })
}

// RunOnce expires what is due and cancels the provider payments due.
func (j *Expire) RunOnce(ctx context.Context) {
	for n := batch; n == batch && ctx.Err() == nil; {
		var err error
		if n, err = j.Store.ExpireOrders(ctx, j.Now(), batch); err != nil {
			if ctx.Err() == nil {
				j.Log.Warn("expire unpaid orders", "err", err)
			}
			break
		}
		if n > 0 {
			j.Log.Info("expired unpaid orders", "count", n)
		}
	}
	if len(j.Cancellers) == 0 || ctx.Err() != nil {
		return
	}
	if n, err := CancelIntents(ctx, j.Store, j.Cancellers, j.Log, j.Now, batch); err != nil && ctx.Err() == nil {
		j.Log.Warn("cancel the payments of unpaid orders", "err", err)
	} else if n > 0 {
		j.Log.Info("cancelled the payments of unpaid orders", "count", n)
	}
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
