package store_test

import (
	"context"
	"testing"

	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestImportExceptionsAndZones: a venue's dated exceptions and delivery
// zones survive the round trip through the store, re-importing them
// changes nothing, and changing one is a change.
func TestImportExceptionsAndZones(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		doc := mustParse(t, 0)
		v := &doc.Venues[0]
		v.Exceptions = []catalog.HoursException{
			{Date: "2026-12-25", Closed: true, Note: "Closed for Christmas"},
			{Date: "2026-12-24", Ranges: []catalog.TimeRange{{Open: "10:00", Close: "14:00"}, {Open: "17:00", Close: "01:00"}}},
			{Date: "2026-12-26", Closed: true, OrderTypes: []int{catalog.OrderTypePickup}, Note: "Delivery only"},
		}
		v.Delivery.Zones = []catalog.DeliveryZone{
			{Name: "Centre", Polygon: &catalog.GeoPolygon{Type: "Polygon", Coordinates: [][][]float64{
				{{-0.15, 51.50}, {-0.12, 51.50}, {-0.12, 51.52}, {-0.15, 51.52}, {-0.15, 51.50}}}},
				Fee: 199, Minimum: 1500, FreeOver: 2500},
			{Name: "Ring", RadiusM: 3000, Fee: 349, Minimum: 2000},
		}
		mustImport(t, db, doc)
		sc := schemeOf(t, db, doc.BusinessSlug)
		venues, err := db.VenuesOfScheme(ctx, sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got *catalog.Venue
		for i := range venues {
			if venues[i].Slug == v.VenueSlug {
				got = &venues[i]
			}
		}
		if got == nil {
			t.Fatalf("venue %s not read back", v.VenueSlug)
		}
		if len(got.Exceptions) != 3 || got.Exceptions[0].Note != "Closed for Christmas" ||
			len(got.Exceptions[1].Ranges) != 2 || got.Exceptions[2].OrderTypes[0] != catalog.OrderTypePickup {
			t.Errorf("exceptions read back: %+v", got.Exceptions)
		}
		if len(got.Zones) != 2 || got.Zones[0].Polygon == nil || got.Zones[0].Polygon.Coordinates[0][2][1] != 51.52 ||
			got.Zones[0].FreeOver != 2500 || got.Zones[1].RadiusM != 3000 || got.Zones[1].Polygon != nil {
			t.Errorf("zones read back: %+v", got.Zones)
		}
		// What the storefront decides from them: a point in the polygon pays its fee.
		if terms, ok := got.DeliveryTermsAt(51.51, -0.13, 1600); !ok || terms.Zone != "Centre" || terms.Fee != 199 {
			t.Errorf("terms at the centre: %+v %v", terms, ok)
		}
		if res := mustImport(t, db, doc); !res.Unchanged {
			t.Errorf("re-import of the same exceptions and zones: %+v; want unchanged", res)
		}
		doc.Venues[0].Delivery.Zones[1].Fee = 399
		if res := mustImport(t, db, doc); res.Unchanged {
			t.Error("a zone's new fee was not a change")
		}
		doc.Venues[0].Exceptions = nil
		doc.Venues[0].Delivery.Zones = nil
		mustImport(t, db, doc)
		venues, _ = db.VenuesOfScheme(ctx, sc.ID)
		for _, x := range venues {
			if x.Slug == v.VenueSlug && (len(x.Exceptions) != 0 || len(x.Zones) != 0) {
				t.Errorf("after removing them: exceptions %v zones %v", x.Exceptions, x.Zones)
			}
		}
	})
}
