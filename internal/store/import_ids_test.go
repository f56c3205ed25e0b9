package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// Orders (next issue) keep item and modifier ids and copy their details, so
// the catalogue must never reuse an id, never drop a row an order may name,
// and never give a ref's id to another row. These tests hold it to that.

func schemeOf(tb testing.TB, db *store.DB, slug string) *catalog.Scheme {
	tb.Helper()
	s, err := db.SchemeBySlug(context.Background(), slug)
	if err != nil {
		tb.Fatalf("SchemeBySlug(%s): %v", slug, err)
	}
	return s
}

// rowState reads a catalogue row straight from its table: "live",
// "deleted" (soft-deleted) or "missing" (gone for good).
func rowState(tb testing.TB, db *store.DB, table string, id int64) string {
	tb.Helper()
	// table is a constant of the test and id a number, so plain formatting
	// keeps the query the same on both databases.
	q := fmt.Sprintf("SELECT COUNT(*), COUNT(deleted_at) FROM %s WHERE id = %d", table, id)
	var n, deleted int
	if err := db.SQL().QueryRowContext(context.Background(), q).Scan(&n, &deleted); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	switch {
	case n == 0:
		return "missing"
	case deleted > 0:
		return "deleted"
	}
	return "live"
}

func findModifier(m *catalog.Menu, ref string) *catalog.ModifierItem {
	for i := range m.ModifierItems {
		if m.ModifierItems[i].Ref == ref {
			return &m.ModifierItems[i]
		}
	}
	return nil
}

// TestRemovedItemIsKeptAndComesBack: an item a document no longer lists
// disappears from the menu but keeps its row; when a later document lists
// its ref again it is the same item, with its old id.
func TestRemovedItemIsKeptAndComesBack(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 0))
		before := mustMenu(t, db, "demo-burgers", "soho")
		gone := findItem(before, "double-smash")
		goneMod := before.ModifierItems[1]

		doc := mustParse(t, 0)
		burgers := &doc.Menus[0].Categories[0]
		burgers.Items = append(burgers.Items[:1], burgers.Items[2:]...)
		mods := &doc.Menus[0].ModifierCategories[0]
		mods.Items = append(mods.Items[:1], mods.Items[2:]...)
		if res := mustImport(t, db, doc); res.Removed != 2 {
			t.Errorf("Removed = %d, want 2 (one item, one modifier)", res.Removed)
		}
		mid := mustMenu(t, db, "demo-burgers", "soho")
		if findItem(mid, gone.Ref) != nil || findModifier(mid, goneMod.Ref) != nil {
			t.Fatalf("removed rows still on the menu")
		}
		if s := rowState(t, db, "items", gone.ID); s != "deleted" {
			t.Errorf("removed item row is %s, want deleted (an order may name it)", s)
		}
		if s := rowState(t, db, "modifier_items", goneMod.ID); s != "deleted" {
			t.Errorf("removed modifier row is %s, want deleted", s)
		}

		mustImport(t, db, mustParse(t, 0)) // the original document again
		after := mustMenu(t, db, "demo-burgers", "soho")
		back := findItem(after, gone.Ref)
		if back == nil || back.ID != gone.ID || back.Price != gone.Price {
			t.Errorf("item back as %+v, want id %d", back, gone.ID)
		}
		if m := findModifier(after, goneMod.Ref); m == nil || m.ID != goneMod.ID {
			t.Errorf("modifier back as %+v, want id %d", m, goneMod.ID)
		}
		if len(after.Items) != len(before.Items) || after.Version != mid.Version+1 {
			t.Errorf("%d items v%d, want %d items v%d", len(after.Items), after.Version, len(before.Items), mid.Version+1)
		}
	})
}

// TestMovedItemKeepsItsID: an item moved to another category (and a choice
// moved to another modifier category) is the same row, not a new one.
func TestMovedItemKeepsItsID(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 0))
		before := mustMenu(t, db, "demo-burgers", "soho")

		doc := mustParse(t, 0)
		cats := doc.Menus[0].Categories
		moved := cats[0].Items[0]
		cats[0].Items = cats[0].Items[1:]
		cats[1].Items = append(cats[1].Items, moved)
		mcs := doc.Menus[0].ModifierCategories
		movedMod := mcs[0].Items[len(mcs[0].Items)-1]
		mcs[0].Items = mcs[0].Items[:len(mcs[0].Items)-1]
		mcs[1].Items = append(mcs[1].Items, movedMod)
		if res := mustImport(t, db, doc); res.Removed != 0 {
			t.Errorf("a move removed %d rows", res.Removed)
		}
		after := mustMenu(t, db, "demo-burgers", "soho")
		was, is := findItem(before, moved.Ref), findItem(after, moved.Ref)
		if is == nil || is.ID != was.ID || is.CategoryID != after.Categories[1].ID {
			t.Errorf("moved item: was %+v, is %+v", was, is)
		}
		wasMod, isMod := findModifier(before, movedMod.Ref), findModifier(after, movedMod.Ref)
		if isMod == nil || isMod.ID != wasMod.ID || isMod.ModifierCategoryID != after.ModifierCategories[1].ID {
			t.Errorf("moved modifier: was %+v, is %+v", wasMod, isMod)
		}
		if len(after.Items) != len(before.Items) {
			t.Errorf("%d items → %d", len(before.Items), len(after.Items))
		}
	})
}

// TestIDsAreNeverReused: a new item gets an id no item ever had, also when
// the newest item was removed just before.
func TestIDsAreNeverReused(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 1))
		before := mustMenu(t, db, "demo-pierogi", "rynek")
		var maxID int64
		for _, it := range before.Items {
			maxID = max(maxID, it.ID)
		}
		doc := mustParse(t, 1)
		cats := doc.Menus[0].Categories
		last := &cats[len(cats)-1]
		last.Items = last.Items[:len(last.Items)-1] // very likely the highest id
		mustImport(t, db, doc)
		last.Items = append(last.Items, catalog.ItemDoc{Ref: "nowy", Title: "Nowy", Price: 100})
		mustImport(t, db, doc)
		it := findItem(mustMenu(t, db, "demo-pierogi", "rynek"), "nowy")
		if it == nil || it.ID <= maxID {
			t.Errorf("new item %+v, want an id above %d", it, maxID)
		}
	})
}

// TestRefsUniquePerMenuInDatabase: the database itself refuses a second
// item (or modifier) with a ref its menu already has, whatever category it
// sits in; the import document check is not the only guard.
func TestRefsUniquePerMenuInDatabase(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 0))
		m := mustMenu(t, db, "demo-burgers", "soho")
		it, mi := m.Items[0], m.ModifierItems[0]
		otherCat, otherMC := m.Categories[len(m.Categories)-1].ID, m.ModifierCategories[len(m.ModifierCategories)-1].ID
		if otherCat == it.CategoryID || otherMC == mi.ModifierCategoryID {
			t.Fatal("test needs another category")
		}
		stmts := []string{
			fmt.Sprintf(`INSERT INTO items (category_id, menu_id, ref, title, price) VALUES (%d, %d, '%s', 'Copy', 100)`,
				otherCat, m.ID, it.Ref),
			fmt.Sprintf(`INSERT INTO modifier_items (modifier_category_id, menu_id, ref, name, price)
				VALUES (%d, %d, '%s', 'Copy', 100)`, otherMC, m.ID, mi.Ref),
		}
		for _, q := range stmts {
			_, err := db.SQL().ExecContext(context.Background(), q)
			if err == nil || !regexp.MustCompile(`(?i)unique|23505`).MatchString(err.Error()) {
				t.Errorf("%s\n= %v, want a unique violation", q, err)
			}
		}
	})
}

// TestRemovedVenueIsHidden: a venue the document no longer lists is gone
// from every customer read, and comes back with its old id.
func TestRemovedVenueIsHidden(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, mustParse(t, 0))
		s := schemeOf(t, db, "demo-burgers")
		shoreditch, err := db.VenueBySlug(ctx, s.ID, "shoreditch")
		if err != nil {
			t.Fatal(err)
		}
		doc := mustParse(t, 0)
		doc.Venues = doc.Venues[:1]
		mustImport(t, db, doc)
		if vs, err := db.VenuesOfScheme(ctx, s.ID); err != nil || len(vs) != 1 || vs[0].Slug != "soho" {
			t.Errorf("VenuesOfScheme = %v, %v; want soho only", vs, err)
		}
		_, err = db.VenueBySlug(ctx, s.ID, "shoreditch")
		wantNotFound(t, "VenueBySlug of a removed venue", err)
		_, _, err = db.MenuRef(ctx, "demo-burgers", "shoreditch")
		wantNotFound(t, "MenuRef of a removed venue", err)
		if st := rowState(t, db, "venues", shoreditch.ID); st != "deleted" {
			t.Errorf("removed venue row is %s, want deleted", st)
		}
		_, err = db.UpsertPlatformUser(ctx, store.PlatformUser{Email: "staff@example.test", PasswordHash: "h",
			Role: "staff", SchemeSlug: "demo-burgers", VenueSlug: "shoreditch"}, time.Now())
		wantNotFound(t, "staff membership at a removed venue", err)

		mustImport(t, db, mustParse(t, 0))
		back, err := db.VenueBySlug(ctx, s.ID, "shoreditch")
		if err != nil || back.ID != shoreditch.ID || len(back.OpeningHours[1]) == 0 {
			t.Errorf("venue back as %+v, %v; want id %d with its hours", back, err, shoreditch.ID)
		}
	})
}

// TestMenuWritesGoThroughTheVersionHelper keeps the rule that makes the
// menu cache safe: no code of the store writes a menu table except through
// the helper that bumps the menu's version (menuwrite.go). A new write path
// (sold-out toggles, a menu editor) must use it too, or this test fails.
func TestMenuWritesGoThroughTheVersionHelper(t *testing.T) {
	t.Parallel()
	write := regexp.MustCompile(`(?s)(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(menus|categories|items|` +
		`modifier_categories|modifier_items|item_modifier_categories)\b`)
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "menuwrite.go" {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if m := write.Find(b); m != nil {
			t.Errorf("%s writes a menu table outside menuwrite.go: %q", name, m)
		}
	}
}

// TestImportRejectsRefRepeatedInMenu: ImportScheme itself refuses a
// document whose item ref repeats in another category, naming the path, and
// writes nothing.
func TestImportRejectsRefRepeatedInMenu(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 0))
		before := mustMenu(t, db, "demo-burgers", "soho")
		doc := mustParse(t, 0)
		cats := doc.Menus[0].Categories
		cats[0].Items[0].Price++
		cats[1].Items[0].Ref = cats[0].Items[0].Ref
		_, err := db.ImportScheme(context.Background(), doc)
		var pe *platter.Error
		if !errors.As(err, &pe) || pe.Code != platter.CodeValidation || pe.Fields["menus[0].categories[1].items[0].ref"] == "" {
			t.Fatalf("got %v, want a validation error at menus[0].categories[1].items[0].ref", err)
		}
		if after := mustMenu(t, db, "demo-burgers", "soho"); after.Version != before.Version {
			t.Errorf("a refused document moved the version %d → %d", before.Version, after.Version)
		}
	})
}

// TestVenueChangeLeavesMenuVersion: a change outside the menu (a venue's
// hours) is written and moves venue/info's lastUpdatedTime, but no menu
// version, so menu caches stay warm.
func TestVenueChangeLeavesMenuVersion(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 0))
		before := mustMenu(t, db, "demo-burgers", "soho")
		s1 := schemeOf(t, db, "demo-burgers")
		doc := mustParse(t, 0)
		doc.Venues[0].OpeningHours["1"] = []catalog.TimeRange{{Open: "10:00", Close: "23:00"}}
		if res := mustImport(t, db, doc); res.Unchanged {
			t.Error("an hours change reported as unchanged")
		}
		if after := mustMenu(t, db, "demo-burgers", "soho"); after.Version != before.Version {
			t.Errorf("an hours change moved the menu version %d → %d", before.Version, after.Version)
		}
		v, err := db.VenueBySlug(context.Background(), s1.ID, "soho")
		if err != nil || len(v.OpeningHours[1]) != 1 || v.OpeningHours[1][0].Open != "10:00" {
			t.Errorf("monday hours %+v, %v", v, err)
		}
		if s2 := schemeOf(t, db, "demo-burgers"); !s2.UpdatedAt.After(s1.UpdatedAt) {
			t.Errorf("updated_at %v → %v, want later", s1.UpdatedAt, s2.UpdatedAt)
		}
	})
}
