package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"syscall"
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
	ctx, span := db.startTx(ctx, "read")
	err := db.inTx(ctx, db.db, opts, fn)
	endTx(span, err)
	return err
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
	ctx, span := db.startTx(ctx, "write")
	err := db.writeRetry(ctx, fn)
	endTx(span, err)
	return err
}

// writeRetry is write without its span.
func (db *DB) writeRetry(ctx context.Context, fn func(c conn) error) error {
	fx := &afterCommit{}
	run := fx.wrap(ctx, fn)
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
	db.stats.transactions.Add(1)
	if err := fn(conn{q: tx, dialect: db.dialect, mail: db.orderMail, tx: true, stats: db.stats}); err != nil {
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
		if pe.Code == platter.CodeInternal && Unreachable(pe.Err) {
			return errUnreachable(pe.Err)
		}
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
	case Unreachable(err):
		return errUnreachable(err)
	case isBadText(err):
		// A string PostgreSQL cannot store (NUL): the caller's input, not
		// our fault. The envelope refuses these first; this is the net.
		return errBadText(err)
	default:
		return platter.Internal(err)
	}
}

// Unreachable reports an error that says the database cannot be reached
// or is going away, rather than anything about the query: a refused or
// broken connection, a server shutting down or starting up (SQLSTATE class
// 08, 57P01–57P03), a connection the pool found dead. The call may succeed
// once the database is back: the answer is 1503 with Retry-After, and
// nothing was acknowledged, so a client retries with the same idempotency
// key. A context's end is not this (the caller gave up, or its deadline
// passed: see isStatementTimeout and httpapi's deadline).
func Unreachable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03"
	}
	var ce *pgconn.ConnectError
	// net.Error by its methods: the store imports no network package
	// (TestStoreMakesNoNetworkCalls).
	var ne interface {
		error
		Timeout() bool
	}
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// errUnreachable is the answer while the database cannot be reached.
func errUnreachable(err error) *platter.Error {
	return &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable",
		Params: map[string]string{"retry_after": "2"}, Err: err}
}

// AsUnreachable turns an internal error whose cause is an unreachable
// database into the 1503 of errUnreachable; any other error is returned as
// it is. The API's last step before writing an error, for the paths that
// return a driver's error without mapErr.
func AsUnreachable(err error) error {
	var pe *platter.Error
	if errors.As(err, &pe) && pe.Code != platter.CodeInternal {
		return err
	}
	if Unreachable(err) {
		return errUnreachable(err)
	}
	return err
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
