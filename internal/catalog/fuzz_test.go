package catalog_test

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"testing"

	"platter/internal/catalog"
)

// FuzzParseSchemeDoc: any upload to Export / Import either comes back with
// problems (each with a path a manager can find) or as a document that
// survives its own export: written out and read again it is accepted and the
// same. The demo documents are the seeds, so the fuzzer mutates real menus.
func FuzzParseSchemeDoc(f *testing.F) {
	for _, name := range []string{"../../demo/demo-burgers.json", "../../demo/demo-pierogi.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"business_slug":"x","venues":[{"delivery":{"zones":[{"polygon":{"type":"Polygon","coordinates":[[[0,0]]]}}]}}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, problems := catalog.ParseSchemeDoc(data)
		if len(problems) > 0 {
			if doc != nil {
				t.Fatalf("problems %v but a document too", problems)
			}
			return
		}
		out, err := json.Marshal(doc)
		if err != nil {
			t.Fatalf("an accepted document cannot be exported: %v", err)
		}
		again, problems := catalog.ParseSchemeDoc(out)
		if len(problems) > 0 {
			t.Fatalf("an accepted document is refused once exported: %v\n%s", problems, out)
		}
		if !reflect.DeepEqual(again, doc) {
			t.Fatalf("export then import changed the document:\n%s", out)
		}
		for _, v := range doc.Venues {
			venue := v.Venue()
			venue.DeliveryTermsAt(venue.Lat, venue.Lng, 1000) // must not panic on any accepted zone
			venue.DeliversTo(venue.Lat+0.01, venue.Lng-0.01)
		}
	})
}

// FuzzPolygonContains: for any axis-aligned rectangle, drawn either way
// round, a point clear of its edges is inside exactly when it lies within its
// bounds (a point on an edge, give or take zones.go's 1e-7°, is inside: the
// first CI run of this target found 5e-15° past an edge, as designed); and no
// ring, however degenerate, makes the test panic.
func FuzzPolygonContains(f *testing.F) {
	f.Add(0.0, 0.0, 10.0, 10.0, 5.0, 5.0, []byte{1, 2, 3})
	f.Add(-0.02, -0.02, 0.01, 0.01, 0.01, -0.02, []byte{})
	f.Add(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, []byte{0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, x0, y0, x1, y1, x, y float64, junk []byte) {
		for _, v := range []float64{x0, y0, x1, y1, x, y} {
			if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
				return
			}
		}
		lo, hi := math.Min(x0, x1), math.Max(x0, x1)
		bottom, top := math.Min(y0, y1), math.Max(y0, y1)
		if hi-lo < 1e-6 || top-bottom < 1e-6 {
			return // a sliver: which side its edges are on is rounding
		}
		ring := [][]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
		// Within about a centimetre (1e-7°) of an edge a point counts as on it, so inside:
		// the clear cases are judged, the margin is the tolerance's.
		const margin = 2e-7
		near := func(v, edge float64) bool { return math.Abs(v-edge) <= margin }
		if near(x, lo) || near(x, hi) || near(y, bottom) || near(y, top) {
			return
		}
		want := x >= lo && x <= hi && y >= bottom && y <= top
		if got := catalog.PolygonContains([][][]float64{ring}, x, y); got != want {
			t.Fatalf("rectangle %v: contains(%v, %v) = %v; want %v", ring, x, y, got, want)
		}
		var odd [][]float64 // a ring from raw bytes: short, open, repeated points
		for i := 0; i+1 < len(junk); i += 2 {
			odd = append(odd, []float64{float64(junk[i]) - 128, float64(junk[i+1]) - 128})
		}
		catalog.PolygonContains([][][]float64{odd, {}}, x, y)
	})
}
