package store_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/notify"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestSchemeAndVenueKeptButNeverStale: SchemeBySlug's and VenueBySlug's
// rows are kept (a second call makes no query, nor one after an order was
// written), each call hands out a value of its own, and no change is
// hidden: a pause, an import's new hours or a scheme's new name made
// through the same store is seen by the very next call; on PostgreSQL the
// same changes made by another instance (a second store on the same
// database) are seen once their notification arrives — hours changed
// alone, by a statement on venue_hours only, included (migration 0037) —
// and while no listener runs nothing is kept at all.
func TestSchemeAndVenueKeptButNeverStale(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		doc := mustParse(t, 0)
		schemeID := mustImport(t, db, doc).SchemeID
		slug := doc.BusinessSlug
		scheme := func(d *store.DB) *catalog.Scheme {
			t.Helper()
			s, err := d.SchemeBySlug(ctx, slug)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		venue := func(d *store.DB) *catalog.Venue {
			t.Helper()
			v, err := d.VenueBySlug(ctx, schemeID, "soho")
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		pause := func(d *store.DB, until time.Time) {
			t.Helper()
			if err := d.SetVenueControls(ctx, schemeID, "soho", catalog.ControlsChange{PausedUntil: &until}); err != nil {
				t.Fatal(err)
			}
		}
		db.KeepCatalogForTest(time.Hour) // only a change, never the answer's age, may make it stale
		var other *store.DB
		if db.Dialect() == store.Postgres {
			other = sameDatabase(t, db)
			before := venue(db)
			pause(other, t0.Add(time.Hour)) // no listener yet: db keeps nothing, so sees it at once
			if venue(db).PausedUntil.Equal(before.PausedUntil) {
				t.Fatal("another instance's pause unseen while no listener ran")
			}
		}
		hub := notify.NewHub()
		go db.Listen(ctx, hub, nil)
		listening(t, db, hub)

		s0, v0 := scheme(db), venue(db)
		noQuery := func(what string) {
			t.Helper()
			n0, _ := db.Statements()
			if s := scheme(db); s.Name != s0.Name {
				t.Fatalf("%s: kept scheme %q, first %q", what, s.Name, s0.Name)
			}
			v := venue(db)
			if !v.PausedUntil.Equal(v0.PausedUntil) || len(v.OpeningHours[1]) != len(v0.OpeningHours[1]) {
				t.Fatalf("%s: kept venue %+v, first %+v", what, v, v0)
			}
			if n1, _ := db.Statements(); n1 != n0 {
				t.Fatalf("%s: kept answers made %d statements", what, n1-n0)
			}
		}
		noQuery("again")
		// A caller changing what it was handed changes nothing kept.
		v0.OpeningHours[1][0].Open = "00:01"
		v0.Zones = append(v0.Zones, catalog.DeliveryZone{Name: "mine"})
		s0.Languages[0] = "xx-XX"
		if v := venue(db); v.OpeningHours[1][0].Open == "00:01" || len(v.Zones) == len(v0.Zones) {
			t.Fatal("a caller's change to its venue reached the kept row")
		}
		if s := scheme(db); s.Languages[0] == "xx-XX" {
			t.Fatal("a caller's change to its scheme reached the kept row")
		}
		s0, v0 = scheme(db), venue(db)
		newOrder(t, db, schemeID, t0, "rows-kept") // orders change no catalogue: the rows stay kept
		noQuery("after an order")

		// Changes through this store: seen by the very next call.
		pause(db, t0.Add(2*time.Hour))
		if v := venue(db); !v.PausedUntil.Equal(t0.Add(2 * time.Hour)) {
			t.Fatalf("this store's own pause unseen: %v", v.PausedUntil)
		}
		doc.Name += " (renamed)"
		doc.Venues[0].OpeningHours["1"] = []catalog.TimeRange{{Open: "07:00", Close: "23:00"}}
		if doc.Venues[0].VenueSlug != "soho" {
			t.Fatalf("the demo's first venue is %s", doc.Venues[0].VenueSlug)
		}
		mustImport(t, db, doc)
		if s := scheme(db); s.Name != doc.Name {
			t.Fatalf("this store's own scheme change unseen: %q", s.Name)
		}
		if h := venue(db).OpeningHours[1]; len(h) != 1 || h[0].Open != "07:00" {
			t.Fatalf("this store's own hours change unseen: %v", h)
		}
		if other == nil {
			return
		}

		// Another instance's changes: seen once notified.
		pause(other, t0.Add(3*time.Hour))
		waitUntil(t, "another instance's pause", func() bool { return venue(db).PausedUntil.Equal(t0.Add(3 * time.Hour)) })
		doc.Name += " again"
		mustImport(t, other, doc)
		waitUntil(t, "another instance's scheme change", func() bool { return scheme(db).Name == doc.Name })
		venue(db) // kept again
		err := other.WriteForTest(ctx, func(tx store.Querier) error {
			_, err := tx.ExecContext(ctx, `UPDATE venue_hours SET opens_at = '06:00'
				WHERE venue_id = $1 AND weekday = 1`, venue(db).ID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		waitUntil(t, "another instance's hours change alone", func() bool { return venue(db).OpeningHours[1][0].Open == "06:00" })
	})
}
