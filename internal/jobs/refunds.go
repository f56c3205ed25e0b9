package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
)

// RefundQueue is what the refund worker needs of the store.
type RefundQueue interface {
	ClaimRefund(ctx context.Context, now time.Time, lease time.Duration) (*ordering.Refund, error)
	FinishRefund(ctx context.Context, id int64, attempt int, providerRef string, now time.Time) (bool, error)
	RetryRefund(ctx context.Context, id int64, attempt int, next time.Time, lastErr string) error
}

// Refunds makes the refunds the store queued when a paid order was
// rejected or cancelled: after the commit, outside any transaction. It
// claims one refund at a time with a lease (so two workers, on one
// instance or two, never call for the same refund at once), calls the
// provider with the refund's idempotency key, and records the outcome;
// a failed call is retried with backoff until the provider says done.
type Refunds struct {
	Queue     RefundQueue
	Providers map[string]payments.Refunder // by payments.provider
	Log       *slog.Logger
	Now       func() time.Time
	Poll      time.Duration // default 5 s
	Lease     time.Duration // default 2 min; one call is cut off at half of it

	wake chan struct{}
}

// NewRefunds returns the job with the defaults filled in.
func NewRefunds(q RefundQueue, providers map[string]payments.Refunder, log *slog.Logger, now func() time.Time) *Refunds {
	if log == nil {
		log = slog.Default()
	}
	if now == nil {
		now = time.Now
	}
	return &Refunds{Queue: q, Providers: providers, Log: log, Now: now, Poll: 5 * time.Second,
		Lease: 2 * time.Minute, wake: make(chan struct{}, 1)}
}

// Poke wakes the worker at once (a refund was just queued here).
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
			worked, err := w.RunOnce(ctx)
			if err != nil {
				w.Log.Error("refund worker", "err", err)
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

// RunOnce claims and makes at most one refund; worked says whether there
// was one.
func (w *Refunds) RunOnce(ctx context.Context) (worked bool, err error) {
	r, err := w.Queue.ClaimRefund(ctx, w.Now(), w.Lease)
	if err != nil || r == nil {
		return false, err
	}
	ref, callErr := w.call(ctx, r)
	if callErr == nil {
		if _, err := w.Queue.FinishRefund(ctx, r.ID, r.Attempt, ref, w.Now()); err != nil {
			return true, err
		}
		w.Log.Info("refunded", "order_id", r.OrderID, "amount", r.Amount, "currency", r.Currency)
		return true, nil
	}
	wait := min(time.Duration(1<<min(r.Attempt, 10))*time.Second, 10*time.Minute)
	w.Log.Warn("refund failed; will retry", "order_id", r.OrderID, "attempt", r.Attempt, "in", wait.String(), "err", callErr)
	return true, w.Queue.RetryRefund(ctx, r.ID, r.Attempt, w.Now().Add(wait), callErr.Error())
}

func (w *Refunds) call(ctx context.Context, r *ordering.Refund) (string, error) {
	p, ok := w.Providers[r.Provider]
	if !ok {
		return "", fmt.Errorf("no refund provider %q", r.Provider)
	}
	// Cut the call off well inside the lease, so no other worker can claim
	// the refund while this call may still go through.
	ctx, cancel := context.WithTimeout(ctx, w.Lease/2)
	defer cancel()
	return p.Refund(ctx, payments.RefundRequest{Ref: r.Ref, PaymentRef: r.PaymentRef, IntentRef: r.IntentRef,
		Amount: r.Amount, Currency: r.Currency})
}
