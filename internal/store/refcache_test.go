package store_test

import (
	"context"
	"net/url"
	"os"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/notify"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestMenuRefKeptButNeverStale: VenueMenuRef's answers are kept (a second
// call makes no query, nor one after an order was written) yet no change is
// hidden: one made through the same
// store is seen by the very next call; on PostgreSQL one made by another
// instance (a second store on the same database) is seen once its
// notification arrives, and while no listener runs nothing is kept at all.
func TestMenuRefKeptButNeverStale(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		item := mustMenu(t, db, "demo-burgers", "soho").Items[0].ID
		ref := func(d *store.DB) catalog.VenueMenuRef {
			t.Helper()
			r, err := d.VenueMenuRef(ctx, "demo-burgers", "soho")
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		soldOut := func(d *store.DB, out bool) {
			t.Helper()
			if err := d.SetSoldOut(ctx, schemeID, "soho", catalog.SoldOutItem, item, out, time.Time{}, t0); err != nil {
				t.Fatal(err)
			}
		}
		db.KeepCatalogForTest(time.Hour) // only a change, never the answer's age, may make it stale
		var other *store.DB
		if db.Dialect() == store.Postgres {
			other = sameDatabase(t, db)
			before := ref(db)
			soldOut(other, true) // no listener yet: db keeps nothing, so sees it at once
			if ref(db).SoldOutVersion == before.SoldOutVersion {
				t.Fatal("another instance's change unseen while no listener ran")
			}
		}
		hub := notify.NewHub()
		go db.Listen(ctx, hub, nil)
		listening(t, db, hub)

		first := ref(db)
		if kept, ok := db.CachedVenueMenuRef("demo-burgers", "soho"); !ok || kept != first {
			t.Fatalf("CachedVenueMenuRef: %+v %v, want %+v kept", kept, ok, first)
		}
		n0, _ := db.Statements()
		if again := ref(db); again != first {
			t.Fatalf("kept answer %+v, first %+v", again, first)
		}
		if n1, _ := db.Statements(); n1 != n0 {
			t.Fatalf("a kept answer made %d statements", n1-n0)
		}
		newOrder(t, db, schemeID, t0, "ref-kept") // orders change no menu: the answer stays kept
		n0, _ = db.Statements()
		if again := ref(db); again != first {
			t.Fatalf("after an order: %+v, first %+v", again, first)
		}
		if n1, _ := db.Statements(); n1 != n0 {
			t.Fatalf("an order's write emptied the kept answers (%d statements)", n1-n0)
		}
		soldOut(db, db.Dialect() != store.Postgres) // flips it on either database
		if kept, ok := db.CachedVenueMenuRef("demo-burgers", "soho"); ok {
			t.Fatalf("CachedVenueMenuRef after a change: %+v still kept", kept)
		}
		changed := ref(db)
		if changed.SoldOutVersion == first.SoldOutVersion {
			t.Fatal("this store's own change unseen by its next call")
		}
		if other == nil {
			return
		}
		soldOut(other, true)
		waitUntil(t, "another instance's change", func() bool { return ref(db).SoldOutVersion != changed.SoldOutVersion })
	})
}

// sameDatabase opens a second store on db's PostgreSQL database: another
// instance of the same deployment.
func sameDatabase(t *testing.T, db *store.DB) *store.DB {
	t.Helper()
	var name string
	if err := db.SQL().QueryRow("SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(os.Getenv("PLATTER_TEST_POSTGRES_URL"))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	other, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return other
}
