// Package jobs is the server's background work in one room: expiry of
// unpaid orders (and the cancel of their provider payments), the
// auto-reject of paid orders nobody accepted, refunds, the pruning of
// expired rows, and (notify/mailer's worker) the mail. Each job is a
// Run(ctx) that claims its rows in the database, so any number of
// instances may run it at once; `platter serve` starts them together
// (Start) and stops them together after the HTTP server has drained, so
// the work its last requests queued is done.
package jobs

import (
	"context"
	"sync"
	"time"
)

// Job is one background loop: it works until ctx ends.
type Job interface {
	Run(ctx context.Context)
}

// Func makes a function a Job.
type Func func(ctx context.Context)

// Run calls f.
func (f Func) Run(ctx context.Context) { f(ctx) }

// Group is jobs started together.
type Group struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// Start runs every job in a goroutine of its own until Stop.
func Start(jobs ...Job) *Group {
	ctx, cancel := context.WithCancel(context.Background())
	g := &Group{cancel: cancel}
	for _, j := range jobs {
		g.wg.Add(1)
		go func() {
			defer g.wg.Done()
			j.Run(ctx)
		}()
	}
	return g
}

// Stop ends every job and waits for them to return.
func (g *Group) Stop() {
	g.cancel()
	g.wg.Wait()
}

// every runs fn now and then at each tick of interval until ctx ends.
func every(ctx context.Context, interval time.Duration, fn func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		fn()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
