package jobs

import (
	"context"
	"log/slog"
	"time"
)

// ExpireService expires unpaid orders (ordering.Service.Expire).
type ExpireService interface {
	Expire(ctx context.Context) (int, error)
}

// Expire cancels orders left unpaid past their 30 minutes, and then their
// provider payments, every Every (ordering.Service.Expire: each batch
// claims its rows, so every instance may run it).
type Expire struct {
	Service ExpireService
	Log     *slog.Logger
	Every   time.Duration // default 30 s
}

// Run works until ctx ends.
func (j *Expire) Run(ctx context.Context) {
	every(ctx, or(j.Every, 30*time.Second), func() {
		n, err := j.Service.Expire(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			j.Log.Warn("expire unpaid orders", "err", err)
		case n > 0:
			j.Log.Info("expired unpaid orders", "count", n)
		}
	})
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
