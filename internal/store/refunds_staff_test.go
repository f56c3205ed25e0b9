package store_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// sqlInt is one number a query (with ? placeholders) answers.
func sqlInt(t *testing.T, db *store.DB, q string, args ...any) int64 {
	t.Helper()
	if db.Dialect() == store.Postgres {
		for i := 1; strings.Contains(q, "?"); i++ {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	var n int64
	if err := db.SQL().QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// refundRig is a scheme with an accepted, paid order of £4.99 at soho and
// the order path with a sandbox that records every refund it is asked for.
type refundRig struct {
	db       *store.DB
	schemeID int64
	order    *ordering.Order
	pay      *flaky
	svc      *ordering.Service
}

func newRefundRig(t *testing.T, db *store.DB, accept bool) *refundRig {
	t.Helper()
	db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
	r := &refundRig{db: db, schemeID: mustImport(t, db, mustParse(t, 0)).SchemeID, pay: &flaky{}}
	r.order = paidOrder(t, db, r.schemeID, "refund")
	if accept {
		if _, err := db.Transition(context.Background(), manager(r.schemeID, r.order.ID, ordering.StatusAccepted), t0); err != nil {
			t.Fatal(err)
		}
	}
	r.svc = ordering.NewService(db, r.pay, slog.New(slog.NewTextHandler(io.Discard, nil)), func() time.Time { return t0 })
	return r
}

func (r *refundRig) refund(amount int64, key string) (*ordering.RefundRecord, error) {
	return r.svc.RefundOrder(context.Background(), ordering.StaffRefund{Reach: ordering.Reach{SchemeWide: true},
		SchemeID: r.schemeID, OrderID: r.order.ID, Amount: amount, Reason: "Cold chips", Key: key,
		ActorUserID: 0, ActorEmail: "boss@example.com", Actor: "manager:1"})
}

// TestStaffRefundsNeverExceedThePayment: ten partial refunds of half an
// order at once, each a new request: two are made (once each at the
// provider, with their own idempotency keys), the others are told how
// little is left, and the refunds never add up to more than was paid.
func TestStaffRefundsNeverExceedThePayment(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		r := newRefundRig(t, db, true)
		half := r.order.Pricing.Total / 2
		const n = 10
		var (
			wg         sync.WaitGroup
			mu         sync.Mutex
			made, told int
			other      []error
		)
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				rec, err := r.refund(half, fmt.Sprintf("click-%d", i))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil && rec.Status == "done":
					made++
				case platter.ErrorCode(err) == platter.CodeValidation:
					told++
				default:
					other = append(other, fmt.Errorf("%v %+v", err, rec))
				}
			}()
		}
		close(start)
		wg.Wait()
		if made != 2 || told != n-2 || len(other) > 0 {
			t.Fatalf("%d refunds made, %d refused as too much, others: %v", made, told, other)
		}
		sum := sqlInt(t, db, "SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ?", r.order.ID)
		if sum != 2*half || sum > r.order.Pricing.Total {
			t.Errorf("refunds add up to %d of %d paid", sum, r.order.Pricing.Total)
		}
		if keys := r.pay.keys; len(keys) != 2 || keys[0] == keys[1] {
			t.Errorf("the provider was asked for %v, want two refunds", keys)
		}
		if got := sqlInt(t, db, "SELECT COUNT(*) FROM audit_log WHERE action = 'refund.create'"); got != 2 {
			t.Errorf("%d audit rows, want 2", got)
		}
	})
}

// TestStaffRefundClickedTwice: the same request sent ten times at once
// (a double click, a retry after a lost answer) is one refund, made once
// at the provider; the same key with another amount is a conflict.
func TestStaffRefundClickedTwice(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		r := newRefundRig(t, db, true)
		var wg sync.WaitGroup
		ids := make([]int64, 10)
		errs := make([]error, 10)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, err := r.refund(100, "dialog-1")
				if errs[i] = err; err == nil {
					ids[i] = rec.ID
				}
			}()
		}
		wg.Wait()
		for i := range ids {
			if errs[i] != nil || ids[i] != ids[0] {
				t.Fatalf("call %d: refund %d, %v (first: %d)", i, ids[i], errs[i], ids[0])
			}
		}
		if n := sqlInt(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ?", r.order.ID); n != 1 {
			t.Errorf("%d refunds written, want 1", n)
		}
		if len(r.pay.keys) != 1 {
			t.Errorf("the provider was asked %d times: %v", len(r.pay.keys), r.pay.keys)
		}
		if n := sqlInt(t, db, "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'order_refunded'"); n != 1 {
			t.Errorf("%d refund mails, want 1", n)
		}
		_, err := r.refund(200, "dialog-1")
		wantCode(t, err, platter.CodeConflict, "the same key for another amount")
	})
}

// TestStaffRefundLifecycle: a pending order is refused (rejecting it
// refunds it); partial refunds leave the payment paid; the one that
// gives back the rest makes it refunded while the order keeps its status
// and its steps; cancelling it then queues no second refund, and its mail
// says the payment was refunded already instead of promising it again.
func TestStaffRefundLifecycle(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := newRefundRig(t, db, false)
		_, err := r.refund(100, "")
		wantCode(t, err, platter.CodeTransitionRefused, "a refund of a pending order")
		if _, err := db.Transition(ctx, manager(r.schemeID, r.order.ID, ordering.StatusAccepted), t0); err != nil {
			t.Fatal(err)
		}
		if _, err := r.refund(100, ""); err != nil {
			t.Fatal(err)
		}
		d, err := db.OrderDetail(ctx, r.schemeID, r.order.ID, ordering.Reach{SchemeWide: true})
		if err != nil {
			t.Fatal(err)
		}
		if d.PaymentStatus != ordering.PayPaid || d.Refunds.Left != 399 || len(d.Refunds.List) != 1 {
			t.Fatalf("after £1 back: %s, left %d, %+v", d.PaymentStatus, d.Refunds.Left, d.Refunds.List)
		}
		_, err = r.refund(400, "")
		wantCode(t, err, platter.CodeValidation, "more than is left")
		if e, ok := err.(*platter.Error); !ok || e.FieldParams("amount")["left"] != "£3.99" {
			t.Errorf("the refusal does not say £3.99 is left: %+v", err)
		}
		if _, err := r.refund(399, ""); err != nil {
			t.Fatal(err)
		}
		d, _ = db.OrderDetail(ctx, r.schemeID, r.order.ID, ordering.Reach{SchemeWide: true})
		if d.PaymentStatus != ordering.PayRefunded || d.Status != ordering.StatusAccepted || d.Refunds.Left != 0 ||
			d.Refunds.Refunded != 499 {
			t.Fatalf("after the rest: %s / %s, left %d, refunded %d", d.Status, d.PaymentStatus, d.Refunds.Left,
				d.Refunds.Refunded)
		}
		_, err = r.refund(1, "")
		wantCode(t, err, platter.CodeTransitionRefused, "a refund of nothing left")
		if _, err := db.Transition(ctx, manager(r.schemeID, r.order.ID, ordering.StatusCancelled), t0); err != nil {
			t.Fatalf("the venue cannot cancel a refunded order it holds: %v", err)
		}
		if n := sqlInt(t, db, "SELECT COUNT(*) FROM refunds WHERE order_id = ?", r.order.ID); n != 2 {
			t.Errorf("%d refunds after cancelling, want the 2 staff made", n)
		}
		mails := sqlInt(t, db, "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'order_refunded'")
		if mails != 2 {
			t.Errorf("%d refund mails, want 2", mails)
		}
		// The cancellation's mail says the money is back already, and promises nothing more.
		text := mailText(t, db, "order_cancelled")
		if !strings.Contains(text, "Your payment of £4.99 was already refunded to your card in full.") ||
			strings.Contains(text, "will be refunded") {
			t.Errorf("the cancellation of an order refunded in full reads:\n%s", text)
		}
	})
}

// mailText is the plain text of the one mail of kind in the outbox.
func mailText(t *testing.T, db *store.DB, kind string) string {
	t.Helper()
	var text string
	q := "SELECT text_body FROM mail_outbox WHERE kind = ?"
	if db.Dialect() == store.Postgres {
		q = "SELECT text_body FROM mail_outbox WHERE kind = $1"
	}
	if err := db.SQL().QueryRow(q, kind).Scan(&text); err != nil {
		t.Fatalf("the %s mail: %v", kind, err)
	}
	return text
}

// TestCancelAfterPartialRefundGivesBackTheRest: the lifecycle's refund of
// an order staff refunded in part is what is left, not the whole payment.
func TestCancelAfterPartialRefundGivesBackTheRest(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := newRefundRig(t, db, true)
		if _, err := r.refund(150, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Transition(ctx, manager(r.schemeID, r.order.ID, ordering.StatusCancelled), t0); err != nil {
			t.Fatal(err)
		}
		if n := sqlInt(t, db, "SELECT amount FROM refunds WHERE order_id = ? AND kind = 'order'", r.order.ID); n != 349 {
			t.Errorf("the cancellation refunds %d, want 349", n)
		}
		if text := mailText(t, db, "order_cancelled"); !strings.Contains(text, "£3.49 will be refunded to your card.") ||
			!strings.Contains(text, "£1.50 of it was refunded before and is not refunded again.") ||
			strings.Contains(text, "£4.99 will be refunded") {
			t.Errorf("the cancellation of an order refunded in part reads:\n%s", text)
		}
		for worked := true; worked; {
			var err error
			if worked, err = r.svc.Refund(ctx); err != nil {
				t.Fatal(err)
			}
		}
		d, _ := db.OrderDetail(ctx, r.schemeID, r.order.ID, ordering.Reach{SchemeWide: true})
		if d.PaymentStatus != ordering.PayRefunded || d.Refunds.Refunded != 499 {
			t.Errorf("after the cancellation's refund: %s, refunded %d", d.PaymentStatus, d.Refunds.Refunded)
		}
	})
}
