package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// syncSetting reads how a commit on tx waits for the disk: SQLite's
// synchronous (2 FULL, 1 NORMAL), PostgreSQL's synchronous_commit.
func syncSetting(ctx context.Context, db *store.DB, tx store.Querier) (string, error) {
	q := "PRAGMA synchronous"
	if db.Dialect() == store.Postgres {
		q = "SHOW synchronous_commit"
	}
	var v string
	err := tx.QueryRowContext(ctx, q).Scan(&v)
	return v, err
}

// TestRelaxedWrite: a relaxed write commits (or rolls back) like any
// other, on SQLite without waiting for the disk, and every write after it
// waits again: the setting never outlives its transaction. (PostgreSQL
// commits relaxed writes durably: see writeRelaxed.)
func TestRelaxedWrite(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		durable, relaxed := "2", "1"
		if db.Dialect() == store.Postgres {
			durable, relaxed = "on", "on"
		}
		check := func(write func(context.Context, func(store.Querier) error) error, want string) {
			t.Helper()
			if err := write(ctx, func(tx store.Querier) error {
				got, err := syncSetting(ctx, db, tx)
				if err == nil && got != want {
					t.Errorf("commit setting %q, want %q", got, want)
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		check(db.WriteForTest, durable)
		if _, err := db.SQL().ExecContext(ctx, "CREATE TABLE relaxed_rows (id INT PRIMARY KEY)"); err != nil {
			t.Fatal(err)
		}
		if err := db.WriteRelaxedForTest(ctx, func(tx store.Querier) error {
			if got, err := syncSetting(ctx, db, tx); err != nil || got != relaxed {
				t.Errorf("relaxed write: commit setting %q (%v), want %q", got, err, relaxed)
			}
			_, err := tx.ExecContext(ctx, "INSERT INTO relaxed_rows (id) VALUES (1)")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		check(db.WriteForTest, durable)
		failed := errors.New("roll back")
		if err := db.WriteRelaxedForTest(ctx, func(tx store.Querier) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO relaxed_rows (id) VALUES (2)"); err != nil {
				return err
			}
			return failed
		}); err == nil {
			t.Fatal("a failed relaxed write reported success")
		}
		check(db.WriteForTest, durable)
		var ids []int
		rows, err := db.SQL().QueryContext(ctx, "SELECT id FROM relaxed_rows ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		if len(ids) != 1 || ids[0] != 1 {
			t.Fatalf("rows %v, want [1]: the relaxed commit kept, the failed one rolled back", ids)
		}
	})
}
