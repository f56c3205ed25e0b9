package store_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func itemIDs(m *catalog.Menu) map[string]int64 {
	out := map[string]int64{}
	for _, it := range m.Items {
		out[fmt.Sprint(it.CategoryID, "/", it.Ref)] = it.ID
	}
	return out
}

func findItem(m *catalog.Menu, ref string) *catalog.Item {
	for i := range m.Items {
		if m.Items[i].Ref == ref {
			return &m.Items[i]
		}
	}
	return nil
}

func TestReimportIsIdempotent(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		first := mustImport(t, db, mustParse(t, 0))
		before := mustMenu(t, db, "demo-burgers", "soho")
		second := mustImport(t, db, mustParse(t, 0))
		after := mustMenu(t, db, "demo-burgers", "soho")
		if second.Created || second.SchemeID != first.SchemeID || second.Removed != 0 {
			t.Errorf("second import: %+v", second)
		}
		if !second.Unchanged || first.Unchanged {
			t.Errorf("Unchanged: first %v, second %v; want false, true", first.Unchanged, second.Unchanged)
		}
		first.Created, second.Created, first.Unchanged = false, false, true
		if *first != *second {
			t.Errorf("counts changed:\n%+v\n%+v", first, second)
		}
		// Nothing changed, so nothing may be written: a new version would make
		// every instance rebuild its cached menu for nothing.
		if after.ID != before.ID || after.Version != before.Version {
			t.Errorf("menu %d v%d → %d v%d; want the same id and version", before.ID, before.Version, after.ID, after.Version)
		}
		s1 := schemeOf(t, db, "demo-burgers")
		mustImport(t, db, mustParse(t, 0))
		if s2 := schemeOf(t, db, "demo-burgers"); !s2.UpdatedAt.Equal(s1.UpdatedAt) {
			t.Errorf("unchanged import moved updated_at %v → %v", s1.UpdatedAt, s2.UpdatedAt)
		}
		b, a := itemIDs(before), itemIDs(after)
		if len(a) != len(b) {
			t.Fatalf("%d items → %d", len(b), len(a))
		}
		for k, id := range b {
			if a[k] != id {
				t.Errorf("item %s: id %d → %d", k, id, a[k])
			}
		}
		for i := range before.ModifierItems {
			if before.ModifierItems[i].ID != after.ModifierItems[i].ID {
				t.Errorf("modifier item %s changed id", before.ModifierItems[i].Ref)
			}
		}
	})
}

func TestReimportChangesAndRemovals(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, mustParse(t, 0))
		before := mustMenu(t, db, "demo-burgers", "shoreditch")
		s1, _ := db.SchemeBySlug(ctx, "demo-burgers")

		doc := mustParse(t, 0)
		burgers := &doc.Menus[0].Categories[0]
		burgers.Items[0].Price = 949    // Classic Cheeseburger
		removed := burgers.Items[1].Ref // Double Smash
		burgers.Items = append(burgers.Items[:1], burgers.Items[2:]...)
		doc.Menus[0].ModifierCategories[0].Items[1].Price = 350 // Double beef
		doc.Venues = doc.Venues[:1]                             // close Shoreditch
		res := mustImport(t, db, doc)
		if res.Removed != 2 { // one item, one venue
			t.Errorf("Removed = %d, want 2", res.Removed)
		}
		after := mustMenu(t, db, "demo-burgers", "soho")
		if after.Version != before.Version+1 { // several changes, one transaction: one step
			t.Errorf("version %d → %d, want + 1", before.Version, after.Version)
		}
		if it := findItem(after, "classic-cheeseburger"); it == nil || it.Price != 949 {
			t.Errorf("price change not stored: %+v", it)
		}
		if it := findItem(after, removed); it != nil {
			t.Errorf("removed item still there: %+v", it)
		}
		if len(after.Items) != len(before.Items)-1 {
			t.Errorf("%d items → %d", len(before.Items), len(after.Items))
		}
		if p := after.ModifierItems[1].Price; p != 350 {
			t.Errorf("modifier price %d, want 350", p)
		}
		_, _, err := db.MenuRef(ctx, "demo-burgers", "shoreditch")
		wantNotFound(t, "MenuRef of a removed venue", err)
		s2, _ := db.SchemeBySlug(ctx, "demo-burgers")
		if !s2.UpdatedAt.After(s1.UpdatedAt) {
			t.Errorf("updated_at %v → %v", s1.UpdatedAt, s2.UpdatedAt)
		}
	})
}

func TestImportRemovesMenusAndModifiers(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		doc := mustParse(t, 1)
		// A second menu the venue moves to; the first must then go away
		// even though it still has items and modifier links.
		second := doc.Menus[0]
		second.Ref, second.Name = "lato", "Karta letnia"
		second.ModifierCategories = nil
		second.Categories = []catalog.CategoryDoc{{Ref: "lody", Name: "Lody",
			Items: []catalog.ItemDoc{{Ref: "lody-smietankowe", Title: "Lody śmietankowe", Price: 1200}}}}
		mustImport(t, db, doc)
		old := mustMenu(t, db, "demo-pierogi", "rynek")

		doc.Menus = append(doc.Menus, second)
		doc.Venues[0].Menu = "lato"
		doc.Menus = doc.Menus[1:]
		res := mustImport(t, db, doc)
		if res.Menus != 1 || res.Removed != 1 { // the old menu; its contents cascade
			t.Errorf("result %+v", res)
		}
		m := mustMenu(t, db, "demo-pierogi", "rynek")
		if m.ID == old.ID || len(m.Items) != 1 || len(m.ModifierCategories) != 0 {
			t.Errorf("menu %+v", m)
		}
		_, err := db.Menu(context.Background(), old.ID)
		wantNotFound(t, "removed menu", err)
		// Kept for the orders that name them, but deleted with their menu.
		for _, it := range old.Items {
			if state := rowState(t, db, "items", it.ID); state != "deleted" {
				t.Errorf("item %s of the removed menu is %s, want deleted", it.Ref, state)
			}
		}
		if state := rowState(t, db, "modifier_items", old.ModifierItems[0].ID); state != "deleted" {
			t.Errorf("modifier item of the removed menu is %s, want deleted", state)
		}
	})
}

func TestImportRejectsInvalidDocument(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		doc := mustParse(t, 0)
		doc.Currency = "CHF"
		doc.Menus[0].Categories[2].Items[1].Price = -5
		_, err := db.ImportScheme(context.Background(), doc)
		var pe *platter.Error
		if !errors.As(err, &pe) || pe.Code != platter.CodeValidation {
			t.Fatalf("got %v, want a validation error", err)
		}
		for _, path := range []string{"currency", "menus[0].categories[2].items[1].price"} {
			if pe.Fields[path] == "" {
				t.Errorf("no error at %s: %v", path, pe.Fields)
			}
		}
		if schemes, _ := db.ListSchemes(context.Background()); len(schemes) != 0 {
			t.Errorf("invalid document stored %d schemes", len(schemes))
		}
	})
}

// TestConcurrentImports hammers the write path: with busy_timeout and
// immediate transactions no writer may see SQLITE_BUSY, and on PostgreSQL
// the scheme upsert serialises imports of the same scheme.
func TestConcurrentImports(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		// Parsed here: t.Fatal must not run on the workers' goroutines.
		docs := make([]*catalog.SchemeDoc, 16)
		for k := range docs {
			docs[k] = mustParse(t, k%2)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 32)
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				for j := 0; j < 2; j++ {
					if _, err := db.ImportScheme(context.Background(), docs[2*i+j]); err != nil {
						errs <- err
					}
					// Readers run beside the writers.
					if _, _, err := db.MenuRef(context.Background(), "demo-burgers", "soho"); err != nil &&
						platter.ErrorCode(err) != platter.CodeNotFound {
						errs <- err
					}
				}
			}(i)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if strings.Contains(strings.ToLower(err.Error()), "busy") {
				t.Errorf("SQLITE_BUSY under concurrency: %v", err)
			} else {
				t.Errorf("concurrent import: %v", err)
			}
		}
		m := mustMenu(t, db, "demo-burgers", "soho")
		if m.Version != 1 { // eight imports of one document: created once, never changed
			t.Errorf("version %d after 8 imports of one document, want 1", m.Version)
		}
	})
}

// TestSQLiteTwoWriters opens the same file twice, as a server and a
// `platter demo` beside it would: the two one-writer queues then meet in
// SQLite, where busy_timeout and immediate transactions must keep every
// write from failing with SQLITE_BUSY.
func TestSQLiteTwoWriters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
	dbs := make([]*store.DB, 2)
	for i := range dbs {
		db, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if err := db.Migrate(ctx); err != nil { // both: the second must be a no-op
			t.Fatal(err)
		}
		dbs[i] = db
	}
	docs := []*catalog.SchemeDoc{mustParse(t, 0), mustParse(t, 1), mustParse(t, 0), mustParse(t, 1)}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := dbs[i%2].ImportScheme(ctx, docs[i%4]); err != nil {
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("import beside another process: %v", err)
	}
}
