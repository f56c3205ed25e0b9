package store

import "sync/atomic"

// dbStats counts what this process sent to the database: statements (each
// one round trip on PostgreSQL, or two the first time a connection
// prepares it) and transactions (a BEGIN and a COMMIT or ROLLBACK each). A
// SQLite write group is one transaction however many writes it holds.
// bench/checkout.sh reads them (platter_db_statements_total and
// platter_db_transactions_total on /metrics) to report statements per
// checkout beside the rate.
type dbStats struct {
	statements   atomic.Int64
	transactions atomic.Int64
}

func (s *dbStats) statement() {
	if s != nil {
		s.statements.Add(1)
	}
}

// Statements reports how many statements and transactions this DB has
// sent since it was opened.
func (db *DB) Statements() (statements, transactions int64) {
	return db.stats.statements.Load(), db.stats.transactions.Load()
}
