package store

import "context"

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
