package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
)

// CancelQueue is what CancelIntents needs of the store.
type CancelQueue interface {
	IntentsToCancel(ctx context.Context, limit int) ([]ordering.DueIntent, error)
	IntentCancelled(ctx context.Context, orderID int64, now time.Time) error
}

// CancelIntents cancels, at their provider, up to limit payments of orders
// that ended unpaid (the expiry job marks them in the order's
// transaction), one provider call at a time and outside any transaction,
// and returns how many it finished. A failed call leaves the payment due:
// the next run tries again. Should the customer's card go through before
// the cancel, the provider's webhook finds the order expired and the
// money is refunded (store.ApplyPaymentEvent).
func CancelIntents(ctx context.Context, q CancelQueue, providers map[string]payments.IntentCanceller, log *slog.Logger,
	now func() time.Time, limit int) (int, error) {
	due, err := q.IntentsToCancel(ctx, limit)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, d := range due {
		p, ok := providers[d.Provider]
		if !ok {
			continue // a provider this instance is not configured for
		}
		callCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := p.CancelIntent(callCtx, d.IntentID, d.IntentID)
		cancel()
		if err != nil && !errors.Is(err, payments.ErrPastCancelling) {
			log.Warn("cancel the payment of an unpaid order; will retry", "order_id", d.OrderID, "err", err)
			continue
		}
		if err := q.IntentCancelled(ctx, d.OrderID, now()); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}
