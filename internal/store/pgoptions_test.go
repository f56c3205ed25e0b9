package store_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestStatementTimeout: a statement that runs longer than the configured
// PLATTER_DB_STATEMENT_TIMEOUT is cancelled by PostgreSQL and answers a
// clean "took too long, try again" (1503 with Retry-After) instead of
// holding a connection for as long as it likes; the pool still works.
func TestStatementTimeout(t *testing.T) {
	t.Parallel()
	pgURL := os.Getenv(storetest.PostgresEnv)
	if pgURL == "" {
		t.Skip(storetest.PostgresEnv + " is not set")
	}
	ctx := context.Background()
	// No tables needed: the server's own database will do.
	db, err := store.OpenWith(ctx, pgURL, store.Options{StatementTimeout: 200 * time.Millisecond, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	err = db.ReadForTest(ctx, func(tx store.Querier) error {
		_, err := tx.ExecContext(ctx, "SELECT pg_sleep(20)")
		return err
	})
	took := time.Since(start)
	var pe *platter.Error
	if !errors.As(err, &pe) || pe.Code != platter.CodeUnavailable || pe.Message != "error.timeout" ||
		pe.Params["retry_after"] == "" {
		t.Fatalf("pg_sleep(20) with a 200 ms statement timeout: %v (%T), want 1503 error.timeout with retry_after", err, err)
	}
	if took > 10*time.Second {
		t.Errorf("the statement ran %v: the timeout did not cancel it", took)
	}
	var one int
	if err := db.SQL().QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("after the timeout: %d, %v", one, err)
	}
	if got := db.SQL().Stats().MaxOpenConnections; got != 2 {
		t.Errorf("pool size %d, want the configured 2", got)
	}
}
