package demo_test

import (
	"context"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func parse(t *testing.T, d demo.Document) *catalog.SchemeDoc {
	t.Helper()
	doc, errs := catalog.ParseSchemeDoc(d.Data)
	if len(errs) > 0 {
		t.Fatalf("%s: %v", d.Slug, errs)
	}
	if doc.BusinessSlug != d.Slug {
		t.Fatalf("slug %q, want %q", doc.BusinessSlug, d.Slug)
	}
	return doc
}

func counts(doc *catalog.SchemeDoc) (cats, items, unavailable, isNew int) {
	for _, m := range doc.Menus {
		for _, c := range m.Categories {
			cats++
			for _, it := range c.Items {
				items++
				if !it.Available() {
					unavailable++
				}
				if it.IsNew {
					isNew++
				}
			}
		}
	}
	return
}

// TestBurgers checks the docs/architecture.md §4c promises the e2e tests rely on.
func TestBurgers(t *testing.T) {
	doc := parse(t, demo.Documents()[0])
	cats, items, unavailable, isNew := counts(doc)
	if cats < 8 || items < 50 || unavailable != 1 || isNew != 2 {
		t.Errorf("categories %d items %d unavailable %d new %d", cats, items, unavailable, isNew)
	}
	if doc.Currency != "GBP" || doc.Theme != 1 || len(doc.Colours) != 16 || doc.Loyalty.StampsPerReward != 8 {
		t.Errorf("brand: %+v", doc.Scheme())
	}
	slugs := []string{}
	for _, v := range doc.Venues {
		slugs = append(slugs, v.VenueSlug)
		d := v.Delivery
		if d.RadiusM != 5000 || d.Fee != 249 || d.FreeOver != 3000 || d.Minimum != 1000 || len(v.OrderTypes) != 2 {
			t.Errorf("%s delivery terms: %+v", v.VenueSlug, d)
		}
	}
	if strings.Join(slugs, ",") != "soho,shoreditch" {
		t.Errorf("venues %v", slugs)
	}
	for _, mc := range doc.Menus[0].ModifierCategories {
		if mc.SelectMin > 0 {
			return // at least one required choice exists
		}
	}
	t.Error("no modifier category with select_min > 0")
}

func TestPierogi(t *testing.T) {
	doc := parse(t, demo.Documents()[1])
	cats, items, _, _ := counts(doc)
	if cats < 4 || items < 15 || doc.Currency != "PLN" || doc.Theme != 0 {
		t.Errorf("categories %d items %d currency %s theme %d", cats, items, doc.Currency, doc.Theme)
	}
	if len(doc.Venues) != 1 || doc.Venues[0].VenueSlug != "rynek" || doc.Venues[0].TimeZone != "Europe/Warsaw" {
		t.Errorf("venues: %+v", doc.Venues)
	}
	var max int64
	for _, c := range doc.Menus[0].Categories {
		for _, it := range c.Items {
			max = maxInt(max, it.Price)
		}
	}
	if max < 100000 {
		t.Errorf("no item of 1 000 zł or more (max %d)", max)
	}
}

func maxInt(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// TestAssets checks every image the documents name exists and stays small.
func TestAssets(t *testing.T) {
	for _, d := range demo.Documents() {
		doc := parse(t, d)
		urls := []string{doc.LogoURL}
		for _, c := range doc.Menus[0].Categories {
			for _, it := range c.Items {
				urls = append(urls, it.ImageURL)
			}
		}
		for _, u := range urls {
			name, ok := strings.CutPrefix(u, demo.AssetPrefix)
			if !ok {
				t.Errorf("%s: %q is not under %s", d.Slug, u, demo.AssetPrefix)
				continue
			}
			b, err := fs.ReadFile(demo.Assets(), name)
			if err != nil || len(b) > 3072 || !strings.Contains(string(b), "viewBox") {
				t.Errorf("%s: asset %s: %d bytes, %v", d.Slug, name, len(b), err)
			}
		}
	}
}

// TestLoadTwice: `platter demo` is idempotent. Loading the demo documents
// again writes nothing (no menu version moves, so no instance drops its
// cached menus) and every id stays what it was.
func TestLoadTwice(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		load := func() []*catalog.Menu {
			var menus []*catalog.Menu
			for _, d := range demo.Documents() {
				doc := parse(t, d)
				res, err := db.ImportScheme(ctx, doc)
				if err != nil {
					t.Fatalf("%s: %v", d.Slug, err)
				}
				t.Logf("%s: %s", d.Slug, res)
				id, _, err := db.MenuRef(ctx, d.Slug, doc.Venues[0].VenueSlug)
				if err != nil {
					t.Fatal(err)
				}
				m, err := db.Menu(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				menus = append(menus, m)
			}
			return menus
		}
		first := load()
		second := load()
		if !reflect.DeepEqual(first, second) {
			t.Error("loading the demo again changed its menus (ids, versions or content)")
		}
		for _, d := range demo.Documents() {
			res, err := db.ImportScheme(ctx, parse(t, d))
			if err != nil || !res.Unchanged {
				t.Errorf("%s third load: %v, %v; want unchanged", d.Slug, res, err)
			}
		}
	})
}
