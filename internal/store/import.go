package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"platter/internal/catalog"
)

// ImportResult says what an import or a back-office edit did (the type is
// catalog's, so the API can answer with it without importing the store).
type ImportResult = catalog.ImportResult

// ImportScheme creates or updates a whole scheme from an import document in
// one transaction: the scheme by business_slug, venues by venue_slug, menus
// by ref, and items and modifier items by their ref in the menu, so ids stay
// stable across re-imports (also when an item moves to another category).
// Only rows that differ from the document are written. Whatever the
// document no longer lists is soft-deleted (hidden from customers, kept for
// the orders that name it); a ref that comes back later gets its old row
// and id back. Each menu that changed gets version + 1, once (menuTx); the
// scheme's updated_at moves only when something changed. The document is
// validated first and never modified; problems come back as one validation
// error listing every path.
func (db *DB) ImportScheme(ctx context.Context, doc *catalog.SchemeDoc) (*ImportResult, error) {
	if errs := doc.Validate(); len(errs) > 0 {
		return nil, catalog.InvalidDocError(errs)
	}
	res := &ImportResult{}
	err := db.writeMenus(ctx, func(t *menuTx) error {
		*res = ImportResult{} // the transaction may be retried; start clean
		return importScheme(ctx, t, doc, res, time.Now().UTC())
	})
	if err != nil {
		return nil, err
	}
	if res.MenuVersion, err = db.menuVersion(ctx, res.SchemeID); err != nil {
		return nil, err
	}
	return res, nil
}

func importScheme(ctx context.Context, t *menuTx, doc *catalog.SchemeDoc, res *ImportResult, now time.Time) error {
	id, created, changed, err := upsertScheme(ctx, t.c, doc, now)
	if err != nil {
		return err
	}
	res.SchemeID, res.Created = id, created
	menuIDs, err := importMenus(ctx, t, id, doc.Menus, res, now)
	if err != nil {
		return err
	}
	venuesChanged, err := importVenues(ctx, t.c, id, doc.Venues, menuIDs, res, now)
	if err != nil {
		return err
	}
	promosChanged, err := importPromotions(ctx, t.c, id, doc, now)
	if err != nil {
		return err
	}
	res.Unchanged = !created && !changed && !venuesChanged && !promosChanged && !t.changedAny()
	if res.Unchanged || created {
		return nil
	}
	// venue/info's lastUpdatedTime: the scheme, its venues or a menu changed.
	_, err = t.c.exec(ctx, "UPDATE schemes SET updated_at = ? WHERE id = ?", now, id)
	return err
}

// upsertScheme creates the scheme or updates what differs. An existing row
// is locked first (PostgreSQL), so imports of one scheme run one after the
// other and each compares against what the one before it committed.
func upsertScheme(ctx context.Context, c conn, doc *catalog.SchemeDoc, now time.Time) (id int64, created, changed bool, err error) {
	s := doc.Scheme() // colours normalised
	want := schemeRow{Name: s.Name, LogoURL: s.LogoURL, Theme: s.Theme, Colour: s.Colour,
		Colours: toJSON(s.Colours), Currency: s.Currency, Country: s.Country, Languages: toJSON(s.Languages),
		StampThreshold: s.Loyalty.StampThreshold, StampsPerReward: s.Loyalty.StampsPerReward,
		RewardTitle: s.Loyalty.RewardTitle, ReplyTo: s.ReplyTo}
	args := append([]any{s.Slug}, schemeRowColumns.values(&want)...)
	err = c.queryRow(ctx, "INSERT INTO schemes (slug, "+schemeRowColumns.list("")+", created_at, updated_at)"+
		" VALUES ("+placeholders(3+len(schemeRowColumns))+") ON CONFLICT (slug) DO NOTHING RETURNING id",
		append(args, now, now)...).Scan(&id)
	if err == nil {
		return id, true, true, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, false, err
	}
	var have schemeRow
	lock := ""
	if c.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	err = c.queryRow(ctx, "SELECT id, "+schemeRowColumns.list("")+" FROM schemes WHERE slug = ?"+lock, s.Slug).
		Scan(append([]any{&id}, schemeRowColumns.fields(&have)...)...)
	if err != nil || have == want {
		return id, false, false, err
	}
	_, err = c.exec(ctx, "UPDATE schemes SET "+schemeRowColumns.assignments()+" WHERE id = ?",
		append(schemeRowColumns.values(&want), id)...)
	return id, false, true, err
}

// venuesTable syncs venues; its row and column list are in catalog_rows.go.
var venuesTable = &table[venueRow]{name: "venues", parent: "scheme_id", key: "slug", cols: venueRowColumns}

func toVenueRow(v *catalog.VenueDoc, menuID int64, pos int) venueRow {
	a, d, t := v.Address, v.Delivery, v.Tipping
	return venueRow{Name: v.Name, Line1: a.Line1, Line2: a.Line2, City: a.City, Postcode: a.Postcode,
		Country: a.Country, Lat: v.Lat, Lng: v.Lng, TimeZone: v.TimeZone, OrderTypes: toJSON(v.OrderTypes),
		RadiusM: d.RadiusM, Fee: d.Fee, FreeOver: d.FreeOver, Minimum: d.Minimum, PickupMin: v.Pickup.Minimum,
		PrepMinutes: v.PrepMinutes, DeliveryMinutes: v.DeliveryMinutes, ServiceChargeBP: v.ServiceChargeBP,
		VATRateBP: v.VATRateBP, TipEnabled: t.Enabled, TipPercents: toJSON(t.Percents),
		TipDefault: t.DefaultPercent, TipAllowCustom: t.AllowCustom, LayoutStyle: v.LayoutStyle,
		MenuID: menuID, Position: pos, DeliverySlots: d.SlotCapacity, PickupSlots: v.Pickup.SlotCapacity,
		Exceptions: toJSON(v.Exceptions), Zones: toJSON(d.Zones)}
}

// importVenues syncs the scheme's venues and their opening hours and
// reports whether it wrote anything. A venue the document no longer lists
// is soft-deleted (its hours stay with it, for when it comes back).
func importVenues(ctx context.Context, c conn, schemeID int64, venues []catalog.VenueDoc, menuIDs map[string]int64,
	res *ImportResult, now time.Time) (bool, error) {
	want := make([]wanted[venueRow], len(venues))
	for i := range venues {
		want[i] = wanted[venueRow]{venues[i].VenueSlug, toVenueRow(&venues[i], menuIDs[venues[i].Menu], i)}
	}
	changed := false
	s, err := venuesTable.sync(ctx, c, plainRows{c, &changed}, schemeID, want, now)
	if err != nil {
		return false, err
	}
	res.Venues, res.Removed = len(venues), res.Removed+len(s.removed)
	if changed {
		// A venue moved to another zone: its report's dates move with it.
		if err := redateReportSums(ctx, c, schemeID); err != nil {
			return false, err
		}
	}
	hours, err := loadHours(ctx, c, schemeID)
	if err != nil {
		return false, err
	}
	for i := range venues {
		id, want := s.ids[venues[i].VenueSlug], venues[i].Hours()
		if sameHours(hours[id], want) {
			continue
		}
		changed = true
		if err := replaceHours(ctx, c, id, want); err != nil {
			return false, err
		}
	}
	return changed, nil
}

// loadHours reads the opening hours of every venue of a scheme.
func loadHours(ctx context.Context, c conn, schemeID int64) (map[int64][7][]catalog.TimeRange, error) {
	rows, err := selectRows(ctx, c, hourColumns, func(r *hourRecord) (hourRecord, error) { return *r, nil },
		"SELECT "+hourColumns.list("h")+` FROM venue_hours h
		JOIN venues v ON v.id = h.venue_id WHERE v.scheme_id = ? ORDER BY h.venue_id, h.weekday, h.position`, schemeID)
	if err != nil {
		return nil, err
	}
	out := map[int64][7][]catalog.TimeRange{}
	for _, h := range rows {
		if h.Weekday < 0 || h.Weekday > 6 {
			continue
		}
		week := out[h.VenueID]
		week[h.Weekday] = append(week[h.Weekday], h.Range)
		out[h.VenueID] = week
	}
	return out, nil
}

func sameHours(a, b [7][]catalog.TimeRange) bool {
	for d := range a {
		if !slices.Equal(a[d], b[d]) {
			return false
		}
	}
	return true
}

func replaceHours(ctx context.Context, c conn, venueID int64, hours [7][]catalog.TimeRange) error {
	if _, err := c.exec(ctx, "DELETE FROM venue_hours WHERE venue_id = ?", venueID); err != nil {
		return err
	}
	for day, ranges := range hours {
		for pos, r := range ranges {
			_, err := c.exec(ctx, `INSERT INTO venue_hours (venue_id, weekday, position, opens_at, closes_at)
				VALUES (?, ?, ?, ?, ?)`, venueID, day, pos, r.Open, r.Close)
			if err != nil {
				return err
			}
		}
	}
	return nil
}
