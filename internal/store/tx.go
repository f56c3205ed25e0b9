package store

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"platter/internal/platter"
)

// read runs fn in a read-only transaction. On PostgreSQL it is REPEATABLE
// READ so the several queries of one read see one snapshot (a menu and its
// version must agree); SQLite transactions are snapshots already.
func (db *DB) read(ctx context.Context, fn func(c conn) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	return db.inTx(ctx, db.db, opts, fn)
}

// write runs fn in a read-write transaction and commits when fn succeeds.
//
// On PostgreSQL a transaction that lost a deadlock (40P01) or a
// serialization conflict (40001) is rolled back and run again, up to
// writeAttempts times with a short random wait, because the other
// transaction has gone through and this one will usually pass now. So fn
// MUST be safe to run more than once: everything it decides comes from the
// database through c, and whatever it hands back to the caller (a captured
// variable, a slice it appends to) is set afresh on every run, never
// accumulated across runs. (On SQLite a write is run again when the group
// it was committed with fails: sqlite_writer.go.) fn must not make network
// calls either (docs/architecture.md §2: on SQLite the single writer would stall every
// request). On SQLite fn runs on the writer's goroutine, not the caller's:
// a panic is raised again in the caller, but fn must not end its goroutine
// (runtime.Goexit, a test's t.FailNow), which would stop the writer.
func (db *DB) write(ctx context.Context, fn func(c conn) error) error {
	fx := &afterCommit{}
	run := fx.wrap(fn)
	for attempt := 1; ; attempt++ {
		err := db.writeOnce(ctx, run)
		if err == nil {
			db.committed(fx)
			return nil
		}
		if attempt == writeAttempts || !isTxConflict(err) {
			return err
		}
		if err := sleepCtx(ctx, retryWait(attempt)); err != nil {
			return mapErr(err)
		}
	}
}

// writeOnce runs fn in one write transaction: on SQLite through the
// writer's queue, perhaps with other writes (sqlite_writer.go).
func (db *DB) writeOnce(ctx context.Context, fn func(c conn) error) error {
	if db.writer != nil {
		return db.writer.submit(ctx, fn, false)
	}
	return db.inTx(ctx, db.wdb, nil, fn)
}

// writeAttempts bounds how often write runs one transaction.
const writeAttempts = 5

// retryWait is the pause before run attempt+1: random ("full jitter", so
// the transactions that collided do not collide again in step) up to 10 ms,
// 20 ms, 40 ms, ….
func retryWait(attempt int) time.Duration {
	ceiling := 10 * time.Millisecond << (attempt - 1)
	return time.Duration(rand.Int64N(int64(ceiling))) + time.Millisecond
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// isStatementTimeout reports a PostgreSQL statement cancelled by
// statement_timeout (query_canceled, 57014).
func isStatementTimeout(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "57014"
}

// isTxConflict reports a PostgreSQL serialization failure or deadlock: the
// transaction was rolled back and may simply be run again. (SQLite has one
// writer at a time and takes its lock at BEGIN, so it never deadlocks.)
func isTxConflict(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "40001" || pg.Code == "40P01")
}

func (db *DB) inTx(ctx context.Context, pool *sql.DB, opts *sql.TxOptions, fn func(c conn) error) error {
	tx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return mapErr(err)
	}
	if err := fn(conn{q: tx, dialect: db.dialect, mail: db.orderMail, tx: true}); err != nil {
		_ = tx.Rollback()
		return mapErr(err)
	}
	if err := tx.Commit(); err != nil {
		return mapErr(err)
	}
	return nil
}

// mapErr turns driver errors into *platter.Error: no rows is not-found, a
// unique violation (by the drivers' error codes, never their text) is a
// conflict, anything else is internal. *platter.Error passes through.
func mapErr(err error) error {
	var pe *platter.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return pe
	case errors.Is(err, sql.ErrNoRows):
		return platter.NotFound()
	case isUniqueViolation(err):
		return &platter.Error{Code: platter.CodeConflict, Message: "error.conflict", Err: err}
	case isStatementTimeout(err):
		// The database is too slow right now (statement_timeout): the
		// client may try again, like after the call's own deadline.
		return &platter.Error{Code: platter.CodeUnavailable, Message: "error.timeout",
			Params: map[string]string{"retry_after": "1"}, Err: err}
	case isBadText(err):
		// A string PostgreSQL cannot store (NUL): the caller's input, not
		// our fault. The envelope refuses these first; this is the net.
		return errBadText(err)
	default:
		return platter.Internal(err)
	}
}

// isUniqueViolation reports a unique or primary-key violation on either
// database, from the driver's error code.
func isUniqueViolation(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}
