package store_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The SQLite connections keep their compiled statements (sqlite_stmts.go);
// PostgreSQL's driver keeps its own. These run the cases a kept statement
// could get wrong on both databases: a schema change under a kept
// statement, and a statement that failed being run again. (The same query
// again while its first rows are still open is SQLite's alone: pgx cannot
// run a query on a connection whose rows are open; see
// sqlite_stmts_internal_test.go.)

func TestKeptStatementAfterSchemaChange(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		exec := func(q string) {
			t.Helper()
			if err := db.WriteForTest(ctx, func(tx store.Querier) error {
				_, err := tx.ExecContext(ctx, q)
				return err
			}); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		read := func() (n int) {
			t.Helper()
			if err := db.WriteForTest(ctx, func(tx store.Querier) error {
				return tx.QueryRowContext(ctx, `SELECT n FROM kept_schema WHERE id = 1`).Scan(&n)
			}); err != nil {
				t.Fatal(err)
			}
			return n
		}
		exec(`CREATE TABLE kept_schema (id INT PRIMARY KEY, n INT NOT NULL)`)
		exec(`INSERT INTO kept_schema (id, n) VALUES (1, 10)`)
		if got := read(); got != 10 {
			t.Fatalf("n = %d, want 10", got)
		}
		exec(`ALTER TABLE kept_schema ADD COLUMN m INT NOT NULL DEFAULT 7`)
		exec(`UPDATE kept_schema SET n = 11`)
		if got := read(); got != 11 {
			t.Fatalf("after ALTER TABLE n = %d, want 11", got)
		}
		exec(`DROP TABLE kept_schema`)
		exec(`CREATE TABLE kept_schema (n INT NOT NULL, id INT PRIMARY KEY)`)
		exec(`INSERT INTO kept_schema (n, id) VALUES (12, 1)`)
		if got := read(); got != 12 {
			t.Fatalf("after the table was made again n = %d, want 12", got)
		}
	})
}

func TestKeptStatementAfterAFailure(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := db.SQL().ExecContext(ctx, `CREATE TABLE kept_fail (id INT PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		insert := `INSERT INTO kept_fail (id) VALUES (?)`
		if db.Dialect() == store.Postgres {
			insert = `INSERT INTO kept_fail (id) VALUES ($1)`
		}
		for i, c := range []struct {
			id   int
			fail bool
		}{{1, false}, {1, true}, {2, false}, {2, true}, {3, false}} {
			err := db.WriteForTest(ctx, func(tx store.Querier) error {
				_, err := tx.ExecContext(ctx, insert, c.id)
				return err
			})
			if (err != nil) != c.fail {
				t.Fatalf("insert %d (#%d): err %v, want failure %v", c.id, i, err, c.fail)
			}
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM kept_fail`).Scan(&n); err != nil || n != 3 {
			t.Fatalf("count: %d, %v; want 3", n, err)
		}
	})
}
