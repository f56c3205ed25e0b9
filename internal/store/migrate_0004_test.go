package store_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// emptyURL returns the URL of an empty, unmigrated database of the dialect:
// a new SQLite file, or a new schema inside a fresh PostgreSQL test database.
func emptyURL(t *testing.T, dialect string) string {
	t.Helper()
	if dialect == store.SQLite {
		return "sqlite:" + filepath.Join(t.TempDir(), "old.db")
	}
	host := storetest.Open(t, store.Postgres)
	ctx := context.Background()
	var name string
	if err := host.SQL().QueryRowContext(ctx, "SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	if _, err := host.SQL().ExecContext(ctx, "CREATE SCHEMA upgrade"); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(os.Getenv(storetest.PostgresEnv))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Set("search_path", "upgrade")
	u.RawQuery = q.Encode()
	return u.String()
}

// TestMigration0004OnOldData upgrades a database written before 0004, where
// a ref had only to be unique in its category: every row keeps its id, the
// repeat is renamed "ref~id" instead of failing the migration, and the
// database refuses an item filed under another menu than its category's.
func TestMigration0004OnOldData(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			db, err := store.Open(ctx, emptyURL(t, dialect))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			raw := db.SQL()
			exec := func(q string) {
				t.Helper()
				if _, err := raw.ExecContext(ctx, q); err != nil {
					t.Fatalf("%.80s…: %v", q, err)
				}
			}
			for _, f := range []string{"0001_catalog.sql", "0002_accounts.sql", "0003_addresses.sql"} {
				b, err := os.ReadFile(filepath.Join("migrations", dialect, f))
				if err != nil {
					t.Fatal(err)
				}
				exec(string(b))
			}
			exec(`CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL,
				applied_at TIMESTAMP NOT NULL)`)
			exec(`INSERT INTO schema_migrations VALUES (1, 'catalog', CURRENT_TIMESTAMP),
				(2, 'accounts', CURRENT_TIMESTAMP), (3, 'addresses', CURRENT_TIMESTAMP)`)
			exec(`INSERT INTO schemes (slug, name, currency, country, created_at, updated_at)
				VALUES ('old-co', 'Old Co', 'GBP', 'GB', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`)
			exec(`INSERT INTO menus (scheme_id, ref, name) VALUES (1, 'main', 'Main')`)
			exec(`INSERT INTO categories (menu_id, ref, name, position) VALUES (1, 'a', 'A', 0), (1, 'b', 'B', 1)`)
			exec(`INSERT INTO items (category_id, ref, title, price) VALUES (1, 'x', 'X in A', 100),
				(2, 'x', 'X in B', 200), (2, 'y', 'Y', 300)`)
			exec(`INSERT INTO modifier_categories (menu_id, ref, name) VALUES (1, 'm', 'M'), (1, 'n', 'N')`)
			exec(`INSERT INTO modifier_items (modifier_category_id, ref, name, price) VALUES (1, 'z', 'Z', 0),
				(2, 'z', 'Z too', 0)`)

			if err := db.Migrate(ctx); err != nil {
				t.Fatalf("migrate old data: %v", err)
			}
			for _, c := range []struct{ table, want string }{
				{"items", "1 1 x|2 1 x~2|3 1 y|"},
				{"modifier_items", "1 1 z|2 1 z~2|"},
			} {
				rows, err := raw.QueryContext(ctx, "SELECT id, menu_id, ref FROM "+c.table+" ORDER BY id")
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				for rows.Next() {
					var id, menu int64
					var ref string
					if err := rows.Scan(&id, &menu, &ref); err != nil {
						t.Fatal(err)
					}
					got += fmt.Sprintf("%d %d %s|", id, menu, ref)
				}
				rows.Close()
				if got != c.want {
					t.Errorf("%s after 0004: %q, want %q", c.table, got, c.want)
				}
			}
			// The triggers (SQLite) and the composite key (PostgreSQL) refuse an
			// item whose menu_id is not its category's menu.
			if _, err := raw.ExecContext(ctx, `INSERT INTO menus (scheme_id, ref, name) VALUES (1, 'other', 'Other')`); err != nil {
				t.Fatal(err)
			}
			if _, err := raw.ExecContext(ctx, `INSERT INTO items (category_id, menu_id, ref, title, price)
				VALUES (1, 2, 'w', 'W', 100)`); err == nil {
				t.Error("an item was stored under another menu than its category's")
			}
		})
	}
}
