package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

var t0 = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)

// paidOrder stores a pickup order at soho and pays it.
func paidOrder(t *testing.T, db *store.DB, schemeID int64, key string) *ordering.Order {
	t.Helper()
	ctx := context.Background()
	o := newOrder(t, db, schemeID, t0, key)
	if _, claimed, err := db.StartPayment(ctx, schemeID, o.UserID, o.ID, false, t0); err != nil || !claimed {
		t.Fatal(claimed, err)
	}
	if _, err := db.FinishPayment(ctx, o.ID, ordering.PaymentOutcome{Status: payments.Succeeded}, t0); err != nil {
		t.Fatal(err)
	}
	return o
}

func manager(schemeID, orderID int64, to ordering.Status) ordering.Change {
	return ordering.Change{SchemeID: schemeID, OrderID: orderID, To: to, Actor: ordering.ActorManager,
		ActorRef: "manager:1", Reach: ordering.Reach{SchemeWide: true}}
}

func wantCode(t *testing.T, err error, code int, what string) {
	t.Helper()
	if got := platter.ErrorCode(err); got != code {
		t.Fatalf("%s: code %d (%v), want %d", what, got, err, code)
	}
}

// TestConcurrentTransitionsOneWins: six staff at once, half accepting
// and half rejecting one paid order: exactly one succeeds, the others get
// 409, and the event log holds exactly one status change. On PostgreSQL
// the test holds the order's row lock until every transition has read the
// order as pending and waits to write it, so all of them pass the state
// machine and only the compare-and-set can stop the other five. (SQLite
// serializes writers at BEGIN.)
func TestConcurrentTransitionsOneWins(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		o := paidOrder(t, db, schemeID, "race")
		// Every transition must hold a connection while it waits for the
		// row, beside the holder and the query that counts the waiters: n
		// is what the test store's pool allows.
		const n = storetest.MaxConns - 2
		var hold *sql.Tx
		if db.Dialect() == store.Postgres {
			var err error
			if hold, err = db.SQL().BeginTx(ctx, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := hold.ExecContext(ctx, "SELECT id FROM orders WHERE id = $1 FOR UPDATE", o.ID); err != nil {
				t.Fatal(err)
			}
		}
		var (
			wg        sync.WaitGroup
			won, lost atomic.Int32
		)
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				to := ordering.StatusAccepted
				if i%2 == 1 {
					to = ordering.StatusRejected
				}
				<-start
				_, err := db.Transition(ctx, manager(schemeID, o.ID, to), t0)
				switch platter.ErrorCode(err) {
				case 0, platter.CodeInternal:
					if err != nil {
						t.Error(err)
						return
					}
					won.Add(1)
				case platter.CodeTransitionRefused:
					lost.Add(1)
				default:
					t.Errorf("unexpected %v", err)
				}
			}()
		}
		close(start)
		if hold != nil {
			waitUntil(t, "every transition waiting for the row", func() bool {
				var waiting int
				_ = db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_stat_activity
					WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
				return waiting == n
			})
			if err := hold.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		wg.Wait()
		if won.Load() != 1 || lost.Load() != n-1 {
			t.Fatalf("%d won, %d refused; want 1 and %d", won.Load(), lost.Load(), n-1)
		}
		d, err := db.OrderDetail(ctx, schemeID, o.ID, ordering.Reach{UserID: o.UserID})
		if err != nil {
			t.Fatal(err)
		}
		changes := 0
		for _, e := range d.History {
			if e.Actor == "manager:1" {
				changes++
				if e.Status != d.Status {
					t.Errorf("the event says %s, the order %s", e.Status, d.Status)
				}
			}
		}
		if changes != 1 {
			t.Errorf("%d status events by the staff, want 1: %+v", changes, d.History)
		}
	})
}

// TestTransitionRules: the state machine holds in the store (an unpaid
// order cannot be accepted, a pickup order cannot go on its way), an
// accept with eta_minutes sets the expected time and writes an eta event,
// and an order out of the caller's reach is not found.
func TestTransitionRules(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		unpaid := newOrder(t, db, schemeID, t0, "unpaid")
		_, err := db.Transition(ctx, manager(schemeID, unpaid.ID, ordering.StatusAccepted), t0)
		wantCode(t, err, platter.CodeTransitionRefused, "accept unpaid")

		o := paidOrder(t, db, schemeID, "paid")
		// Out of reach: another customer, staff of another venue, a driver.
		for _, r := range []ordering.Reach{{UserID: unpaid.UserID}, {VenueIDs: []int64{o.VenueID + 1000}}, {DriverID: 5}} {
			ch := manager(schemeID, o.ID, ordering.StatusAccepted)
			ch.Reach = r
			_, err := db.Transition(ctx, ch, t0)
			wantCode(t, err, platter.CodeNotFound, fmt.Sprintf("reach %+v", r))
			if _, err := db.OrderDetail(ctx, schemeID, o.ID, r); platter.ErrorCode(err) != platter.CodeNotFound {
				t.Errorf("reach %+v reads the order: %v", r, err)
			}
		}
		// Another scheme's id for the same order.
		ch := manager(schemeID+1000, o.ID, ordering.StatusAccepted)
		_, err = db.Transition(ctx, ch, t0)
		wantCode(t, err, platter.CodeNotFound, "another scheme")

		ch = manager(schemeID, o.ID, ordering.StatusAccepted)
		ch.Reach = ordering.Reach{VenueIDs: []int64{o.VenueID}}
		ch.Actor, ch.ETAMinutes = ordering.ActorStaff, 25
		d, err := db.Transition(ctx, ch, t0)
		if err != nil {
			t.Fatal(err)
		}
		if refund, err := db.RefundQueuedForTest(ctx, o.ID); err != nil || refund {
			t.Fatal("accept queued a refund", refund, err)
		}
		if d.Status != ordering.StatusAccepted || d.ExpectedAt == nil || !d.ExpectedAt.Equal(t0.Add(25*time.Minute)) {
			t.Fatalf("accepted: status %s expected_at %v", d.Status, d.ExpectedAt)
		}
		_, err = db.Transition(ctx, manager(schemeID, o.ID, ordering.StatusOnTheWay), t0)
		wantCode(t, err, platter.CodeTransitionRefused, "pickup on the way")
		evs, err := db.OrderEvents(ctx, schemeID, o.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		last := evs[len(evs)-1]
		if last.Kind != ordering.EventETA || string(last.Payload) != `{"expected_at":"2030-01-01T12:25:00Z"}` {
			t.Fatalf("last event %s %s, want the eta", last.Kind, last.Payload)
		}
		// Reading after an id returns only what came later.
		after, err := db.OrderEvents(ctx, schemeID, o.ID, evs[len(evs)-2].ID, 100)
		if err != nil || len(after) != 1 || after[0].ID != last.ID {
			t.Fatalf("events after %d: %+v %v", evs[len(evs)-2].ID, after, err)
		}
	})
}

// flaky is the sandbox behind a connection that breaks: the first
// failFirst calls reach the provider (which makes the refund) but their
// answer is lost. It records every idempotency key it was sent.
type flaky struct {
	payments.Sandbox
	mu        sync.Mutex
	keys      []string
	failFirst int
}

func (f *flaky) Refund(ctx context.Context, r payments.RefundRequest) (string, error) {
	f.mu.Lock()
	f.keys = append(f.keys, r.Ref)
	n := len(f.keys)
	f.mu.Unlock()
	id, err := f.Sandbox.Refund(ctx, r)
	if n <= f.failFirst {
		return "", errors.New("connection reset after the request was sent")
	}
	return id, err
}
