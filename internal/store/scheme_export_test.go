package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// canonical is a document as JSON with what the import treats as the same
// written one way: empty lists and objects and nulls left out, an
// available item's is_available left out, promo codes in upper case,
// validity windows in UTC and colours as "#rrggbb".
func canonical(tb testing.TB, doc *catalog.SchemeDoc) any {
	tb.Helper()
	d := *doc
	d.Normalise()
	d.PromoCodes = append([]catalog.PromoCodeDoc{}, doc.PromoCodes...)
	for i := range d.PromoCodes {
		p := &d.PromoCodes[i]
		p.Code, p.ValidFrom, p.ValidUntil = ordering.NormaliseCode(p.Code), utc(p.ValidFrom), utc(p.ValidUntil)
	}
	d.Offers = append([]catalog.OfferDoc{}, doc.Offers...)
	for i := range d.Offers {
		o := &d.Offers[i]
		o.ValidFrom, o.ValidUntil = utc(o.ValidFrom), utc(o.ValidUntil)
		if c := strings.ToLower(strings.TrimSpace(o.Color)); c != "" && !strings.HasPrefix(c, "#") {
			o.Color = "#" + c
		} else {
			o.Color = c
		}
	}
	b, err := json.Marshal(&d)
	if err != nil {
		tb.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatal(err)
	}
	return prune(v)
}

func utc(s string) string {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func prune(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k == "is_available" && e == true {
				continue
			}
			if e = prune(e); e != nil {
				out[k] = e
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	case []any:
		if len(x) == 0 {
			return nil
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = prune(e)
		}
		return out
	}
	return v
}

func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for i, d := range demo.Documents() {
			in := mustParse(t, i)
			// Fields the demo documents leave out are read back too.
			in.ReplyTo = "orders@example.com"
			it := &in.Menus[0].Categories[0].Items[0]
			it.ImageID = 7
			it.Dayparts = []catalog.Daypart{{Days: []int{1, 2, 3, 4, 5}, From: "07:00", To: "11:30"}}
			v := &in.Venues[0]
			v.Exceptions = []catalog.HoursException{
				{Date: "2026-12-25", Closed: true, Note: "Closed"},
				{Date: "2026-12-26", Ranges: []catalog.TimeRange{{Open: "12:00", Close: "01:00"}}, OrderTypes: []int{1}},
			}
			v.Delivery.Zones = []catalog.DeliveryZone{
				{Name: "Ring", RadiusM: 2500, Fee: 199, Minimum: 1000, FreeOver: 2500},
				{Name: "Square", Polygon: &catalog.GeoPolygon{Type: "Polygon", Coordinates: [][][]float64{
					{{19.9, 50.0}, {20.0, 50.0}, {20.0, 50.1}, {19.9, 50.0}}}}, Fee: 299},
			}
			mustImport(t, db, in)
			out, err := db.ExportScheme(ctx, d.Slug)
			if err != nil {
				t.Fatalf("ExportScheme(%s): %v", d.Slug, err)
			}
			if got, want := canonical(t, out), canonical(t, in); !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", " ")
				w, _ := json.MarshalIndent(want, "", " ")
				t.Fatalf("%s: export differs from the document imported\n got: %s\nwant: %s", d.Slug, g, w)
			}
			// What the export says is exactly what `platter import` takes…
			b, err := json.Marshal(out)
			if err != nil {
				t.Fatal(err)
			}
			again, errs := catalog.ParseSchemeDoc(b)
			if len(errs) > 0 {
				t.Fatalf("%s: the export does not parse as an import document: %v", d.Slug, errs)
			}
			// …and importing it changes nothing.
			if res := mustImport(t, db, again); !res.Unchanged {
				t.Errorf("%s: re-import of the export changed something: %+v", d.Slug, res)
			}
		}
	})
}

func TestExportLeavesOutHiddenRows(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		doc := mustParse(t, 0)
		mustImport(t, db, doc)
		cut := mustParse(t, 0)
		m := &cut.Menus[0]
		gone := m.Categories[0].Items[0].Ref
		m.Categories[0].Items = m.Categories[0].Items[1:]
		gonecat := m.Categories[len(m.Categories)-1].Ref
		m.Categories = m.Categories[:len(m.Categories)-1]
		mustImport(t, db, cut)
		out, err := db.ExportScheme(ctx, cut.BusinessSlug)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range out.Menus[0].Categories {
			if c.Ref == gonecat {
				t.Errorf("hidden category %s exported", gonecat)
			}
			for _, it := range c.Items {
				if it.Ref == gone {
					t.Errorf("hidden item %s exported", gone)
				}
			}
		}
		if !reflect.DeepEqual(canonical(t, out), canonical(t, cut)) {
			t.Error("export after removals differs from the document imported")
		}
		if _, err := db.ExportScheme(ctx, "no-such-scheme"); err == nil {
			t.Error("export of an unknown scheme succeeded")
		}
	})
}
