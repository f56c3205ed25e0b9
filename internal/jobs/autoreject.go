package jobs

import (
	"context"
	"log/slog"
	"time"
)

// Rejecter is what AutoReject needs of the order path
// (ordering.Service).
type Rejecter interface {
	AutoReject(ctx context.Context, wait time.Duration, limit int) (int, error)
}

// AutoReject rejects, every Every, paid orders nobody accepted within Wait
// (PLATTER_AUTO_REJECT_MINUTES after the later of payment and kitchen
// start) through the order path, as any rejection is made. Each rejection
// is a compare-and-set step, so every instance may run it; the refunds it
// queues wake the refund job by themselves (the store pokes it after the
// commit).
type AutoReject struct {
	Service Rejecter
	Wait    time.Duration
	Log     *slog.Logger
	Every   time.Duration // default 30 s
}

// Run works until ctx ends.
func (j *AutoReject) Run(ctx context.Context) {
	every(ctx, or(j.Every, 30*time.Second), func() {
		n, err := j.Service.AutoReject(ctx, j.Wait, 100)
		switch {
		case err != nil && ctx.Err() == nil:
			j.Log.Warn("auto-reject paid orders", "err", err)
		case n > 0:
			j.Log.Info("rejected paid orders nobody accepted", "count", n, "after", j.Wait.String())
		}
	})
}
