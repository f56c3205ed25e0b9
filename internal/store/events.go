package store

import (
	"context"
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

// notifyOrder announces, inside the transaction that wrote an order's
// events, that the order has new ones. PostgreSQL delivers the NOTIFY to
// every listening instance when (and only if) the transaction commits; on
// SQLite the caller wakes this process's streams after the commit
// (wakeLocal): a SQLite database is served by one process.
//
// The order's venue is announced too, under ordering.VenueWakeKey (its id
// negated), for the order board's streams that follow the whole venue.
func notifyOrder(ctx context.Context, c conn, orderID int64) error {
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
	if db.dialect == Postgres {
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
