package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"platter/internal/platter"
)

// SQLite has one writer at a time, and a durable commit waits for the disk
// while it holds the write lock. Under load (the checkout bench: 8
// customers, three writes each) the single writing connection was busy
// most of the time, and writes queued for it:
//
//   - database/sql hands a freed connection to a random one of its waiters,
//     so some writes waited for many others to pass first (a write's p99
//     wait was six times its median);
//   - each write paid its own fsync (~0.7 ms, more than the rest of its
//     transaction), one after another.
//
// So on SQLite writes go through a queue served by one goroutine, first
// come first served, and the writer runs all the writes waiting when it
// comes round in one transaction ("group commit"): each write in a
// SAVEPOINT of its own, rolled back to on that write's error so it does not
// touch the others, and one COMMIT (one fsync) for all. A caller learns its
// outcome only after that COMMIT, so whatever it does after a write (wake
// the order streams, answer the customer) still follows a durable commit.
// A group is as durable as its most durable write: relaxed writes
// (relaxed.go) commit with synchronous=NORMAL only when no durable write
// shares their group. If the group fails as a whole (its COMMIT, or a
// savepoint SQLite could not roll back to), its writes that did not fail
// on their own run again one by one, which write's contract allows (fn
// must be safe to run more than once); if it could not even begin, every
// write of it gets that error. Alone in the queue, a write runs in a
// transaction of its own, as before. Measured (bench/RESULTS.md,
// 2026-11-23): checkouts 340–361/s → 465–473/s, p99 53–58 → 28–34 ms.

// maxGroup bounds the writes committed together, so one group (and the
// wait of the writes behind it) stays short.
const maxGroup = 32

// errClosed answers writes queued after (or while) the store was closed.
var errClosed = errors.New("store: the database is closed")

// writeJob is one queued write.
type writeJob struct {
	ctx     context.Context
	fn      func(c conn) error
	relaxed bool
	done    chan struct{} // closed when err (or panicked) is set
	err     error
	// panicked holds what fn panicked with, re-raised in the caller.
	panicked any
	// taken: the writer has it (set under sqliteWriter.mu).
	taken bool
}

// sqliteWriter is the queue of writes and the goroutine that runs them.
type sqliteWriter struct {
	db      *DB
	wake    chan struct{} // a token: the queue may have grown
	stopped chan struct{} // closed when the goroutine has returned

	mu     sync.Mutex
	queue  []*writeJob
	closed bool

	// groups counts the transactions committed, for tests.
	groups atomic.Int64
}

func newSQLiteWriter(db *DB) *sqliteWriter {
	w := &sqliteWriter{db: db, wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	go w.loop()
	return w
}

// submit queues fn and waits for its outcome. A caller whose context ends
// while its write is still queued leaves with the context's error; once
// the writer has taken it, the write runs (its statements fail fast on a
// done context) and the caller waits for the group's end.
func (w *sqliteWriter) submit(ctx context.Context, fn func(c conn) error, relaxed bool) error {
	if err := ctx.Err(); err != nil {
		return mapErr(err)
	}
	j := &writeJob{ctx: ctx, fn: fn, relaxed: relaxed, done: make(chan struct{})}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return platter.Internal(errClosed)
	}
	w.queue = append(w.queue, j)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default: // the writer has a token already
	}
	select {
	case <-j.done:
	case <-ctx.Done():
		w.mu.Lock()
		if !j.taken {
			w.remove(j)
			w.mu.Unlock()
			return mapErr(ctx.Err())
		}
		w.mu.Unlock()
		<-j.done
	}
	if j.panicked != nil {
		panic(j.panicked)
	}
	return j.err
}

// remove drops j from the queue; w.mu is held.
func (w *sqliteWriter) remove(j *writeJob) {
	for i, q := range w.queue {
		if q == j {
			w.queue = append(w.queue[:i], w.queue[i+1:]...)
			return
		}
	}
}

// queued is how many writes wait for the writer.
func (w *sqliteWriter) queued() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.queue)
}

// close stops taking writes, fails the queued ones, and waits for the
// group being run to end.
func (w *sqliteWriter) close() {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		<-w.stopped
		return
	}
	w.closed = true
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
	<-w.stopped
}

func (w *sqliteWriter) loop() {
	defer close(w.stopped)
	for range w.wake {
		for {
			w.mu.Lock()
			if w.closed {
				for _, j := range w.queue {
					j.finish(platter.Internal(errClosed))
				}
				w.queue = nil
				w.mu.Unlock()
				return
			}
			n := min(len(w.queue), maxGroup)
			group := make([]*writeJob, n)
			copy(group, w.queue)
			w.queue = append(w.queue[:0], w.queue[n:]...)
			for _, j := range group {
				j.taken = true
			}
			w.mu.Unlock()
			if n == 0 {
				break
			}
			w.run(group)
		}
	}
}

// finish tells the caller err.
func (j *writeJob) finish(err error) {
	j.err = err
	close(j.done)
}

// run commits group, dropping the writes whose callers have gone, and
// tells every caller its outcome.
func (w *sqliteWriter) run(group []*writeJob) {
	live := group[:0]
	for _, j := range group {
		if err := j.ctx.Err(); err != nil {
			j.finish(mapErr(err))
			continue
		}
		live = append(live, j)
	}
	if len(live) == 0 {
		return
	}
	outcomes := make([]error, len(live)) // each write's own error
	err := w.commit(live, outcomes)
	for i, j := range live {
		switch {
		case outcomes[i] != nil || err == nil:
			j.err = mapErr(outcomes[i])
		case len(live) == 1:
			j.err = mapErr(err)
		default:
			// The group failed as a whole: a write that did not fail by
			// itself runs again, alone.
			one := []error{nil}
			if err := w.commit([]*writeJob{j}, one); err != nil && one[0] == nil {
				one[0] = err
			}
			j.err = mapErr(one[0])
		}
		close(j.done)
	}
}

// commit runs the writes in one transaction. A write's own error (or
// panic) goes into outcomes, and the others go on; the error returned is
// the group's: nothing of it was committed.
func (w *sqliteWriter) commit(jobs []*writeJob, outcomes []error) error {
	tx, finish, err := w.begin(jobs)
	if err != nil {
		// Nothing ran: running the writes again would only wait again.
		for i := range outcomes {
			outcomes[i] = err
		}
		return err
	}
	defer finish()
	// The savepoints' own statements never wait (the write lock is held):
	// no context to watch.
	ctx := context.Background()
	alone := len(jobs) == 1
	for i, j := range jobs {
		if !alone {
			if _, err := tx.ExecContext(ctx, "SAVEPOINT w"); err != nil {
				_ = tx.Rollback()
				return err
			}
		}
		jerr := j.call(tx, w.db)
		if jerr == nil {
			if !alone {
				if _, err := tx.ExecContext(ctx, "RELEASE w"); err != nil {
					_ = tx.Rollback()
					return err
				}
			}
			continue
		}
		outcomes[i] = jerr
		if alone {
			_ = tx.Rollback()
			return nil
		}
		// Undo this write only. If SQLite cannot (an I/O error or a full
		// disk rolls the whole transaction back), the group has failed.
		if err := rollbackTo(ctx, tx); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	w.groups.Add(1)
	return nil
}

// begin opens the group's transaction on the writing connection, switched
// to relaxed commits when every write of the group allows it; finish hands
// the connection back.
func (w *sqliteWriter) begin(jobs []*writeJob) (_ *sql.Tx, finish func(), err error) {
	ctx, stop := groupContext(jobs)
	sc, err := w.db.wdb.Conn(ctx)
	if err != nil {
		stop()
		return nil, nil, err
	}
	relaxed := true
	for _, j := range jobs {
		relaxed = relaxed && j.relaxed
	}
	finish = func() {
		if relaxed {
			resetDurable(ctx, sc)
		}
		_ = sc.Close()
		stop()
	}
	if relaxed {
		if err := setRelaxed(ctx, sc); err != nil {
			finish()
			return nil, nil, err
		}
	}
	tx, err := sc.BeginTx(ctx, nil)
	if err != nil {
		finish()
		return nil, nil, err
	}
	w.db.stats.transactions.Add(1)
	return tx, finish, nil
}

// rollbackTo undoes the writes since the last SAVEPOINT w and ends it.
func rollbackTo(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, "ROLLBACK TO w"); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "RELEASE w")
	return err
}

// call runs the job's fn in tx, turning a panic into an error (kept to be
// raised again in the caller's goroutine).
func (j *writeJob) call(tx *sql.Tx, db *DB) (err error) {
	defer func() {
		if p := recover(); p != nil {
			j.panicked = p
			err = fmt.Errorf("store: write panicked: %v", p)
		}
	}()
	return j.fn(conn{q: tx, dialect: db.dialect, mail: db.orderMail, tx: true, stats: db.stats})
}

// groupContext is the context of a group's connection and BEGIN: a lone
// write's own, or one that ends when every write's has ended (so no
// caller's deadline cuts the others' transaction short).
func groupContext(jobs []*writeJob) (context.Context, func()) {
	if len(jobs) == 1 {
		return jobs[0].ctx, func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	left := atomic.Int64{}
	left.Store(int64(len(jobs)))
	stops := make([]func() bool, len(jobs))
	for i, j := range jobs {
		stops[i] = context.AfterFunc(j.ctx, func() {
			if left.Add(-1) == 0 {
				cancel()
			}
		})
	}
	return ctx, func() {
		for _, s := range stops {
			s()
		}
		cancel()
	}
}

// setRelaxed switches the writing connection to commit without waiting
// for the disk (relaxed.go).
func setRelaxed(ctx context.Context, sc *sql.Conn) error {
	_, err := sc.ExecContext(ctx, "PRAGMA synchronous = NORMAL")
	return err
}

// resetDurable switches it back before it serves anyone else; a connection
// that cannot be switched back is thrown away.
func resetDurable(ctx context.Context, sc *sql.Conn) {
	if _, err := sc.ExecContext(context.WithoutCancel(ctx), "PRAGMA synchronous = FULL"); err != nil {
		_ = sc.Raw(func(any) error { return driver.ErrBadConn })
	}
}
