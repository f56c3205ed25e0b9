package jobs

import (
	"context"
	"log/slog"
	"time"
)

// PruneStore is what Prune needs of the store.
type PruneStore interface {
	Prune(ctx context.Context, now time.Time) error
}

// Prune deletes expired rows (sessions, codes, rate-limit windows, stream
// tickets, …) every Every.
type Prune struct {
	Store PruneStore
	Log   *slog.Logger
	Now   func() time.Time
	Every time.Duration // default 10 minutes
}

// Run works until ctx ends; the first pruning is one interval after start.
func (j *Prune) Run(ctx context.Context) {
	t := time.NewTicker(or(j.Every, 10*time.Minute))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := j.Store.Prune(ctx, j.Now()); err != nil && ctx.Err() == nil {
				j.Log.Warn("prune expired rows", "err", err)
			}
		}
	}
}
