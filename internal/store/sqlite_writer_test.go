package store_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// holdWriter starts a write that keeps SQLite's one writer busy until the
// returned release is called, so the writes after it queue (and are then
// committed as one group). On PostgreSQL, which has no writer queue, it
// does nothing.
func holdWriter(t *testing.T, ctx context.Context, db *store.DB) (release func()) {
	t.Helper()
	if db.Dialect() != store.SQLite {
		return func() {}
	}
	started, hold, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- db.WriteForTest(ctx, func(store.Querier) error {
			close(started)
			<-hold
			return nil
		})
	}()
	<-started
	return func() {
		close(hold)
		if err := <-done; err != nil {
			t.Errorf("the holding write: %v", err)
		}
	}
}

// waitQueued waits until n writes wait in SQLite's writer queue (at once
// on PostgreSQL).
func waitQueued(db *store.DB, n int) {
	for db.Dialect() == store.SQLite && db.QueuedWritesForTest() != n {
		runtime.Gosched()
	}
}

func tableIDs(t *testing.T, ctx context.Context, db *store.DB, table string) []int {
	t.Helper()
	rows, err := db.SQL().QueryContext(ctx, "SELECT id FROM "+table+" ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestGroupedWritesFailAlone: writes that queue together are committed
// together on SQLite (one transaction, in the order they came), and one
// that fails, by its own error, a constraint or a panic, leaves no trace
// while the others commit; each caller gets its own outcome. On PostgreSQL
// the same writes run side by side with the same outcomes.
func TestGroupedWritesFailAlone(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := db.SQL().ExecContext(ctx, "CREATE TABLE grouped (id INT PRIMARY KEY)"); err != nil {
			t.Fatal(err)
		}
		insert := "INSERT INTO grouped (id) VALUES (?)"
		if db.Dialect() == store.Postgres {
			insert = "INSERT INTO grouped (id) VALUES ($1)"
		}
		if _, err := db.SQL().ExecContext(ctx, insert, 1); err != nil {
			t.Fatal(err)
		}
		const n = 9
		failed := errors.New("this write fails")
		var (
			wg       sync.WaitGroup
			mu       sync.Mutex
			ran      []int
			errs     [n]error
			panicked [n]any
		)
		groups := db.WriteGroupsForTest()
		release := holdWriter(t, ctx, db)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { panicked[i] = recover() }()
				errs[i] = db.WriteForTest(ctx, func(tx store.Querier) error {
					mu.Lock()
					ran = append(ran, i)
					mu.Unlock()
					if _, err := tx.ExecContext(ctx, insert, 100+i); err != nil {
						return err
					}
					switch i % 3 {
					case 1:
						return fmt.Errorf("write %d: %w", i, failed)
					case 2:
						if i == 5 {
							panic("write 5 panics")
						}
						_, err := tx.ExecContext(ctx, insert, 1) // taken
						return err
					}
					return nil
				})
			}()
			waitQueued(db, i+1) // so they queue in the order 0, 1, 2, …
		}
		release()
		wg.Wait()
		for i := range n {
			switch {
			case i == 5:
				if panicked[i] != "write 5 panics" {
					t.Errorf("write 5: recovered %v, want its panic", panicked[i])
				}
			case i%3 == 0:
				if errs[i] != nil || panicked[i] != nil {
					t.Errorf("write %d: %v %v, want success", i, errs[i], panicked[i])
				}
			case i%3 == 1:
				if !errors.Is(errs[i], failed) {
					t.Errorf("write %d: %v, want its own error", i, errs[i])
				}
			default:
				if platter.ErrorCode(errs[i]) != platter.CodeConflict {
					t.Errorf("write %d: %v, want a conflict", i, errs[i])
				}
			}
		}
		if got, want := tableIDs(t, ctx, db, "grouped"), []int{1, 100, 103, 106}; !slices.Equal(got, want) {
			t.Errorf("rows %v, want %v", got, want)
		}
		if db.Dialect() == store.SQLite {
			if !slices.Equal(ran, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}) {
				t.Errorf("writes ran in the order %v, want the order they came", ran)
			}
			if got := db.WriteGroupsForTest() - groups; got != 2 {
				t.Errorf("%d transactions committed, want 2 (the holding write, then the group)", got)
			}
		}
	})
}

// TestQueuedWriteCancelled: a caller whose context ends while its write
// still waits for the writer leaves at once with the context's error, and
// the write never runs; the writes around it are not affected.
func TestQueuedWriteCancelled(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		release := holdWriter(t, ctx, db)
		mine, leave := context.WithCancel(ctx)
		ran := false
		done := make(chan error, 1)
		go func() {
			done <- db.WriteForTest(mine, func(store.Querier) error { ran = true; return nil })
		}()
		waitQueued(db, 1)
		leave()
		err := <-done
		waitQueued(db, 0)
		release()
		if db.Dialect() == store.SQLite && (err == nil || ran) {
			t.Errorf("cancelled while queued: %v, ran %v; want the context's error and no run", err, ran)
		}
		if err := db.WriteForTest(ctx, func(store.Querier) error { return nil }); err != nil {
			t.Errorf("the next write: %v", err)
		}
	})
}

// TestFailedGroupRunsWritesAlone: when the group's transaction itself fails
// (here one write ends it behind the writer's back, so SQLite cannot
// release its savepoint), every write that did not fail on its own runs
// again in a transaction of its own (those before the culprit run twice,
// those after it once) and commits exactly once; the culprit gets an error. (SQLite only: PostgreSQL has no groups.)
func TestFailedGroupRunsWritesAlone(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.SQL().ExecContext(ctx, "CREATE TABLE regrouped (id INT PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	const n = 5
	var (
		wg   sync.WaitGroup
		runs [n]int
		errs [n]error
	)
	release := holdWriter(t, ctx, db)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.WriteForTest(ctx, func(tx store.Querier) error {
				runs[i]++
				if _, err := tx.ExecContext(ctx, "INSERT INTO regrouped (id) VALUES (?)", i); err != nil {
					return err
				}
				if i == 2 {
					_, err := tx.ExecContext(ctx, "ROLLBACK")
					return err
				}
				return nil
			})
		}()
		waitQueued(db, i+1)
	}
	release()
	wg.Wait()
	for i := range n {
		switch {
		case i == 2:
			if errs[i] == nil {
				t.Errorf("write 2 ended the transaction and succeeded")
			}
		case errs[i] != nil:
			t.Errorf("write %d: %v", i, errs[i])
		case i < 2 && runs[i] != 2:
			t.Errorf("write %d ran %d times, want 2 (in the group, then alone)", i, runs[i])
		case i > 2 && runs[i] != 1:
			t.Errorf("write %d ran %d times, want 1 (the group failed before its turn)", i, runs[i])
		}
	}
	if got, want := tableIDs(t, ctx, db, "regrouped"), []int{0, 1, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
}

// TestRelaxedWriteGroupedWithDurable: a relaxed write that shares its group
// with a durable one is committed durably (synchronous=FULL); a group of
// relaxed writes alone is not. (SQLite only: PostgreSQL commits every
// write durably.)
func TestRelaxedWriteGroupedWithDurable(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, mixed := range []bool{true, false} {
		var (
			wg   sync.WaitGroup
			seen [2]string
			errs [2]error
		)
		release := holdWriter(t, ctx, db)
		for i := range 2 {
			write := db.WriteRelaxedForTest
			if mixed && i == 1 {
				write = db.WriteForTest
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = write(ctx, func(tx store.Querier) error {
					return tx.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&seen[i])
				})
			}()
			waitQueued(db, i+1)
		}
		release()
		wg.Wait()
		want := "1"
		if mixed {
			want = "2"
		}
		if errs[0] != nil || errs[1] != nil || seen[0] != want || seen[1] != want {
			t.Errorf("mixed %v: synchronous %v (%v %v), want %s for both", mixed, seen, errs[0], errs[1], want)
		}
	}
}
