package storetest

import (
	"os"
	"testing"

	"platter/internal/store"
)

// TestReusedDatabaseIsFresh: under RunReusing a test gets the database an
// earlier test used, emptied, with its identities restarted, as a new one
// would be; a test that changed the schema has its database dropped.
func TestReusedDatabaseIsFresh(t *testing.T) {
	if os.Getenv(PostgresEnv) == "" {
		t.Skip(PostgresEnv + " is not set")
	}
	reuse.mu.Lock()
	reuse.on, reuse.all, reuse.free = true, map[*pooled]bool{}, nil
	reuse.mu.Unlock()
	t.Cleanup(func() {
		reuse.mu.Lock()
		defer reuse.mu.Unlock()
		for p := range reuse.all {
			if err := dropDatabase(p.name); err != nil {
				t.Error(err)
			}
		}
		reuse.on, reuse.all, reuse.free = false, nil, nil
	})
	insertScheme := func(t *testing.T, db *store.DB, slug string) (id int64) {
		t.Helper()
		err := db.SQL().QueryRow(`INSERT INTO schemes (slug, name, currency, country, created_at, updated_at)
			VALUES ($1, 'Reused', 'GBP', 'GB', now(), now()) RETURNING id`, slug).Scan(&id)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	var first string
	t.Run("first", func(t *testing.T) {
		db := Open(t, store.Postgres)
		first = currentDatabase(t, db)
		insertScheme(t, db, "one")
		two := insertScheme(t, db, "two")
		if _, err := db.SQL().Exec("INSERT INTO menus (scheme_id, ref, name) VALUES ($1, 'm', 'Menu')", two); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("second", func(t *testing.T) {
		db := Open(t, store.Postgres)
		if got := currentDatabase(t, db); got != first {
			t.Fatalf("database %s, want %s reused", got, first)
		}
		var menus int
		if err := db.SQL().QueryRow("SELECT COUNT(*) FROM menus").Scan(&menus); err != nil || menus != 0 {
			t.Errorf("%d menus left (%v)", menus, err)
		}
		if id := insertScheme(t, db, "one"); id != 1 {
			t.Errorf("the first scheme of a reused database has id %d, want 1 (rows left or identity not restarted)", id)
		}
		if _, err := db.SQL().Exec("CREATE TABLE left_behind (id INT)"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("after a schema change", func(t *testing.T) {
		db := Open(t, store.Postgres)
		if got := currentDatabase(t, db); got == first {
			t.Fatalf("got %s again though the previous test added a table to it", got)
		}
		var n int
		if err := db.SQL().QueryRow("SELECT COUNT(*) FROM pg_database WHERE datname = $1", first).Scan(&n); err != nil || n != 0 {
			t.Errorf("%s left on the server (%d, %v): a changed database is dropped", first, n, err)
		}
	})
}

func currentDatabase(t *testing.T, db *store.DB) string {
	t.Helper()
	var name string
	if err := db.SQL().QueryRow("SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	return name
}
