package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"platter/internal/jobs"
	"platter/internal/ordering"
)

// TestGroupStartsAndStopsTogether: Start runs every job; Stop ends them all
// and returns only once each has returned.
func TestGroupStartsAndStopsTogether(t *testing.T) {
	var running, returned atomic.Int32
	started := make(chan struct{}, 3)
	job := jobs.Func(func(ctx context.Context) {
		running.Add(1)
		started <- struct{}{}
		<-ctx.Done()
		returned.Add(1)
	})
	g := jobs.Start(job, job, job)
	for range 3 {
		<-started
	}
	g.Stop()
	if running.Load() != 3 || returned.Load() != 3 {
		t.Fatalf("%d ran, %d returned; want 3 and 3", running.Load(), returned.Load())
	}
}

// expiring is a store with n unpaid orders due.
type expiring struct {
	n     int
	calls int
}

func (s *expiring) ExpireOrders(_ context.Context, _ time.Time, limit int) (int, error) {
	s.calls++
	k := min(s.n, limit)
	s.n -= k
	return k, nil
}

func (s *expiring) IntentsToCancel(context.Context, int) ([]ordering.DueIntent, error) {
	return nil, nil
}
func (s *expiring) IntentCancelled(context.Context, int64, time.Time) error { return nil }

// TestExpireDrainsInBatches: one run expires every order due, a batch at a
// time, and stops at the first batch that is not full.
func TestExpireDrainsInBatches(t *testing.T) {
	s := &expiring{n: 250}
	j := &jobs.Expire{Store: s, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now}
	j.RunOnce(context.Background())
	if s.n != 0 || s.calls != 3 {
		t.Fatalf("%d left after %d calls; want 0 after 3", s.n, s.calls)
	}
}
