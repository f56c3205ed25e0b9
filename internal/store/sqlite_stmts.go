package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"reflect"
	"strings"

	"modernc.org/sqlite"
)

// modernc.org/sqlite compiles every statement run through Exec or Query
// anew (sqlite3_prepare_v2: tokenise, parse, resolve names, plan), which
// cost about a quarter of the server's CPU time in a checkout. A prepared
// statement of the driver keeps its compiled form and is only reset between
// runs, so each SQLite connection keeps its statements, by SQL text, and
// runs them again; the store's SQL is a fixed set of strings, so the cache
// stays small. SQLite recompiles a kept statement by itself when the schema
// changes (a migration), and a statement still being read (rows open, as in
// a loop that queries inside another query's rows) is not shared: the
// second use runs uncached.

// maxCachedStmts bounds one connection's statements; past it new SQL runs
// uncached (the store's fixed queries are far fewer).
const maxCachedStmts = 256

// stmtConnector opens SQLite connections that keep their statements.
type stmtConnector struct{ driver.Connector }

func newSQLiteConnector(dsn string) (driver.Connector, error) {
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return stmtConnector{c}, nil
}

func (c stmtConnector) Connect(ctx context.Context) (driver.Conn, error) {
	dc, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	inner, ok := dc.(sqliteConn)
	if !ok {
		_ = dc.Close()
		return nil, errors.New("store: the sqlite driver's connection lacks a context method")
	}
	return &stmtConn{inner: inner, stmts: map[string]*keptStmt{}}, nil
}

// sqliteConn is what modernc.org/sqlite's connection implements and
// database/sql uses.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// keptStmt is one kept statement; busy while its rows are open.
type keptStmt struct {
	stmt interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}
	busy bool
}

// stmtConn is a connection with its kept statements. database/sql uses a
// connection from one goroutine at a time, so the map needs no lock.
type stmtConn struct {
	inner sqliteConn
	stmts map[string]*keptStmt
}

var (
	_ sqliteConn                    = (*stmtConn)(nil)
	_ driver.Rows                   = (*keptRows)(nil)
	_ driver.RowsColumnTypeScanType = (*keptRows)(nil)
)

// kept returns the connection's statement for query, compiling and keeping
// it on first use; nil when it cannot be shared now (in use, a script of
// several statements, or the cache is full).
func (c *stmtConn) kept(ctx context.Context, query string) (*keptStmt, error) {
	if k := c.stmts[query]; k != nil {
		if k.busy {
			return nil, nil
		}
		return k, nil
	}
	if len(c.stmts) >= maxCachedStmts || strings.Contains(query, ";") {
		return nil, nil
	}
	ds, err := c.inner.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s, ok := ds.(interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	})
	if !ok {
		_ = ds.Close()
		return nil, nil
	}
	k := &keptStmt{stmt: s}
	c.stmts[query] = k
	return k, nil
}

func (c *stmtConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	k, err := c.kept(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.inner.ExecContext(ctx, query, args)
	}
	k.busy = true
	defer func() { k.busy = false }()
	return k.stmt.ExecContext(ctx, args)
}

func (c *stmtConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	k, err := c.kept(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.inner.QueryContext(ctx, query, args)
	}
	rows, err := k.stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	k.busy = true
	return &keptRows{Rows: rows, k: k}, nil
}

func (c *stmtConn) Close() error {
	var errs []error
	for q, k := range c.stmts {
		errs = append(errs, k.stmt.Close())
		delete(c.stmts, q)
	}
	return errors.Join(append(errs, c.inner.Close())...)
}

func (c *stmtConn) Prepare(query string) (driver.Stmt, error) { return c.inner.Prepare(query) }
func (c *stmtConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.inner.PrepareContext(ctx, query)
}
func (c *stmtConn) Begin() (driver.Tx, error) {
	return c.inner.BeginTx(context.Background(), driver.TxOptions{})
}
func (c *stmtConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.inner.BeginTx(ctx, opts)
}
func (c *stmtConn) Ping(ctx context.Context) error         { return c.inner.Ping(ctx) }
func (c *stmtConn) ResetSession(ctx context.Context) error { return c.inner.ResetSession(ctx) }
func (c *stmtConn) IsValid() bool                          { return c.inner.IsValid() }

// keptRows are the rows of a kept statement: closing them resets the
// statement (the driver does) and frees it for the next use.
type keptRows struct {
	driver.Rows
	k *keptStmt
}

func (r *keptRows) Close() error {
	err := r.Rows.Close()
	r.k.busy = false
	return err
}

// ColumnTypeScanType passes the driver's column types through (sql.Rows'
// ColumnTypes).
func (r *keptRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}

func (r *keptRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}
