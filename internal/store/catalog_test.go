package store_test

import (
	"context"
	"testing"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// mustParse parses demo document i (0 burgers, 1 pierogi).
func mustParse(tb testing.TB, i int) *catalog.SchemeDoc {
	tb.Helper()
	doc, errs := catalog.ParseSchemeDoc(demo.Documents()[i].Data)
	if len(errs) > 0 {
		tb.Fatalf("demo document %d: %v", i, errs)
	}
	return doc
}

// mustImport imports a document and fails the test on error.
func mustImport(tb testing.TB, db *store.DB, doc *catalog.SchemeDoc) *store.ImportResult {
	tb.Helper()
	res, err := db.ImportScheme(context.Background(), doc)
	if err != nil {
		tb.Fatalf("import %s: %v", doc.BusinessSlug, err)
	}
	return res
}

// mustMenu loads the menu of scheme/venue through MenuRef, as menu/list does.
func mustMenu(tb testing.TB, db *store.DB, scheme, venue string) *catalog.Menu {
	tb.Helper()
	ctx := context.Background()
	id, version, err := db.MenuRef(ctx, scheme, venue)
	if err != nil {
		tb.Fatalf("MenuRef(%s, %s): %v", scheme, venue, err)
	}
	m, err := db.Menu(ctx, id)
	if err != nil {
		tb.Fatalf("Menu(%d): %v", id, err)
	}
	if m.Version != version {
		tb.Fatalf("Menu version %d, MenuRef version %d", m.Version, version)
	}
	return m
}

func wantNotFound(t *testing.T, what string, err error) {
	t.Helper()
	if code := platter.ErrorCode(err); err == nil || code != platter.CodeNotFound {
		t.Errorf("%s: got %v (code %d), want not found 1404", what, err, code)
	}
}

func TestImportDemoAndRead(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		burgers, pierogi := mustParse(t, 0), mustParse(t, 1)
		res := mustImport(t, db, burgers)
		if !res.Created || res.Venues != 2 || res.Items < 50 || res.Categories < 8 || res.Removed != 0 {
			t.Errorf("burgers result %+v", res)
		}
		mustImport(t, db, pierogi)

		schemes, err := db.ListSchemes(ctx)
		if err != nil || len(schemes) != 2 {
			t.Fatalf("ListSchemes = %v, %v", schemes, err)
		}
		if schemes[0].Name > schemes[1].Name {
			t.Errorf("schemes not ordered by name: %q, %q", schemes[0].Name, schemes[1].Name)
		}
		s, err := db.SchemeBySlug(ctx, "demo-burgers")
		if err != nil {
			t.Fatal(err)
		}
		checkScheme(t, s, burgers)
		checkVenues(t, db, s.ID)
		checkMenu(t, mustMenu(t, db, "demo-burgers", "soho"), burgers)
		checkMenu(t, mustMenu(t, db, "demo-pierogi", "rynek"), pierogi)
	})
}

func checkScheme(t *testing.T, s *catalog.Scheme, doc *catalog.SchemeDoc) {
	t.Helper()
	want := doc.Scheme()
	if s.Slug != want.Slug || s.Name != want.Name || s.Currency != "GBP" || s.Theme != 1 ||
		s.Colour != want.Colour || len(s.Colours) != 16 || s.Colours[15] != want.Colours[15] ||
		s.Loyalty != want.Loyalty || len(s.Languages) != 1 || s.UpdatedAt.IsZero() {
		t.Errorf("scheme\n got %+v\nwant %+v", s, want)
	}
}

func checkVenues(t *testing.T, db *store.DB, schemeID int64) {
	t.Helper()
	vs, err := db.VenuesOfScheme(context.Background(), schemeID)
	if err != nil || len(vs) != 2 {
		t.Fatalf("VenuesOfScheme = %v, %v", vs, err)
	}
	soho := vs[0]
	if soho.Slug != "soho" || vs[1].Slug != "shoreditch" || soho.Position != 0 || vs[1].Position != 1 {
		t.Errorf("venue order: %s, %s", soho.Slug, vs[1].Slug)
	}
	if soho.TimeZone != "Europe/London" || soho.Lat != 51.5136 || soho.DeliveryFee != 249 ||
		soho.FreeDeliveryOver != 3000 || soho.DeliveryMinimum != 1000 || soho.DeliveryRadiusM != 5000 ||
		soho.VATRateBP != 2000 || !soho.Offers(catalog.OrderTypeDelivery) || soho.MenuID == 0 {
		t.Errorf("soho: %+v", soho)
	}
	tip := soho.Tipping
	if !tip.Enabled || len(tip.Percents) != 4 || tip.DefaultPercent != 10 || !tip.AllowCustom {
		t.Errorf("tipping: %+v", tip)
	}
	for d := 0; d < 7; d++ {
		if len(soho.OpeningHours[d]) == 0 {
			t.Errorf("weekday %d has no hours", d)
		}
	}
	if soho.OpeningHours[5][0].Close != "00:30" {
		t.Errorf("friday: %+v", soho.OpeningHours[5])
	}
	one, err := db.VenueBySlug(context.Background(), schemeID, "shoreditch")
	if err != nil || one.ID != vs[1].ID || len(one.OpeningHours[0]) != 1 {
		t.Errorf("VenueBySlug = %+v, %v", one, err)
	}
}

// checkMenu compares a stored menu with its document, item by item.
func checkMenu(t *testing.T, m *catalog.Menu, doc *catalog.SchemeDoc) {
	t.Helper()
	md := doc.Menus[0]
	if m.Name != md.Name || m.LayoutStyle != md.LayoutStyle || len(m.Categories) != len(md.Categories) ||
		len(m.ModifierCategories) != len(md.ModifierCategories) || m.Version < 1 {
		t.Fatalf("menu %q: %d categories, %d modifier categories", m.Name, len(m.Categories), len(m.ModifierCategories))
	}
	catIDs := map[int64]int{}
	for i, c := range m.Categories {
		catIDs[c.ID] = i
		if c.Ref != md.Categories[i].Ref || c.Position != i {
			t.Errorf("category %d: %+v", i, c)
		}
	}
	modIDs := map[int64]string{}
	for _, mc := range m.ModifierCategories {
		modIDs[mc.ID] = mc.Ref
	}
	n := 0
	for ci, c := range md.Categories {
		for _, want := range c.Items {
			got := m.Items[n]
			n++
			if got.Ref != want.Ref || got.Price != want.Price || got.IsNew != want.IsNew ||
				got.IsAvailable != want.Available() || got.Title != want.Title || catIDs[got.CategoryID] != ci ||
				len(got.ModifierCategoryIDs) != len(want.ModifierCategories) || len(got.OrderTypes) != len(want.OrderTypes) {
				t.Errorf("item %s: got %+v", want.Ref, got)
				continue
			}
			for k, id := range got.ModifierCategoryIDs {
				if modIDs[id] != want.ModifierCategories[k] {
					t.Errorf("item %s: modifier %d is %q, want %q", want.Ref, k, modIDs[id], want.ModifierCategories[k])
				}
			}
		}
	}
	if n != len(m.Items) {
		t.Errorf("%d items stored, document has %d", len(m.Items), n)
	}
	mods := 0
	for _, mc := range md.ModifierCategories {
		mods += len(mc.Items)
	}
	if len(m.ModifierItems) != mods {
		t.Errorf("%d modifier items stored, document has %d", len(m.ModifierItems), mods)
	}
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, mustParse(t, 0))
		mustImport(t, db, mustParse(t, 1))
		_, err := db.SchemeBySlug(ctx, "no-such-scheme")
		wantNotFound(t, "SchemeBySlug", err)
		_, _, err = db.MenuRef(ctx, "demo-burgers", "rynek")
		wantNotFound(t, "MenuRef of another scheme's venue", err)
		_, _, err = db.MenuRef(ctx, "demo-burgers", "nowhere")
		wantNotFound(t, "MenuRef of a missing venue", err)
		burgers, err := db.SchemeBySlug(ctx, "demo-burgers")
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.VenueBySlug(ctx, burgers.ID, "rynek")
		wantNotFound(t, "VenueBySlug of another scheme's venue", err)
		_, err = db.Menu(ctx, 987654321)
		wantNotFound(t, "Menu", err)
		vs, err := db.VenuesOfScheme(ctx, 987654321)
		if err != nil || vs == nil || len(vs) != 0 {
			t.Errorf("VenuesOfScheme(unknown) = %v, %v; want empty", vs, err)
		}
	})
}
