package store

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"platter/internal/ordering"
)

// Waker is told which orders have new events (notify.Hub implements it).
type Waker interface {
	Wake(orderID int64)
	// WakeAll: any order may have new events (wake-ups may have been lost).
	WakeAll()
}

// eventChannel is the PostgreSQL NOTIFY channel of order events; the
// payload is the order id.
const eventChannel = "order_events"

// listenerAppName marks the listening connection in pg_stat_activity.
const listenerAppName = "platter-listener"

// One event writer. Every order event goes through writeEvent, in the
// transaction of the change it records, and so every one of them:
//   - is a row of order_events (what streams read: a lost wake-up loses
//     nothing);
//   - sends the PostgreSQL NOTIFY inside the transaction (delivered to
//     every listening instance when, and only if, it commits);
//   - is remembered on the transaction's afterCommit, which db.write
//     drains after the commit: this process's streams are woken on SQLite
//     (one process serves a SQLite database), and the refund worker is
//     poked when the transaction queued a refund (queueRefund).
// No caller can forget a step: there is no other way to write an event.

// afterCommit is what one write transaction must cause once committed.
type afterCommit struct {
	orders []int64 // orders with new events, each once
	refund bool    // a refund was queued
}

// wrap resets the record at each run of fn (write may run it again) and
// hands it to fn's conn.
func (fx *afterCommit) wrap(fn func(c conn) error) func(c conn) error {
	return func(c conn) error {
		*fx = afterCommit{}
		c.fx = fx
		return fn(c)
	}
}

func (fx *afterCommit) order(id int64) {
	for _, o := range fx.orders {
		if o == id {
			return
		}
	}
	fx.orders = append(fx.orders, id)
}

// committed runs after a write's commit.
func (db *DB) committed(fx *afterCommit) {
	db.wakeLocal(fx.orders...)
	if fx.refund {
		if f := db.refundQueued.Load(); f != nil {
			(*f)()
		}
	}
}

// SetRefundQueued sets what wakes the refund worker after a commit that
// queued a refund (the worker's Poke); nil: nothing, the worker polls.
func (db *DB) SetRefundQueued(f func()) {
	if f == nil {
		db.refundQueued.Store(nil)
		return
	}
	db.refundQueued.Store(&f)
}

// event is one row of order_events.
type event struct {
	orderID, schemeID int64
	kind              string // ordering.Event*; "" is the table's default (status)
	status            ordering.Status
	payment           string
	actor, reason     string
	payload           json.RawMessage // nil: none
	at                time.Time
}

// writeEvent is the one event writer (see above).
func writeEvent(ctx context.Context, c conn, e event) error {
	var err error
	if e.kind == "" {
		_, err = c.exec(ctx, `INSERT INTO order_events (order_id, scheme_id, status, payment_status, actor, reason,
			created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, e.orderID, e.schemeID, e.status, e.payment, e.actor, e.reason, e.at)
	} else {
		_, err = c.exec(ctx, `INSERT INTO order_events (order_id, scheme_id, kind, status, payment_status, actor,
				reason, payload, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, e.orderID, e.schemeID, e.kind, e.status, e.payment, e.actor, e.reason,
			string(e.payload), e.at)
	}
	if err != nil {
		return err
	}
	return notifyOrder(ctx, c, e.orderID)
}

// notifyOrder announces, inside the transaction, that an order has new
// events: NOTIFY on PostgreSQL, and the order remembered for the local
// wake-up after the commit. The order's venue is announced too, under
// ordering.VenueWakeKey (its id negated), for the order board's streams
// that follow the whole venue.
func notifyOrder(ctx context.Context, c conn, orderID int64) error {
	if c.fx != nil {
		c.fx.order(orderID)
	}
	if c.dialect != Postgres {
		return nil
	}
	if _, err := c.exec(ctx, "SELECT pg_notify('"+eventChannel+"', ?)", strconv.FormatInt(orderID, 10)); err != nil {
		return err
	}
	_, err := c.exec(ctx, "SELECT pg_notify('"+eventChannel+"', CAST(-venue_id AS TEXT)) FROM orders WHERE id = ?", orderID)
	return err
}

// wakeLocal wakes this process's streams of the orders after a commit on
// SQLite; on PostgreSQL the listener does it for every instance.
func (db *DB) wakeLocal(orderIDs ...int64) {
	if db.dialect == Postgres || len(orderIDs) == 0 {
		return
	}
	if w := db.waker.Load(); w != nil {
		for _, id := range orderIDs {
			(*w).Wake(id)
			// The boards of the order's venue (ordering.VenueWakeKey).
			var venue int64
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := db.single().queryRow(ctx, "SELECT venue_id FROM orders WHERE id = ?", id).Scan(&venue)
			cancel()
			if err == nil {
				(*w).Wake(ordering.VenueWakeKey(venue))
			}
		}
	}
}

// Listen feeds w with the order wake-ups of every instance until ctx ends.
// On SQLite they come from this process's commits. On PostgreSQL one
// dedicated connection, outside the pool (a pooled connection would be
// handed to queries), LISTENs; when it breaks it reconnects with backoff
// and wakes every stream once, because notifications sent while it was
// away are lost (the events themselves are in the table).
func (db *DB) Listen(ctx context.Context, w Waker, log *slog.Logger) {
	if log == nil {
		log = slog.Default()
	}
	if db.dialect != Postgres {
		db.waker.Store(&w)
		<-ctx.Done()
		db.waker.Store(nil)
		return
	}
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		connected, err := db.listenOnce(ctx, w)
		if ctx.Err() != nil {
			return
		}
		if connected {
			backoff = 100 * time.Millisecond
		}
		log.Warn("order event listener lost its connection; reconnecting", "err", err, "in", backoff.String())
		if sleepCtx(ctx, backoff) != nil {
			return
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

// listenOnce listens on one connection until it breaks; connected says
// whether it got as far as listening (a working server resets the backoff).
func (db *DB) listenOnce(ctx context.Context, w Waker) (connected bool, err error) {
	cfg := db.pgConfig.Copy()
	cfg.RuntimeParams["application_name"] = listenerAppName
	delete(cfg.RuntimeParams, "statement_timeout") // waiting is all it does
	cn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, err
	}
	defer cn.Close(context.WithoutCancel(ctx))
	if _, err := cn.Exec(ctx, "LISTEN "+eventChannel); err != nil {
		return false, err
	}
	w.WakeAll()
	for {
		n, err := cn.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		if id, err := strconv.ParseInt(n.Payload, 10, 64); err == nil {
			w.Wake(id)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
