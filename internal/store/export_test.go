package store

import (
	"context"
	"time"

	"platter/internal/ordering"
	"platter/internal/report"
)

// Querier is what a test may run inside a store transaction: raw SQL (with
// the dialect's own placeholders) on the transaction itself.
type Querier = querier

// WriteForTest runs fn through the store's write-transaction helper, retries
// and error mapping included, so tests can drive it with SQL of their own.
func (db *DB) WriteForTest(ctx context.Context, fn func(tx Querier) error) error {
	return db.write(ctx, func(c conn) error { return fn(c.q) })
}

// ReadForTest runs fn through the store's read-transaction helper.
func (db *DB) ReadForTest(ctx context.Context, fn func(tx Querier) error) error {
	return db.read(ctx, func(c conn) error { return fn(c.q) })
}

// NotifyForTest commits a transaction that announces new events of an
// order, the way an order change does.
func (db *DB) NotifyForTest(ctx context.Context, orderID int64) error {
	return db.write(ctx, func(c conn) error { return notifyOrder(ctx, c, orderID) })
}

// WriteRelaxedForTest runs fn through writeRelaxed.
func (db *DB) WriteRelaxedForTest(ctx context.Context, fn func(tx Querier) error) error {
	return db.writeRelaxed(ctx, func(c conn) error { return fn(c.q) })
}

// QueuedWritesForTest is how many writes wait in SQLite's writer queue
// (sqlite_writer.go); -1 on PostgreSQL, which has none.
func (db *DB) QueuedWritesForTest() int {
	if db.writer == nil {
		return -1
	}
	return db.writer.queued()
}

// WriteGroupsForTest is how many transactions SQLite's writer committed;
// -1 on PostgreSQL.
func (db *DB) WriteGroupsForTest() int64 {
	if db.writer == nil {
		return -1
	}
	return db.writer.groups.Load()
}

// RefundQueuedForTest reports whether a refund of the order is queued (or
// made): what a status change that gives money back leaves behind.
func (db *DB) RefundQueuedForTest(ctx context.Context, orderID int64) (bool, error) {
	n := 0
	err := db.read(ctx, func(c conn) error {
		return c.queryRow(ctx, `SELECT COUNT(*) FROM refunds WHERE order_id = ?`, orderID).Scan(&n)
	})
	return n > 0, err
}

// SalesReportFromOrders is SalesReport summed from the orders and refunds
// themselves, never from the running sums of migration 0033.
func (db *DB) SalesReportFromOrders(ctx context.Context, schemeID int64, f report.Filter) (*report.Sales, error) {
	var out *report.Sales
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = salesReport(ctx, c, schemeID, f, true)
		return err
	})
	return out, err
}

// WriteEventForTest commits a transaction that writes a paid status event
// of an order and then runs hold (still inside the transaction: after the
// event's row is written, which on PostgreSQL is at the transaction's end,
// just before its commit).
func (db *DB) WriteEventForTest(ctx context.Context, orderID, schemeID int64, hold func()) error {
	return db.writeEventForTest(ctx, orderID, schemeID, true, hold)
}

// WriteEventHoldingForTest is WriteEventForTest with hold run before the
// end of the transaction's own work, so before the event's row is written
// on PostgreSQL.
func (db *DB) WriteEventHoldingForTest(ctx context.Context, orderID, schemeID int64, hold func()) error {
	return db.writeEventForTest(ctx, orderID, schemeID, false, hold)
}

func (db *DB) writeEventForTest(ctx context.Context, orderID, schemeID int64, flush bool, hold func()) error {
	return db.write(ctx, func(c conn) error {
		err := addEvent(ctx, c, orderID, schemeID, ordering.StatusPending, ordering.PayPaid, "test", "", time.Now())
		if err == nil && flush {
			err = flushEvents(ctx, c) // what write does after this function
		}
		if err == nil {
			hold()
		}
		return err
	})
}

// OrderEventsWaitersForTest counts the transactions waiting for the
// scheme's order-events lock (PostgreSQL).
func (db *DB) OrderEventsWaitersForTest(ctx context.Context, schemeID int64) (int, error) {
	k := uint64(eventsLockKey(schemeID))
	var n int
	err := db.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
		AND CAST(classid AS BIGINT) = $1 AND CAST(objid AS BIGINT) = $2 AND objsubid = 1`,
		int64(k>>32), int64(uint32(k))).Scan(&n)
	return n, err
}
