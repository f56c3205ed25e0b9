package jobs_test

import (
	"context"
	"sync/atomic"
	"testing"

	"platter/internal/jobs"
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
