// Package store translates the domain to SQL and back. One code base serves
// SQLite (the one-machine default) and PostgreSQL (scale-out): the SQL is
// hand-written and portable, and what must differ sits behind the dialect
// switch in this file. Each public method is one transaction (or one
// statement) around small unexported helpers that take a conn.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"platter/internal/notify/mail"
)

// Dialect names returned by (*DB).Dialect.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DB is an open store. It is safe for concurrent use.
type DB struct {
	db  *sql.DB // reads (and everything on PostgreSQL)
	wdb *sql.DB // writes: on SQLite a pool of one connection; on PostgreSQL db itself
	// writer runs SQLite's writes, grouped (sqlite_writer.go); nil on PostgreSQL.
	writer  *sqliteWriter
	dialect string
	// pgConfig opens the one listening connection outside the pool
	// (events.go); nil on SQLite.
	pgConfig *pgx.ConnConfig
	// waker is woken after a commit that wrote order events, on SQLite
	// (in process); PostgreSQL wakes through LISTEN/NOTIFY instead.
	waker atomic.Pointer[Waker]
	// refundQueued is called after a commit that queued a refund
	// (SetRefundQueued); nil: the refund worker finds it at its next poll.
	refundQueued atomic.Pointer[func()]
	// webhookQueued is called after a commit that queued a webhook
	// delivery (the sender's Poke).
	webhookQueued atomic.Pointer[func()]
	// orderMail composes the customer's order mails (SetOrderMail); nil: none.
	orderMail *mail.Composer
	stats     *dbStats  // statements and transactions sent (stats.go)
	refs      *menuRefs // VenueMenuRef's kept answers (refcache.go)
}

// sqlitePragmas are applied by modernc.org/sqlite on every new connection.
// busy_timeout comes first so the WAL switch itself waits for a lock instead
// of failing; _txlock=immediate makes write transactions take the write lock
// at BEGIN, because a deferred transaction that upgrades from read to write
// gets SQLITE_BUSY at once, whatever the timeout (this matters when another
// process writes too). Read-only transactions still begin deferred and run
// beside the writer thanks to WAL. synchronous=FULL syncs the WAL at every
// commit: with NORMAL a power cut may roll back the last commits, and a paid
// order must not vanish after the customer was told it was placed.
// temp_store=MEMORY keeps SQLite's temporary data in memory: above all the
// sub-journal, the copy of each page a write changes inside a SAVEPOINT
// (sqlite_writer.go gives each write of a group one), which otherwise
// spills to a temporary file created and deleted for each transaction
// past 64 KiB — 8 % of the server's CPU in the checkout bench, all of it
// on the one writer. What it holds is bounded by the pages one transaction
// changes (and a query's sort), small next to the page cache.
const sqlitePragmas = "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
	"&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_pragma=temp_store(MEMORY)" +
	"&_txlock=immediate&_time_format=sqlite"

// Options tune the connection pool. The zero value means the defaults.
type Options struct {
	// MaxConns caps the PostgreSQL connections of this instance (default
	// 20). SQLite ignores it: it has one writer and a reader per core.
	MaxConns int
	// StatementTimeout is set as PostgreSQL's statement_timeout on every
	// connection: the server cancels a longer statement, which answers
	// 1503. Zero leaves the server's (or the URL's) setting alone.
	StatementTimeout time.Duration
}

// DefaultMaxConns is the PostgreSQL pool size when Options leave it at 0.
const DefaultMaxConns = 20

// Open connects to the database named by rawURL: "sqlite:PATH" (the parent
// directory is created) or "postgres://…"/"postgresql://…". It pings the
// database before returning; it does not migrate.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	return OpenWith(ctx, rawURL, Options{})
}

// OpenWith is Open with pool options (PLATTER_DB_MAX_CONNS,
// PLATTER_DB_STATEMENT_TIMEOUT).
func OpenWith(ctx context.Context, rawURL string, opts Options) (*DB, error) {
	var (
		db      *DB
		err     error
		dialect string
	)
	switch {
	case strings.HasPrefix(rawURL, "sqlite:"):
		dialect = SQLite
		db, err = openSQLite(strings.TrimPrefix(rawURL, "sqlite:"))
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		dialect = Postgres
		db, err = openPostgres(rawURL, opts)
	default:
		scheme, _, _ := strings.Cut(rawURL, ":")
		return nil, fmt.Errorf("store: unsupported database URL scheme %q: want sqlite:PATH or postgres://…", scheme)
	}
	if err != nil {
		return nil, err
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: cannot reach the %s database %s: %w", dialect, redact(rawURL), err)
	}
	return db, nil
}

func openSQLite(path string) (*DB, error) {
	path = strings.TrimPrefix(path, "//")
	if path == "" || strings.ContainsAny(path, "?#") || path == ":memory:" {
		// Every pooled connection to ":memory:" would see its own empty database.
		return nil, fmt.Errorf("store: sqlite URL needs a file path, like sqlite:./data/platter.db")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("store: create the database directory: %w", err)
	}
	// Connections that keep their compiled statements (sqlite_stmts.go).
	connector, err := newSQLiteConnector(path + "?" + sqlitePragmas)
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	rdb, wdb := sql.OpenDB(connector), sql.OpenDB(connector)
	// SQLite has one writer at a time. Writes queue in Go (sqlite_writer.go)
	// for a pool of one connection instead of spinning in busy_timeout, which
	// is then only for other processes (say `platter demo` beside a running
	// server), and a burst of writes cannot occupy the connections readers
	// need. Readers run side by side under WAL.
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	readers := max(4, runtime.GOMAXPROCS(0))
	rdb.SetMaxOpenConns(readers)
	rdb.SetMaxIdleConns(readers)
	rdb.SetConnMaxIdleTime(10 * time.Minute)
	db := &DB{db: rdb, wdb: wdb, dialect: SQLite, stats: &dbStats{}, refs: newMenuRefs(true)}
	db.writer = newSQLiteWriter(db)
	return db, nil
}

func openPostgres(rawURL string, opts Options) (*DB, error) {
	cfg, err := pgx.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres %s: %w", redact(rawURL), err)
	}
	if opts.StatementTimeout > 0 {
		// Sent in the startup packet, so it holds for every statement of
		// every connection, and through PgBouncer in session mode too.
		cfg.RuntimeParams["statement_timeout"] = strconv.FormatInt(opts.StatementTimeout.Milliseconds(), 10)
	}
	db := stdlib.OpenDB(*cfg)
	// Many instances share one server: keep each instance's share modest and
	// recycle connections so a failover or PgBouncer restart heals by itself.
	conns := opts.MaxConns
	if conns <= 0 {
		conns = DefaultMaxConns
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(max(1, conns/2))
	db.SetConnMaxLifetime(30 * time.Minute)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{db: db, wdb: db, dialect: Postgres, pgConfig: cfg, stats: &dbStats{}, refs: newMenuRefs(false)}, nil
}

// redact hides the password of a database URL for logs and errors.
func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}

// Ping checks that the database answers (on SQLite, through both pools).
func (db *DB) Ping(ctx context.Context) error {
	if err := db.db.PingContext(ctx); err != nil {
		return err
	}
	if db.wdb != db.db {
		return db.wdb.PingContext(ctx)
	}
	return nil
}

// Close closes the connection pools (on SQLite after the writes being
// committed; writes still queued fail).
func (db *DB) Close() error {
	if db.writer != nil {
		db.writer.close()
	}
	err := db.db.Close()
	if db.wdb != db.db {
		err = errors.Join(err, db.wdb.Close())
	}
	return err
}

// Dialect is "sqlite" or "postgres".
func (db *DB) Dialect() string { return db.dialect }

// SQL exposes the (reading) pool for callers that need plain database/sql
// (health checks, tests). Domain code should use the methods instead; on
// SQLite, writes through this pool bypass the one-writer queue and rely on
// busy_timeout.
func (db *DB) SQL() *sql.DB { return db.db }

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// conn runs portable SQL written with ? placeholders on either dialect.
type conn struct {
	q       querier
	dialect string
	mail    *mail.Composer // the DB's order mail composer, for writes that queue one
	tx      bool           // q is a transaction
	stats   *dbStats       // counts each statement; nil: not counted
	// fx collects what a write transaction must cause after its commit
	// (events.go); nil outside write.
	fx *afterCommit
}

func (c conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	c.stats.statement()
	c.noteCatalog(query)
	return c.q.ExecContext(c.stmtCtx(ctx), c.rebind(query), args...)
}

func (c conn) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.stats.statement()
	c.noteCatalog(query)
	return c.q.QueryContext(c.stmtCtx(ctx), c.rebind(query), args...)
}

func (c conn) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	c.stats.statement()
	c.noteCatalog(query)
	return c.q.QueryRowContext(c.stmtCtx(ctx), c.rebind(query), args...)
}

// stmtCtx is the context a statement runs under. Inside a SQLite
// transaction a call's deadline is checked before each statement (a
// context already done is passed on, and the statement fails at once) but
// does not interrupt one mid-run: there such a statement never waits (the
// write lock is taken at BEGIN, which does honour the deadline, and WAL
// readers do not block), so it runs for microseconds of CPU, while
// modernc.org/sqlite starts a goroutine per statement to watch a context
// that can be cancelled — some thirty per checkout. PostgreSQL statements
// can wait on row locks and keep the deadline.
func (c conn) stmtCtx(ctx context.Context) context.Context {
	if c.tx && c.dialect == SQLite && ctx.Err() == nil {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

// rebind turns ? placeholders into PostgreSQL's $1, $2, …. The project's SQL
// never puts a ? inside a string literal, so a plain scan is enough.
func (c conn) rebind(query string) string {
	if c.dialect != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// single runs one statement outside an explicit transaction.
func (db *DB) single() conn { return conn{q: db.db, dialect: db.dialect, stats: db.stats} }
