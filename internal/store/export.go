package store

import (
	"context"
	"strconv"

	"platter/internal/catalog"
)

// ExportScheme reads a whole scheme back as the import document
// (`platter import` takes it as it is): only live rows, hidden ones left
// out, everything in its position order. Importing the export changes
// nothing (ImportResult.Unchanged). A field added to the document needs
// its line here too; TestExportRoundTrip fails until it has one.
func (db *DB) ExportScheme(ctx context.Context, slug string) (*catalog.SchemeDoc, error) {
	var doc *catalog.SchemeDoc
	err := db.read(ctx, func(c conn) error {
		var err error
		doc, _, err = exportScheme(ctx, c, slug, false)
		return err
	})
	if err != nil {
		return nil, mapErr(err)
	}
	return doc, nil
}

// exportScheme reads the document of scheme slug in transaction c and
// returns it with the scheme's id; lock takes the scheme row FOR UPDATE on
// PostgreSQL first, so writers of one scheme run one after the other.
func exportScheme(ctx context.Context, c conn, slug string, lock bool) (*catalog.SchemeDoc, int64, error) {
	forUpdate := ""
	if lock && c.dialect == Postgres {
		forUpdate = " FOR UPDATE"
	}
	var id int64
	var s schemeRow
	err := c.queryRow(ctx, "SELECT id, "+schemeRowColumns.list("")+" FROM schemes WHERE slug = ?"+forUpdate, slug).
		Scan(append([]any{&id}, schemeRowColumns.fields(&s)...)...)
	if err != nil {
		return nil, 0, err
	}
	doc := &catalog.SchemeDoc{BusinessSlug: slug, Name: s.Name, LogoURL: s.LogoURL, Theme: s.Theme,
		Colour: s.Colour, Currency: s.Currency, Country: s.Country, ReplyTo: s.ReplyTo,
		Loyalty: catalog.Loyalty{StampThreshold: s.StampThreshold, StampsPerReward: s.StampsPerReward,
			RewardTitle: s.RewardTitle},
		Menus: []catalog.MenuDoc{}, Venues: []catalog.VenueDoc{}, PromoCodes: []catalog.PromoCodeDoc{},
		Offers: []catalog.OfferDoc{}}
	if err := fromJSON(s.Colours, &doc.Colours); err != nil {
		return nil, 0, err
	}
	if err := fromJSON(s.Languages, &doc.Languages); err != nil {
		return nil, 0, err
	}
	menuRefs, err := exportMenus(ctx, c, id, doc)
	if err != nil {
		return nil, 0, err
	}
	if err := exportVenues(ctx, c, id, menuRefs, doc); err != nil {
		return nil, 0, err
	}
	return doc, id, exportPromotions(ctx, c, id, doc)
}

// keyed is a live row read for the export: id, key and the document's columns.
type keyed[T comparable] struct {
	id  int64
	key string
	row T
}

// live reads the live rows under parentID in position order (id breaks ties).
func (tb *table[T]) live(ctx context.Context, c conn, parentID int64, order string) ([]keyed[T], error) {
	return scanAll(ctx, c, func(r scanner, x *keyed[T]) error {
		return r.Scan(append([]any{&x.id, &x.key}, tb.cols.fields(&x.row)...)...)
	}, "SELECT id, "+tb.key+", "+tb.cols.list("")+" FROM "+tb.name+" WHERE "+tb.parent+
		" = ? AND deleted_at IS NULL ORDER BY "+order, parentID)
}

// exportMenus appends the scheme's live menus to doc and returns their refs by id.
func exportMenus(ctx context.Context, c conn, schemeID int64, doc *catalog.SchemeDoc) (map[int64]string, error) {
	menus, err := menusTable.live(ctx, c, schemeID, "id")
	if err != nil {
		return nil, err
	}
	refs := map[int64]string{}
	for _, m := range menus {
		refs[m.id] = m.key
		md, err := exportMenu(ctx, c, m.id)
		if err != nil {
			return nil, err
		}
		md.Ref, md.Name, md.LayoutStyle = m.key, m.row.Name, m.row.LayoutStyle
		doc.Menus = append(doc.Menus, *md)
	}
	return refs, nil
}

// exportMenu reads one menu's categories, items and modifier groups.
func exportMenu(ctx context.Context, c conn, menuID int64) (*catalog.MenuDoc, error) {
	md := &catalog.MenuDoc{Categories: []catalog.CategoryDoc{}, ModifierCategories: []catalog.ModifierCategoryDoc{}}
	mcs, err := modCategoriesTable.live(ctx, c, menuID, "position, id")
	if err != nil {
		return nil, err
	}
	mcIndex, mcRefs := map[int64]int{}, map[int64]string{}
	for i, mc := range mcs {
		mcIndex[mc.id], mcRefs[mc.id] = i, mc.key
		md.ModifierCategories = append(md.ModifierCategories, catalog.ModifierCategoryDoc{Ref: mc.key,
			Name: mc.row.Name, SelectMin: mc.row.SelectMin, SelectMax: mc.row.SelectMax,
			Items: []catalog.ModifierItemDoc{}})
	}
	mods, err := modItemsTable.live(ctx, c, menuID, "position, id")
	if err != nil {
		return nil, err
	}
	for _, m := range mods {
		i, ok := mcIndex[m.row.ModifierCategoryID]
		if !ok {
			continue // its group is hidden, so it is too
		}
		md.ModifierCategories[i].Items = append(md.ModifierCategories[i].Items, catalog.ModifierItemDoc{
			Ref: m.key, Name: m.row.Name, Price: m.row.Price, IsAvailable: availability(m.row.IsAvailable)})
	}
	cats, err := categoriesTable.live(ctx, c, menuID, "position, id")
	if err != nil {
		return nil, err
	}
	catIndex := map[int64]int{}
	for i, cat := range cats {
		catIndex[cat.id] = i
		md.Categories = append(md.Categories, catalog.CategoryDoc{Ref: cat.key, Name: cat.row.Name,
			Items: []catalog.ItemDoc{}})
	}
	links, err := itemModifierRefs(ctx, c, menuID, mcRefs)
	if err != nil {
		return nil, err
	}
	items, err := itemsTable.live(ctx, c, menuID, "position, id")
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		i, ok := catIndex[it.row.CategoryID]
		if !ok {
			continue
		}
		r := &it.row
		d := catalog.ItemDoc{Ref: it.key, Title: r.Title, Description: r.Description, ImageURL: r.ImageURL,
			Price: r.Price, IsNew: r.IsNew, IsAvailable: availability(r.IsAvailable), SelectMin: r.SelectMin,
			SelectMax: r.SelectMax, ModifierCategories: links[it.id], ImageID: r.ImageID}
		if d.ModifierCategories == nil {
			d.ModifierCategories = []string{}
		}
		if err := fromJSON(r.OrderTypes, &d.OrderTypes); err != nil {
			return nil, err
		}
		if err := fromJSON(r.Dayparts, &d.Dayparts); err != nil {
			return nil, err
		}
		md.Categories[i].Items = append(md.Categories[i].Items, d)
	}
	return md, nil
}

// itemModifierRefs returns the refs of the live modifier groups each item
// of a menu offers, in order.
func itemModifierRefs(ctx context.Context, c conn, menuID int64, mcRefs map[int64]string) (map[int64][]string, error) {
	type link struct{ item, mc int64 }
	links, err := scanAll(ctx, c, func(r scanner, x *link) error { return r.Scan(&x.item, &x.mc) },
		`SELECT l.item_id, l.modifier_category_id FROM item_modifier_categories l
		JOIN items i ON i.id = l.item_id WHERE i.menu_id = ? ORDER BY l.item_id, l.position`, menuID)
	if err != nil {
		return nil, err
	}
	out := map[int64][]string{}
	for _, l := range links {
		if ref, ok := mcRefs[l.mc]; ok {
			out[l.item] = append(out[l.item], ref)
		}
	}
	return out, nil
}

// availability is is_available as the document writes it: missing means on sale.
func availability(on bool) *bool {
	if on {
		return nil
	}
	return &on
}

// exportVenues appends the scheme's live venues, with their hours,
// exceptions and delivery zones.
func exportVenues(ctx context.Context, c conn, schemeID int64, menuRefs map[int64]string, doc *catalog.SchemeDoc) error {
	venues, err := venuesTable.live(ctx, c, schemeID, "position, id")
	if err != nil {
		return err
	}
	hours, err := loadHours(ctx, c, schemeID)
	if err != nil {
		return err
	}
	for _, v := range venues {
		r := &v.row
		d := catalog.VenueDoc{VenueSlug: v.key, Name: r.Name,
			Address: catalog.Address{Line1: r.Line1, Line2: r.Line2, City: r.City, Postcode: r.Postcode,
				Country: r.Country},
			Lat: r.Lat, Lng: r.Lng, TimeZone: r.TimeZone, Menu: menuRefs[r.MenuID],
			OpeningHours: map[string][]catalog.TimeRange{},
			Delivery: catalog.DeliveryDoc{RadiusM: r.RadiusM, Fee: r.Fee, FreeOver: r.FreeOver, Minimum: r.Minimum,
				SlotCapacity: r.DeliverySlots},
			Pickup:      catalog.PickupDoc{Minimum: r.PickupMin, SlotCapacity: r.PickupSlots},
			PrepMinutes: r.PrepMinutes, DeliveryMinutes: r.DeliveryMinutes, ServiceChargeBP: r.ServiceChargeBP,
			VATRateBP: r.VATRateBP, LayoutStyle: r.LayoutStyle,
			Tipping: catalog.Tipping{Enabled: r.TipEnabled, DefaultPercent: r.TipDefault, AllowCustom: r.TipAllowCustom}}
		for day, ranges := range hours[v.id] {
			if len(ranges) > 0 {
				d.OpeningHours[strconv.Itoa(day)] = ranges
			}
		}
		if err := fromJSON(r.OrderTypes, &d.OrderTypes); err != nil {
			return err
		}
		if err := fromJSON(r.TipPercents, &d.Tipping.Percents); err != nil {
			return err
		}
		if err := fromJSON(r.Exceptions, &d.Exceptions); err != nil {
			return err
		}
		if err := fromJSON(r.Zones, &d.Delivery.Zones); err != nil {
			return err
		}
		doc.Venues = append(doc.Venues, d)
	}
	return nil
}

// exportPromotions appends the scheme's live promo codes and offers.
func exportPromotions(ctx context.Context, c conn, schemeID int64, doc *catalog.SchemeDoc) error {
	codes, err := promoTable.live(ctx, c, schemeID, "id")
	if err != nil {
		return err
	}
	for _, p := range codes {
		r := &p.row
		doc.PromoCodes = append(doc.PromoCodes, catalog.PromoCodeDoc{Code: p.key, Kind: r.Kind,
			PercentBP: r.PercentBP, Amount: r.Amount, MinSpend: r.MinSpend, ValidFrom: r.ValidFrom,
			ValidUntil: r.Until, MaxUses: r.MaxUses, MaxUsesPerCustomer: r.PerCust})
	}
	offers, err := offerTable.live(ctx, c, schemeID, "position, id")
	if err != nil {
		return err
	}
	for _, o := range offers {
		r := &o.row
		doc.Offers = append(doc.Offers, catalog.OfferDoc{Ref: o.key, Title: r.Title, Color: r.Color,
			ImageURL: r.ImageURL, ButtonText: r.ButtonText, ButtonKind: r.ButtonKind,
			Reward: catalog.RewardDoc{Kind: r.RewardKind, PercentBP: r.PercentBP, Amount: r.Amount,
				MinSpend: r.MinSpend},
			ValidFrom: r.ValidFrom, ValidUntil: r.Until, MaxUsesPerCustomer: r.PerCust})
	}
	return nil
}
