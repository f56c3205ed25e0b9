package ordering

import (
	"context"
	"time"

	"platter/internal/platter"
)

// Refund kinds: the lifecycle's (a rejection or cancellation of a paid
// order, or money that cannot be kept gives back all that is left) and
// staff's (admin/orders/refund: any part of what is left, with a reason).
const (
	RefundOrder = "order"
	RefundStaff = "staff"
)

// EventRefund is the order event of a staff refund: the order's streams
// (the board, the customer's order page) hear of it, as of a status step.
const EventRefund = "refund"

// MaxRefundReason bounds the reason staff give for a refund (runes).
const MaxRefundReason = 500

// StaffRefund asks to give back Amount of an order's payment. Key names
// the request: the same key again (a retry, a second click) is the same
// refund, never a second one; "" makes every call a new refund.
type StaffRefund struct {
	Reach
	SchemeID    int64
	OrderID     int64
	Amount      int64
	Reason      string
	Key         string
	ActorUserID int64
	ActorEmail  string
	Actor       string // "staff:7", "manager:3": the event's actor
}

// RefundRecord is a refund of an order as the back office shows it.
type RefundRecord struct {
	ID        int64
	OrderID   int64
	Kind      string // RefundOrder or RefundStaff
	Amount    int64
	Currency  string
	Status    string // "pending" (the provider not asked yet, or asked again), "done"
	Reason    string
	Actor     string // the staff member's e-mail address for a staff refund
	CreatedAt time.Time
	DoneAt    *time.Time
}

// RefundState is the money an order has given back and may still give: Paid
// is its payment, Refunded every refund written (pending or done), Left
// what staff may still refund (0 unless the order is paid).
type RefundState struct {
	Paid, Refunded, Left int64
	List                 []RefundRecord
}

// RefundStore is what staff refunds need of the store.
type RefundStore interface {
	// RefundOrder writes a staff refund (its event, the customer's mail, an
	// audit row) in one transaction, or finds the one of the same key;
	// created says which.
	RefundOrder(ctx context.Context, r StaffRefund, now time.Time) (rec *RefundRecord, created bool, err error)
	// ClaimRefundByID leases one refund that is due, as ClaimRefund does.
	ClaimRefundByID(ctx context.Context, id int64, now time.Time, lease time.Duration) (*Refund, error)
}

// RefundOrder gives back part or all of what is left of an order's
// payment: the store writes it, then this call asks the provider at once
// (outside any transaction) with the refund's idempotency key; if the
// provider fails, the refund job tries again until it answers. A retry of
// the same key finds the same refund and never asks the provider twice
// for it. The answer's Status is "done" once the provider made it.
func (s *Service) RefundOrder(ctx context.Context, r StaffRefund) (*RefundRecord, error) {
	rs, ok := s.store.(RefundStore)
	if !ok {
		return nil, platter.Internal(nil)
	}
	rec, _, err := rs.RefundOrder(ctx, r, s.now())
	if err != nil {
		return nil, err
	}
	if rec.Status != "pending" {
		return rec, nil
	}
	claimed, err := rs.ClaimRefundByID(ctx, rec.ID, s.now(), RefundLease)
	if err != nil || claimed == nil {
		// Another worker holds it (or the database failed): the refund is
		// written and the job makes it.
		return rec, nil
	}
	if done, _ := s.makeRefund(ctx, claimed); done {
		rec.Status = "done"
	}
	return rec, nil
}
