package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func TestEditSchemeConcurrentWritesAllLand(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		res := mustImport(t, db, mustParse(t, 0))
		v0 := mustMenu(t, db, "demo-burgers", "soho").Version
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ref := fmt.Sprintf("new-%d", i)
				_, errs[i] = db.EditScheme(ctx, "demo-burgers",
					store.Audit{ActorEmail: fmt.Sprintf("m%d@example.com", i), Action: "menu.upsert-category", Target: ref},
					func(doc *catalog.SchemeDoc) (any, any, error) {
						c := catalog.CategoryDoc{Ref: ref, Name: "New " + ref}
						doc.Menus[0].Categories = append(doc.Menus[0].Categories, c)
						return nil, c, nil
					})
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("edit %d: %v", i, err)
			}
		}
		doc, err := db.ExportScheme(ctx, "demo-burgers")
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, c := range doc.Menus[0].Categories {
			have[c.Ref] = true
		}
		for i := range n {
			if !have[fmt.Sprintf("new-%d", i)] {
				t.Errorf("category new-%d lost: a concurrent edit overwrote another", i)
			}
		}
		if v := mustMenu(t, db, "demo-burgers", "soho").Version; v != v0+n {
			t.Errorf("menu version %d → %d after %d edits; want +%d", v0, v, n, n)
		}
		rows, total, err := db.AuditLog(ctx, res.SchemeID, store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if total != n || len(rows) != n {
			t.Errorf("%d audit rows (total %d); want %d", len(rows), total, n)
		}
	})
}

func TestEditSchemeAuditAndValidation(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		res := mustImport(t, db, mustParse(t, 0))
		v0 := mustMenu(t, db, "demo-burgers", "soho").Version
		price := func(p int64) func(doc *catalog.SchemeDoc) (any, any, error) {
			return func(doc *catalog.SchemeDoc) (any, any, error) {
				it := &doc.Menus[0].Categories[0].Items[0]
				before := *it
				it.Price = p
				return before, *it, nil
			}
		}
		a := store.Audit{ActorEmail: "Boss@Example.com", Action: "menu.upsert-item", Target: "classic-cheeseburger"}
		out, err := db.EditScheme(ctx, "demo-burgers", a, price(1234))
		if err != nil {
			t.Fatal(err)
		}
		if out.Unchanged || out.MenuVersion != v0+1 {
			t.Errorf("result %+v; want changed, menu version %d", out, v0+1)
		}
		if got := findItem(mustMenu(t, db, "demo-burgers", "soho"), "classic-cheeseburger").Price; got != 1234 {
			t.Errorf("price %d after the edit; want 1234", got)
		}
		// The same edit again changes nothing: no row, no version.
		if out, err := db.EditScheme(ctx, "demo-burgers", a, price(1234)); err != nil || !out.Unchanged {
			t.Errorf("repeated edit: %+v, %v; want unchanged", out, err)
		}
		// An invalid document is refused with the path, and nothing is written.
		_, err = db.EditScheme(ctx, "demo-burgers", a, func(doc *catalog.SchemeDoc) (any, any, error) {
			doc.Menus[0].Categories[0].Items[0].Price = 1
			doc.Menus[0].Categories[1].Items[0].Title = ""
			return nil, nil, nil
		})
		var pe *platter.Error
		if !errors.As(err, &pe) || pe.Code != platter.CodeValidation || pe.Fields["menus[0].categories[1].items[0].title"] == "" {
			t.Fatalf("invalid edit: %v; want 1000 naming menus[0].categories[1].items[0].title", err)
		}
		if got := findItem(mustMenu(t, db, "demo-burgers", "soho"), "classic-cheeseburger").Price; got != 1234 {
			t.Errorf("price %d after a refused edit; want 1234 (nothing half-written)", got)
		}
		// fn's own error rolls back too.
		_, err = db.EditScheme(ctx, "demo-burgers", a, func(doc *catalog.SchemeDoc) (any, any, error) {
			doc.Name = "Renamed"
			return nil, nil, platter.NotFound()
		})
		if !errors.As(err, &pe) || pe.Code != platter.CodeNotFound || schemeOf(t, db, "demo-burgers").Name == "Renamed" {
			t.Errorf("fn error: %v; want 1404 and no rename", err)
		}
		// The slug names the scheme: an edit cannot move to another.
		_, err = db.EditScheme(ctx, "demo-burgers", a, func(doc *catalog.SchemeDoc) (any, any, error) {
			doc.BusinessSlug = "elsewhere"
			return nil, nil, nil
		})
		if !errors.As(err, &pe) || pe.Code != platter.CodeValidation {
			t.Errorf("slug change: %v; want 1000", err)
		}
		if _, err := db.EditScheme(ctx, "no-such", a, price(1)); !errors.As(err, &pe) || pe.Code != platter.CodeNotFound {
			t.Errorf("unknown scheme: %v; want 1404", err)
		}
		if err := db.RecordAudit(ctx, res.SchemeID, store.Audit{ActorEmail: "other@example.com", Action: "team.invite",
			Target: "new@example.com"}, nil, map[string]string{"role": "staff"}); err != nil {
			t.Fatal(err)
		}
		rows, total, err := db.AuditLog(ctx, res.SchemeID, store.AuditFilter{})
		if err != nil || total != 2 || len(rows) != 2 {
			t.Fatalf("audit log: %d rows, total %d, %v; want 2", len(rows), total, err)
		}
		first := rows[1] // newest first
		var before, after catalog.ItemDoc
		_ = json.Unmarshal(first.Before, &before)
		_ = json.Unmarshal(first.After, &after)
		if first.ActorEmail != "boss@example.com" || first.Action != "menu.upsert-item" ||
			first.Target != "classic-cheeseburger" || before.Price != 899 || after.Price != 1234 {
			t.Errorf("audit row %+v (before %d, after %d)", first, before.Price, after.Price)
		}
		for _, c := range []struct {
			f    store.AuditFilter
			want int
		}{
			{store.AuditFilter{ActorEmail: "BOSS@example.com"}, 1},
			{store.AuditFilter{Action: "menu"}, 1},
			{store.AuditFilter{Action: "team.invite"}, 1},
			{store.AuditFilter{Action: "men"}, 0},
			{store.AuditFilter{From: time.Now().Add(time.Hour)}, 0},
			{store.AuditFilter{To: time.Now().Add(-time.Hour)}, 0},
			{store.AuditFilter{From: time.Now().Add(-time.Hour), To: time.Now().Add(time.Hour)}, 2},
			{store.AuditFilter{Page: 2}, 0},
		} {
			rows, total, err := db.AuditLog(ctx, res.SchemeID, c.f)
			if err != nil || len(rows) != c.want || (c.f.Page < 2 && total != c.want) {
				t.Errorf("filter %+v: %d rows, total %d, %v; want %d", c.f, len(rows), total, err, c.want)
			}
		}
		// Another scheme's log is its own.
		other := mustImport(t, db, mustParse(t, 1))
		if rows, _, _ := db.AuditLog(ctx, other.SchemeID, store.AuditFilter{}); len(rows) != 0 {
			t.Errorf("another scheme sees %d audit rows", len(rows))
		}
	})
}
