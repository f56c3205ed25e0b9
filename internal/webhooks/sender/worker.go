package sender

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"platter/internal/webhooks"
)

// Queue is the deliveries the worker drains (the store implements it).
type Queue interface {
	ClaimWebhooks(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]webhooks.Queued, error)
	FinishWebhook(ctx context.Context, q webhooks.Queued, o webhooks.Outcome, at time.Time) error
}

// Poster makes one attempt (Sender is one).
type Poster interface {
	Send(ctx context.Context, q webhooks.Queued, at time.Time) webhooks.Outcome
}

// Worker delivers queued webhooks after the transaction that queued them
// commits: woken when poked (a commit in this process) and every Poll
// (deliveries queued by another instance, retries coming due, a lease left
// by a crash). It claims at most Concurrency deliveries at a time, with a
// lease far longer than an attempt may take (Timeout), posts them at once
// and records each outcome; a failed attempt waits webhooks.Backoff and is
// given up after webhooks.RetryWindow. Every attempt of a delivery carries
// its one webhook-id, so a receiver that got it twice (a worker that died
// after the post, before recording it) can tell.
type Worker struct {
	Queue       Queue
	Sender      Poster
	Log         *slog.Logger
	Now         func() time.Time
	Poll        time.Duration // default 2 s
	Lease       time.Duration // default 1 min
	Concurrency int           // default 4: attempts in flight per instance

	wake chan struct{}
}

// NewWorker returns a worker with the defaults filled in.
func NewWorker(q Queue, s Poster, log *slog.Logger) *Worker {
	if log == nil {
		log = slog.Default()
	}
	return &Worker{Queue: q, Sender: s, Log: log, Now: time.Now, Poll: 2 * time.Second, Lease: time.Minute,
		Concurrency: 4, wake: make(chan struct{}, 1)}
}

// Poke wakes the worker now; it never blocks.
func (w *Worker) Poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends; attempts under way when it ends are
// finished (within Timeout) and recorded.
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(w.Poll)
	defer t.Stop()
	for {
		w.Drain(ctx)
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-t.C:
		}
	}
}

// Drain delivers every delivery due now (by w.Now), a batch at a time, and
// returns how many attempts it made. Tests call it with their own clock.
func (w *Worker) Drain(ctx context.Context) int {
	n := 0
	for ctx.Err() == nil {
		batch, err := w.Queue.ClaimWebhooks(ctx, w.Now(), w.Lease, max(w.Concurrency, 1))
		if err != nil {
			if ctx.Err() == nil {
				w.Log.Error("webhooks: claim", "err", err)
			}
			return n
		}
		if len(batch) == 0 {
			return n
		}
		var wg sync.WaitGroup
		for _, q := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.deliver(ctx, q)
			}()
		}
		wg.Wait()
		n += len(batch)
	}
	return n
}

func (w *Worker) deliver(ctx context.Context, q webhooks.Queued) {
	// Shutdown does not cut an attempt in half: it ends within Timeout and
	// its outcome is recorded.
	ctx = context.WithoutCancel(ctx)
	at := w.Now()
	o := w.Sender.Send(ctx, q, at)
	if !o.OK() {
		w.Log.Warn("webhook not delivered", "delivery", q.ID, "webhook_id", q.MessageID, "attempt", q.Attempt,
			"status", o.ResponseCode, "err", o.Err)
	}
	if err := w.Queue.FinishWebhook(ctx, q, o, at); err != nil {
		w.Log.Error("webhooks: record attempt", "delivery", q.ID, "err", err)
	}
}
