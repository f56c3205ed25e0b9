// Package storetest opens real, migrated, empty stores for tests, on SQLite
// always and on PostgreSQL when PLATTER_TEST_POSTGRES_URL is set, so every
// store test runs on both databases (never on a mock).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // driver "pgx" for the admin connection

	"platter/internal/store"
)

// PostgresEnv names the variable holding a PostgreSQL URL for tests, e.g.
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable. The role must
// be allowed to create databases.
const PostgresEnv = "PLATTER_TEST_POSTGRES_URL"

// MaxConns is the PostgreSQL pool of each test store. `go test ./...` runs
// two packages at once with four parallel tests each, all on one server
// (max_connections 100, shared with the per-test admin connections and the
// event listeners): at the production default of 20 a burst of concurrent
// tests ran out of connections. Eight still lets the concurrency tests race
// eight transactions at a time.
const MaxConns = 8

// Dialects returns ["sqlite"] plus "postgres" when PLATTER_TEST_POSTGRES_URL
// is set.
func Dialects() []string {
	if os.Getenv(PostgresEnv) != "" {
		return []string{store.SQLite, store.Postgres}
	}
	return []string{store.SQLite}
}

// Run runs fn as one subtest per dialect, named "sqlite" and "postgres", each
// with its own fresh store.
func Run(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d, func(t *testing.T) { fn(t, Open(t, d)) })
	}
}

// RunParallel is Run with the two subtests running in parallel with each
// other (and with the other parallel tests), for a long test whose calls of
// fn share nothing.
func RunParallel(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			fn(t, Open(t, d))
		})
	}
}

// Open returns a migrated, empty store of the dialect; the test's cleanup
// closes and drops it. SQLite lives in t.TempDir(); PostgreSQL gets a
// database of its own, so tests and parallel runs never share rows. An
// unreachable PostgreSQL fails the test rather than skipping it: CI must not
// pass by silently testing only SQLite.
func Open(tb testing.TB, dialect string) *store.DB {
	tb.Helper()
	// Generous: on a busy CI machine creating a database and applying every
	// migration has taken most of 30 s.
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var (
		rawURL string
		reused *pooled
	)
	switch dialect {
	case store.SQLite:
		rawURL = "sqlite:" + filepath.Join(tb.TempDir(), "platter.db")
	case store.Postgres:
		rawURL, reused = postgresDatabase(ctx, tb)
	default:
		tb.Fatalf("storetest: unknown dialect %q", dialect)
	}
	db, err := store.OpenWith(ctx, rawURL, store.Options{MaxConns: MaxConns})
	if err != nil {
		tb.Fatalf("storetest: open %s: %v", dialect, err)
	}
	// Registered after postgresDatabase's cleanup, so it runs first (LIFO):
	// the pool closes before its database is dropped or emptied.
	tb.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		tb.Fatalf("storetest: migrate %s: %v", dialect, err)
	}
	if reused != nil {
		reused.remember(ctx, tb, db.SQL())
	}
	return db
}

// postgresDatabase returns the URL of an empty database of the test's own:
// a new one, dropped by the test's cleanup, or, under RunReusing, one an
// earlier test emptied (nil *pooled when not reusing).
func postgresDatabase(ctx context.Context, tb testing.TB) (string, *pooled) {
	tb.Helper()
	p, reusing := takePooled()
	if !reusing {
		name, u := createDatabase(ctx, tb)
		tb.Cleanup(func() {
			if err := dropDatabase(name); err != nil {
				tb.Errorf("storetest: %v", err)
			}
		})
		return u, nil
	}
	if p == nil {
		name, u := createDatabase(ctx, tb)
		p = addPooled(name, u)
	}
	tb.Cleanup(func() { p.release(tb) })
	return p.url, p
}

// createDatabase creates platter_t_<random> on the server of
// PLATTER_TEST_POSTGRES_URL and returns its name and URL.
func createDatabase(ctx context.Context, tb testing.TB) (name, rawURL string) {
	tb.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		tb.Fatalf("storetest: %s is not set", PostgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("storetest: %s: %v", PostgresEnv, err)
	}
	defer admin.Close()
	var b [6]byte
	_, _ = rand.Read(b[:])
	name = "platter_t_" + hex.EncodeToString(b[:])
	// name is generated above from hex digits only, so it is safe unquoted.
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		tb.Fatalf("storetest: PostgreSQL at %s: create database: %v", redact(base), err)
	}
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("storetest: %s: %v", PostgresEnv, err)
	}
	u.Path = "/" + name
	return name, u.String()
}

// dropDatabase drops a database createDatabase made, closing any
// connection still open to it.
func dropDatabase(name string) error {
	admin, err := sql.Open("pgx", os.Getenv(PostgresEnv))
	if err != nil {
		return err
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return fmt.Errorf("drop database %s: %w", name, err)
	}
	return nil
}

func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}
