package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// openPostgres returns a fresh PostgreSQL store, or skips when the test
// database is not configured (these tests are about PostgreSQL only).
func openPostgres(t *testing.T) *store.DB {
	t.Helper()
	for _, d := range storetest.Dialects() {
		if d == store.Postgres {
			return storetest.Open(t, store.Postgres)
		}
	}
	t.Skip(storetest.PostgresEnv + " is not set")
	return nil
}

// TestWriteRetriesDeadlock makes a real deadlock: two write transactions
// each update one row, wait until the other holds its row, then update the
// other row. PostgreSQL aborts one of them (40P01); the transaction helper
// runs it again, and both writes succeed.
func TestWriteRetriesDeadlock(t *testing.T) {
	t.Parallel()
	db := openPostgres(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.SQL().ExecContext(ctx, `CREATE TABLE tx_pair (id INT PRIMARY KEY, n INT NOT NULL);
		INSERT INTO tx_pair VALUES (1, 0), (2, 0)`); err != nil {
		t.Fatal(err)
	}
	var (
		held     sync.WaitGroup // both transactions hold their first row
		wg       sync.WaitGroup
		runs     [2]int
		errs     [2]error
		rowOrder = [2][2]int{{1, 2}, {2, 1}}
	)
	held.Add(2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.WriteForTest(ctx, func(tx store.Querier) error {
				runs[i]++
				if _, err := tx.ExecContext(ctx, "UPDATE tx_pair SET n = n + 1 WHERE id = $1", rowOrder[i][0]); err != nil {
					return err
				}
				if runs[i] == 1 {
					held.Done()
					held.Wait()
				}
				_, err := tx.ExecContext(ctx, "UPDATE tx_pair SET n = n + 1 WHERE id = $1", rowOrder[i][1])
				return err
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("transaction %d: %v", i, err)
		}
	}
	if runs[0]+runs[1] < 3 {
		t.Errorf("runs = %v: no transaction was run again, so there was no deadlock to test", runs)
	}
	var a, b int
	if err := db.SQL().QueryRowContext(ctx, "SELECT (SELECT n FROM tx_pair WHERE id = 1), (SELECT n FROM tx_pair WHERE id = 2)").Scan(&a, &b); err != nil {
		t.Fatal(err)
	}
	if a != 2 || b != 2 {
		t.Errorf("rows = %d, %d; want 2, 2 (each transaction applied once)", a, b)
	}
}

// TestWriteRetriesAreBounded: a transaction that keeps losing a
// serialization conflict is given up after a few runs, with that error;
// any other error is not retried at all.
func TestWriteRetriesAreBounded(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		runs := 0
		err := db.WriteForTest(ctx, func(store.Querier) error {
			runs++
			return &pgconn.PgError{Code: "40001", Message: "could not serialize access"}
		})
		var pg *pgconn.PgError
		if !errors.As(err, &pg) || pg.Code != "40001" || runs != 5 {
			t.Errorf("always 40001: %d runs, %v; want 5 runs and the 40001 error", runs, err)
		}
		runs = 0
		err = db.WriteForTest(ctx, func(store.Querier) error { runs++; return errors.New("boom") })
		if err == nil || runs != 1 {
			t.Errorf("plain error: %d runs, %v; want 1 run and the error", runs, err)
		}
	})
}
