package store_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestMigrationSetsMatch fails when the SQLite and PostgreSQL migrations stop
// being the same numbered steps with the same names.
func TestMigrationSetsMatch(t *testing.T) {
	t.Parallel()
	names := func(dir string) []string {
		entries, err := os.ReadDir(filepath.Join("migrations", dir))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".sql") {
				t.Errorf("%s/%s: not a .sql file", dir, e.Name())
			}
			out = append(out, e.Name())
		}
		return out
	}
	lite, pg := names("sqlite"), names("postgres")
	if !slices.Equal(lite, pg) {
		t.Fatalf("migration sets differ:\n sqlite   %v\n postgres %v", lite, pg)
	}
	if len(lite) == 0 {
		t.Fatal("no migrations")
	}
}

func TestMigrateTwice(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("second Migrate: %v", err)
		}
		n, err := db.Pending(ctx)
		if err != nil || n != 0 {
			t.Fatalf("Pending = %d, %v; want 0", n, err)
		}
		if err := db.Ping(ctx); err != nil {
			t.Fatal(err)
		}
		if got := db.Dialect(); got != store.SQLite && got != store.Postgres {
			t.Errorf("Dialect() = %q", got)
		}
	})
}

func TestPendingBeforeMigrate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "sub", "dir", "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n, err := db.Pending(ctx)
	if err != nil || n == 0 {
		t.Fatalf("Pending = %d, %v; want > 0 before Migrate", n, err)
	}
	var mode string
	if err := db.SQL().QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v", mode, err)
	}
	var fk, timeout, temp int
	_ = db.SQL().QueryRow("PRAGMA foreign_keys").Scan(&fk)
	_ = db.SQL().QueryRow("PRAGMA busy_timeout").Scan(&timeout)
	_ = db.SQL().QueryRow("PRAGMA temp_store").Scan(&temp)
	if fk != 1 || timeout < 5000 || temp != 2 {
		t.Errorf("foreign_keys = %d, busy_timeout = %d, temp_store = %d (want 2, memory)", fk, timeout, temp)
	}
}

// TestSQLiteSynchronousFull: a paid order must survive a power cut, so every
// connection commits with synchronous=FULL (2), not NORMAL (1), which in WAL
// mode may lose the last transactions.
func TestSQLiteSynchronousFull(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	ctx := context.Background()
	var read, write int
	if err := db.SQL().QueryRowContext(ctx, "PRAGMA synchronous").Scan(&read); err != nil {
		t.Fatal(err)
	}
	err := db.WriteForTest(ctx, func(tx store.Querier) error {
		return tx.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&write)
	})
	if err != nil {
		t.Fatal(err)
	}
	if read != 2 || write != 2 {
		t.Errorf("PRAGMA synchronous = %d (readers), %d (writer); want 2 (FULL)", read, write)
	}
}

func TestOpenRejectsUnknownURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"mysql://root@localhost/x", "", "sqlite:", "sqlite::memory:"} {
		if db, err := store.Open(context.Background(), u); err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded", u)
		}
	}
}
