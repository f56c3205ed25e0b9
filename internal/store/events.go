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

// catalogChannel is the NOTIFY channel the triggers on schemes, venues and
// menus send to (migration 0035): kept menu refs are stale (refcache.go).
const catalogChannel = "catalog_changed"

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
	orders  []int64 // orders with new events, each once
	refund  bool    // a refund was queued
	webhook bool    // a webhook delivery was queued (webhooks_queue.go)
	catalog bool    // a statement may have changed schemes, venues, venue_hours or menus (refcache.go)
	// On PostgreSQL, what the transaction writes at its end, in one
	// statement (flushEvents): its events, the report's sums it adds
	// (sums.addLater) and the number of the order it made (numberLater).
	events []event
	sums   *sums
	number *numbering
}

// wrap resets the record at each run of fn (write may run it again),
// hands it to fn's conn, and when fn succeeds writes what it left for the
// end: the report's sums, then the events (the last locks it takes).
func (fx *afterCommit) wrap(ctx context.Context, fn func(c conn) error) func(c conn) error {
	return func(c conn) error {
		*fx = afterCommit{}
		c.fx = fx
		if err := fn(c); err != nil {
			return err
		}
		return flushEvents(ctx, c)
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
	if fx.catalog {
		db.refs.changed() // before the write's caller is answered (refcache.go)
	}
	db.wakeLocal(fx.orders...)
	if fx.refund {
		if f := db.refundQueued.Load(); f != nil {
			(*f)()
		}
	}
	if fx.webhook {
		if f := db.webhookQueued.Load(); f != nil {
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

// writeEvent is the one event writer (see above). On PostgreSQL, in a
// write transaction, the event is kept until the transaction's work is done
// and written then with all its others (flushEvents); elsewhere it is
// written at once.
func writeEvent(ctx context.Context, c conn, e event) error {
	if c.dialect == Postgres && c.fx != nil {
		c.fx.events = append(c.fx.events, e)
		c.fx.order(e.orderID)
		return nil
	}
	if c.dialect == Postgres { // outside db.write: no transaction to wait for
		return insertEvents(ctx, c, []event{e}, []int64{eventsLockKey(e.schemeID)}, nil)
	}
	cols, vals := "order_id, scheme_id, status, payment_status, actor, reason, created_at", "?, ?, ?, ?, ?, ?, ?"
	args := []any{e.orderID, e.schemeID, e.status, e.payment, e.actor, e.reason, e.at}
	if e.kind != "" {
		cols, vals = "order_id, scheme_id, kind, status, payment_status, actor, reason, payload, created_at",
			"?, ?, ?, ?, ?, ?, ?, ?, ?"
		args = []any{e.orderID, e.schemeID, e.kind, e.status, e.payment, e.actor, e.reason, string(e.payload), e.at}
	}
	if _, err := c.exec(ctx, "INSERT INTO order_events ("+cols+") VALUES ("+vals+")", args...); err != nil {
		return err
	}
	return notifyOrder(ctx, c, e.orderID)
}

// eventsLockKey is the scheme's order-events lock, a transaction-scoped
// advisory lock on PostgreSQL. Streams read order_events by id (after the
// last id sent), so ids must become visible in their order: without the
// lock, a transaction that took id 100 and committed after another's 101
// was never sent to a stream that had read 101 — a paid order missing from
// the live board (found by bench/scale/chaos.sh;
// TestOrderEventsCommitInIDOrder). Every event is inserted under it and it
// is held until commit, so the scheme's event writers commit in id order.
// It is taken by the statement that inserts the events (flushEvents), the
// last of its transaction: held for that statement and the commit only.
// SQLite has one writer at a time already.
func eventsLockKey(schemeID int64) int64 {
	return advisoryKey("order_events:" + strconv.FormatInt(schemeID, 10))
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
	if _, err := cn.Exec(ctx, "LISTEN "+eventChannel+"; LISTEN "+catalogChannel); err != nil {
		return false, err
	}
	// Catalogue changes made while no one listened went unseen: kept menu
	// refs are stale, and are kept again only while this connection holds.
	db.refs.changed()
	db.refs.live.Store(true)
	defer func() {
		db.refs.live.Store(false)
		db.refs.changed()
	}()
	w.WakeAll()
	for {
		n, err := cn.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		if n.Channel == catalogChannel {
			db.refs.changed()
			continue
		}
		if id, err := strconv.ParseInt(n.Payload, 10, 64); err == nil {
			w.Wake(id)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
