package storetest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Reusing PostgreSQL test databases within one test binary. Creating and
// migrating a database took about 3 s on the loaded 2-core machine, and
// dropping it about 2 s more (DROP DATABASE waits for a checkpoint of the
// whole server), most of a short test's time. A binary whose TestMain runs
// its tests through RunReusing gives each test's database, emptied, to a
// later test, and drops them all when the tests are done. A test still has a
// database of its own while it runs: no two tests share one at a time.

var reuse struct {
	mu   sync.Mutex
	on   bool
	free []*pooled
	all  map[*pooled]bool
}

// pooled is one database kept for reuse.
type pooled struct {
	name, url string
	// shape lists the schema's objects just after the first migration, so
	// that a test which changed the schema (a table of its own, a dropped
	// column, a migration undone) has its database dropped, not reused.
	shape string
	// emptying is the SQL that deletes every row (emptyingSQL).
	emptying string
}

// RunReusing runs m's tests with PostgreSQL test databases reused (see
// above), then drops them; call it from TestMain instead of m.Run.
func RunReusing(m *testing.M) int {
	reuse.mu.Lock()
	reuse.on, reuse.all = true, map[*pooled]bool{}
	reuse.mu.Unlock()
	code := m.Run()
	reuse.mu.Lock()
	defer reuse.mu.Unlock()
	for p := range reuse.all {
		if err := dropDatabase(p.name); err != nil {
			fmt.Fprintln(os.Stderr, "storetest:", err)
			code = max(code, 1)
		}
	}
	reuse.on, reuse.free, reuse.all = false, nil, nil
	return code
}

// takePooled returns an emptied database if one is free (nil if none), and
// whether this binary reuses databases at all.
func takePooled() (*pooled, bool) {
	reuse.mu.Lock()
	defer reuse.mu.Unlock()
	if !reuse.on || len(reuse.free) == 0 {
		return nil, reuse.on
	}
	p := reuse.free[len(reuse.free)-1]
	reuse.free = reuse.free[:len(reuse.free)-1]
	return p, true
}

func addPooled(name, rawURL string) *pooled {
	p := &pooled{name: name, url: rawURL}
	reuse.mu.Lock()
	defer reuse.mu.Unlock()
	reuse.all[p] = true
	return p
}

// remember records the schema of a database just migrated for the first time.
func (p *pooled) remember(ctx context.Context, tb testing.TB, db *sql.DB) {
	tb.Helper()
	if p.shape != "" {
		return
	}
	shape, err := shapeOf(ctx, db)
	if err != nil {
		tb.Fatalf("storetest: the schema of %s: %v", p.name, err)
	}
	emptying, err := emptyingSQL(ctx, db)
	if err != nil {
		tb.Fatalf("storetest: emptying %s: %v", p.name, err)
	}
	p.shape, p.emptying = shape, emptying
}

// release empties the database for a later test, or drops it when it cannot
// be made as a fresh one was.
func (p *pooled) release(tb testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := p.empty(ctx)
	reuse.mu.Lock()
	if err == nil {
		reuse.free = append(reuse.free, p)
		reuse.mu.Unlock()
		return
	}
	delete(reuse.all, p)
	reuse.mu.Unlock()
	if err := dropDatabase(p.name); err != nil {
		tb.Errorf("storetest: %v", err)
	}
}

var errChanged = errors.New("the test changed the schema")

// empty closes every connection to the database, checks its schema is the
// one it was migrated to, deletes every row (but the applied migrations')
// and restarts the sequences. DELETE, not TRUNCATE: the tables hold a few
// rows each, and TRUNCATE gives every table and index new files, which took
// as long as creating the database.
func (p *pooled) empty(ctx context.Context) error {
	if p.shape == "" {
		return errChanged // the test ended before the migration did
	}
	admin, err := sql.Open("pgx", os.Getenv(PostgresEnv))
	if err != nil {
		return err
	}
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = $1 AND pid <> pg_backend_pid()`, p.name); err != nil {
		return err
	}
	db, err := sql.Open("pgx", p.url)
	if err != nil {
		return err
	}
	defer db.Close()
	if shape, err := shapeOf(ctx, db); err != nil || shape != p.shape {
		return errors.Join(errChanged, err)
	}
	_, err = db.ExecContext(ctx, p.emptying)
	return err
}

// emptyingSQL deletes every table's rows, referencing tables before the
// tables they reference (a cycle of references is broken by first setting
// a nullable reference to NULL), then restarts every sequence of the schema.
func emptyingSQL(ctx context.Context, db *sql.DB) (string, error) {
	tables, err := queryStrings(ctx, db, `SELECT tablename FROM pg_tables
		WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename`)
	if err != nil {
		return "", err
	}
	// Each reference between two tables: from, to, its columns, whether they
	// may be NULL.
	refs, err := queryStrings(ctx, db, `SELECT concat_ws(' ', c.conrelid::regclass::text, c.confrelid::regclass::text,
			(SELECT string_agg(format('%I', a.attname), ',') FROM pg_attribute a
				WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)),
			(SELECT CASE WHEN bool_or(a.attnotnull) THEN 'required' ELSE 'nullable' END FROM pg_attribute a
				WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)))
		FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid <> c.confrelid
			AND c.connamespace = current_schema()::regnamespace ORDER BY 1`)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for left := tables; len(left) > 0; {
		var next []string
		for _, t := range left {
			if pointedAt(t, left, refs) {
				next = append(next, t)
			} else {
				fmt.Fprintf(&b, "DELETE FROM %s;\n", t)
			}
		}
		if len(next) == len(left) { // a cycle: clear a nullable reference in it
			i := slices.IndexFunc(refs, func(r string) bool {
				f := strings.Fields(r)
				return slices.Contains(left, f[0]) && slices.Contains(left, f[1]) && f[3] == "nullable"
			})
			if i < 0 {
				return "", fmt.Errorf("references in a cycle, none nullable, among %v", left)
			}
			f := strings.Fields(refs[i])
			for _, col := range strings.Split(f[2], ",") {
				fmt.Fprintf(&b, "UPDATE %s SET %s = NULL;\n", f[0], col)
			}
			refs = slices.Delete(refs, i, i+1)
		}
		left = next
	}
	b.WriteString(`SELECT setval(format('%I', sequencename)::regclass, start_value, false)
		FROM pg_sequences WHERE schemaname = current_schema();`)
	return b.String(), nil
}

// pointedAt reports whether another table of left references t.
func pointedAt(t string, left, refs []string) bool {
	for _, r := range refs {
		f := strings.Fields(r)
		if f[1] == t && f[0] != t && slices.Contains(left, f[0]) {
			return true
		}
	}
	return false
}

func queryStrings(ctx context.Context, db *sql.DB, q string) ([]string, error) {
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// shapeOf describes a database's schema: its schemas, relations (tables,
// indexes, sequences, views) with their columns, functions, triggers and
// constraints, and the migrations applied.
func shapeOf(ctx context.Context, db *sql.DB) (string, error) {
	var shape string
	err := db.QueryRowContext(ctx, `SELECT concat_ws(' | ',
		(SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace
			WHERE nspname NOT LIKE 'pg_temp%' AND nspname NOT LIKE 'pg_toast_temp%'),
		(SELECT string_agg(format('%s.%s:%s:%s', n.nspname, c.relname, c.relkind,
				(SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ',' ORDER BY a.attnum)
					FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)),
			';' ORDER BY n.nspname, c.relname)
			FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
				AND n.nspname NOT LIKE 'pg_temp%'),
		(SELECT count(*) FROM pg_proc),
		(SELECT count(*) FROM pg_trigger),
		(SELECT count(*) FROM pg_constraint),
		(SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_migrations))`).Scan(&shape)
	return shape, err
}
