package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// migrationFS holds the forward-only migrations: the same numbered steps in
// each dialect's folder, named NNNN_name.sql.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFS embed.FS

// migration is one numbered step.
type migration struct {
	Version int64
	Name    string // file name without the .sql suffix
	SQL     string
}

// migrationData are steps' data that SQL cannot compute, filled in Go in
// the step's own transaction after its SQL: the step and its data land
// together or not at all.
var migrationData = map[int64]func(context.Context, conn) error{
	// The sales report's sums of the orders there are (dates need the
	// zone database).
	33: func(ctx context.Context, c conn) error { return rebuildReportSums(ctx, c, 0) },
}

// migrationLockID is the PostgreSQL advisory lock that keeps instances
// starting together from migrating at once ("platter" in ASCII).
const migrationLockID = 0x706c6174746572

// migrations returns the steps of one dialect in version order.
func migrations(dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, fmt.Errorf("store: read migrations: %w", err)
	}
	var out []migration
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".sql")
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.ParseInt(num, 10, 64)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("store: migration %s: name must be NNNN_name.sql", e.Name())
		}
		body, err := fs.ReadFile(migrationFS, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("store: read migration %s: %w", e.Name(), err)
		}
		out = append(out, migration{Version: v, Name: name, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate applies every pending migration, each in its own transaction. It is
// safe to run from several instances at once: PostgreSQL takes an advisory
// lock, SQLite's write lock serialises the rest, and each step re-checks that
// it is still pending once it holds the lock.
func (db *DB) Migrate(ctx context.Context) error {
	steps, err := migrations(db.dialect)
	if err != nil {
		return err
	}
	for _, m := range steps {
		if err := db.write(ctx, func(c conn) error { return applyMigration(ctx, c, m) }); err != nil {
			return fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
	}
	// Data rewrites that SQL cannot express run once, after the steps.
	if err := db.fixEmailNorms(ctx); err != nil {
		return fmt.Errorf("store: re-normalise e-mail addresses: %w", err)
	}
	if err := db.fixSearchFolds(ctx); err != nil {
		return fmt.Errorf("store: fold names and addresses for search: %w", err)
	}
	return nil
}

func applyMigration(ctx context.Context, c conn, m migration) error {
	if c.dialect == Postgres {
		// A migration may rewrite a big table: PLATTER_DB_STATEMENT_TIMEOUT
		// is for requests, not for this transaction.
		if _, err := c.exec(ctx, "SET LOCAL statement_timeout = 0"); err != nil {
			return err
		}
		if _, err := c.exec(ctx, "SELECT pg_advisory_xact_lock(?)", int64(migrationLockID)); err != nil {
			return err
		}
	}
	if _, err := c.exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    BIGINT PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TIMESTAMP NOT NULL)`); err != nil {
		return err
	}
	var n int
	err := c.queryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n)
	if err != nil || n > 0 {
		return err
	}
	// Straight to the driver: a migration is several statements with no
	// arguments, and rebind must not touch whatever its comments hold.
	if _, err := c.q.ExecContext(ctx, m.SQL); err != nil {
		return err
	}
	if data := migrationData[m.Version]; data != nil {
		if err := data(ctx, c); err != nil {
			return err
		}
	}
	_, err = c.exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
		m.Version, m.Name, time.Now().UTC())
	return err
}

// Pending returns how many migrations are not applied yet; /readyz reports
// not-ready until it is 0.
func (db *DB) Pending(ctx context.Context) (int, error) {
	steps, err := migrations(db.dialect)
	if err != nil {
		return 0, err
	}
	c := db.single()
	exists := "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
	if db.dialect == Postgres {
		exists = "SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_migrations'"
	}
	var n int
	if err := c.queryRow(ctx, exists).Scan(&n); err != nil {
		return 0, mapErr(err)
	}
	if n == 0 {
		return len(steps), nil
	}
	applied := map[int64]bool{}
	rows, err := c.query(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return 0, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return 0, mapErr(err)
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return 0, mapErr(err)
	}
	pending := 0
	for _, m := range steps {
		if !applied[m.Version] {
			pending++
		}
	}
	return pending, nil
}
