package ordering

import (
	"context"
	"errors"
	"fmt"
	"time"

	"platter/internal/payments"
	"platter/internal/platter"
)

// JobStore is what the order path's background steps (expiry, refunds)
// need of the store.
type JobStore interface {
	ExpireOrders(ctx context.Context, now time.Time, limit int) (int, error)
	IntentsToCancel(ctx context.Context, limit int) ([]DueIntent, error)
	IntentCancelled(ctx context.Context, orderID int64, now time.Time) error
	ClaimRefund(ctx context.Context, now time.Time, lease time.Duration) (*Refund, error)
	FinishRefund(ctx context.Context, id int64, attempt int, providerRef string, now time.Time) (bool, error)
	RetryRefund(ctx context.Context, id int64, attempt int, next time.Time, lastErr string) error
	Unaccepted(ctx context.Context, now time.Time, wait time.Duration, limit int) ([]OrderRef, error)
}

// OrderRef names an order of a scheme.
type OrderRef struct{ SchemeID, OrderID int64 }

// RefundLease is how long one refund call holds its refund; the call is
// cut off at half of it, so no other instance claims it while the call
// may still go through.
const RefundLease = 2 * time.Minute

// expireBatch is how many orders one transaction expires.
const expireBatch = 100

// Expire cancels the orders left unpaid past their 30 minutes (each
// batch claims its rows in the database, so every instance may run it),
// then cancels their provider payments (CancelIntents). It returns how
// many orders it expired.
func (s *Service) Expire(ctx context.Context) (int, error) {
	total := 0
	for n := expireBatch; n == expireBatch; {
		var err error
		if n, err = s.store.ExpireOrders(ctx, s.now(), expireBatch); err != nil {
			return total, err
		}
		total += n
	}
	if _, err := s.CancelIntents(ctx, expireBatch); err != nil {
		return total, err
	}
	return total, nil
}

// AutoReject rejects (and so refunds) up to limit paid orders nobody
// accepted within wait (PLATTER_AUTO_REJECT_MINUTES) after the later of
// their payment and their kitchen start, each through Transition, so its
// events, mail and refund are those of any rejection, and returns how many
// it rejected. Every instance may run it at once: each rejection is a
// compare-and-set step, so an order accepted, rejected or cancelled
// meanwhile (here or elsewhere) is skipped.
func (s *Service) AutoReject(ctx context.Context, wait time.Duration, limit int) (int, error) {
	due, err := s.store.Unaccepted(ctx, s.now(), wait, limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range due {
		_, err := s.Transition(ctx, Change{SchemeID: d.SchemeID, OrderID: d.OrderID, To: StatusRejected,
			Actor: ActorSystem, ActorRef: "system", Reason: "not accepted in time", Reach: Reach{SchemeWide: true}})
		switch {
		case err == nil:
			n++
		case platter.ErrorCode(err) == platter.CodeTransitionRefused:
		default:
			return n, err
		}
	}
	return n, nil
}

// CancelIntents cancels, at their provider, up to limit payments of
// orders that ended unpaid (expiry marks them in the order's
// transaction), one provider call at a time and outside any transaction,
// and returns how many it finished. A failed call leaves the payment due:
// the next run tries again. Should the customer's card go through before
// the cancel, the provider's webhook finds the order expired and the money
// is queued for a refund (ApplyProviderEvent).
func (s *Service) CancelIntents(ctx context.Context, limit int) (int, error) {
	p, ok := s.pay.(payments.IntentCanceller)
	if !ok {
		return 0, nil
	}
	due, err := s.store.IntentsToCancel(ctx, limit)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, d := range due {
		if d.Provider != p.Name() {
			continue // a provider this instance is not configured for
		}
		callCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := p.CancelIntent(callCtx, d.IntentID, d.IntentID)
		cancel()
		if err != nil && !errors.Is(err, payments.ErrPastCancelling) {
			s.log.Warn("cancel the payment of an unpaid order; will retry", "order_id", d.OrderID, "err", err)
			continue
		}
		if err := s.store.IntentCancelled(ctx, d.OrderID, s.now()); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

// Refund makes at most one queued refund (the only way money goes back):
// it claims the oldest due with a lease (one caller at a time, on any
// instance), calls the provider with the refund's idempotency key outside
// any transaction, and records the outcome; a failed call is due again
// after a backoff, until the provider answers. worked says whether there
// was one.
func (s *Service) Refund(ctx context.Context) (worked bool, err error) {
	r, err := s.store.ClaimRefund(ctx, s.now(), RefundLease)
	if err != nil || r == nil {
		return false, err
	}
	_, err = s.makeRefund(ctx, r)
	return true, err
}

// makeRefund asks the provider for a claimed refund and records the
// outcome: done, or due again after a backoff.
func (s *Service) makeRefund(ctx context.Context, r *Refund) (done bool, err error) {
	ref, callErr := s.refund(ctx, r)
	if callErr == nil {
		if _, err := s.store.FinishRefund(ctx, r.ID, r.Attempt, ref, s.now()); err != nil {
			return false, err
		}
		s.log.Info("refunded", "order_id", r.OrderID, "amount", r.Amount, "currency", r.Currency)
		return true, nil
	}
	wait := min(time.Duration(1<<min(r.Attempt, 10))*time.Second, 10*time.Minute)
	s.log.Warn("refund failed; will retry", "order_id", r.OrderID, "attempt", r.Attempt, "in", wait.String(), "err", callErr)
	return false, s.store.RetryRefund(ctx, r.ID, r.Attempt, s.now().Add(wait), callErr.Error())
}

// refund calls the provider the refund's payment was made with: the
// sandbox refunds its own, a provider with intents refunds the intent.
func (s *Service) refund(ctx context.Context, r *Refund) (string, error) {
	var p payments.Refunder
	switch {
	case r.Provider == s.pay.Name():
		if rp, ok := s.pay.(payments.Refunder); ok {
			p = rp
		} else if ip, ok := s.pay.(payments.IntentProvider); ok {
			p = payments.IntentRefunds{P: ip}
		}
	case r.Provider == payments.Sandbox{}.Name():
		// Orders paid with the sandbox before a switch to a real provider.
		p = payments.Sandbox{}
	}
	if p == nil {
		return "", fmt.Errorf("no refund provider %q", r.Provider)
	}
	ctx, cancel := context.WithTimeout(ctx, RefundLease/2)
	defer cancel()
	return p.Refund(ctx, payments.RefundRequest{Ref: r.Ref, PaymentRef: r.PaymentRef, IntentRef: r.IntentRef,
		Amount: r.Amount, Currency: r.Currency})
}
