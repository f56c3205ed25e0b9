package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"platter/internal/catalog"
)

// ImportResult says what an import did. The counts are of what the document
// holds (and the store now holds); Removed counts rows soft-deleted because
// the document no longer lists them. Unchanged is true when the store
// already held the document: nothing was written and no menu version moved.
type ImportResult struct {
	SchemeID           int64
	Created            bool // false: an existing scheme was updated
	Unchanged          bool
	Venues             int
	Menus              int
	Categories         int
	Items              int
	ModifierCategories int
	ModifierItems      int
	Removed            int
}

// String summarises the result for the CLI, e.g. "created scheme 1: 2 venues,
// 1 menus, 11 categories, 66 items, 9 modifier categories, 42 modifiers, 0 removed".
func (r *ImportResult) String() string {
	verb := "updated"
	switch {
	case r.Created:
		verb = "created"
	case r.Unchanged:
		verb = "unchanged"
	}
	return fmt.Sprintf("%s scheme %d: %d venues, %d menus, %d categories, %d items, "+
		"%d modifier categories, %d modifiers, %d removed", verb, r.SchemeID, r.Venues, r.Menus,
		r.Categories, r.Items, r.ModifierCategories, r.ModifierItems, r.Removed)
}

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

// schemeRow is the scheme as the document decides it.
type schemeRow struct {
	Name, LogoURL     string
	Theme             int
	Colour, Colours   string
	Currency, Country string
	Languages         string
	StampThreshold    int64
	StampsPerReward   int
	RewardTitle       string
}

func (r *schemeRow) fields() []any {
	return []any{&r.Name, &r.LogoURL, &r.Theme, &r.Colour, &r.Colours, &r.Currency, &r.Country, &r.Languages,
		&r.StampThreshold, &r.StampsPerReward, &r.RewardTitle}
}

const schemeRowColumns = `name, logo_url, theme, colour, colours, currency, country, languages,
	stamp_threshold, stamps_per_reward, reward_title`

// upsertScheme creates the scheme or updates what differs. An existing row
// is locked first (PostgreSQL), so imports of one scheme run one after the
// other and each compares against what the one before it committed.
func upsertScheme(ctx context.Context, c conn, doc *catalog.SchemeDoc, now time.Time) (id int64, created, changed bool, err error) {
	s := doc.Scheme() // colours normalised
	want := schemeRow{s.Name, s.LogoURL, s.Theme, s.Colour, toJSON(s.Colours), s.Currency, s.Country,
		toJSON(s.Languages), s.Loyalty.StampThreshold, s.Loyalty.StampsPerReward, s.Loyalty.RewardTitle}
	args := append([]any{s.Slug}, values(want.fields())...)
	err = c.queryRow(ctx, `INSERT INTO schemes (slug, `+schemeRowColumns+`, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (slug) DO NOTHING RETURNING id`, append(args, now, now)...).Scan(&id)
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
	err = c.queryRow(ctx, "SELECT id, "+schemeRowColumns+" FROM schemes WHERE slug = ?"+lock, s.Slug).
		Scan(append([]any{&id}, have.fields()...)...)
	if err != nil || have == want {
		return id, false, false, err
	}
	_, err = c.exec(ctx, `UPDATE schemes SET name = ?, logo_url = ?, theme = ?, colour = ?, colours = ?,
		currency = ?, country = ?, languages = ?, stamp_threshold = ?, stamps_per_reward = ?, reward_title = ?
		WHERE id = ?`, append(values(want.fields()), id)...)
	return id, false, true, err
}

// venueRow is a venue as the document decides it (hours apart).
type venueRow struct {
	Name, Line1, Line2, City, Postcode, Country string
	Lat, Lng                                    float64
	TimeZone, OrderTypes                        string
	RadiusM, Fee, FreeOver, Minimum, PickupMin  int64
	PrepMinutes, DeliveryMinutes                int
	ServiceChargeBP, VATRateBP                  int
	TipEnabled                                  bool
	TipPercents                                 string
	TipDefault                                  int
	TipAllowCustom                              bool
	LayoutStyle                                 int
	MenuID                                      int64
	Position                                    int
	DeliverySlots, PickupSlots                  int
}

var venuesTable = &table[venueRow]{name: "venues", parent: "scheme_id", key: "slug",
	cols: []string{"name", "address_line1", "address_line2", "city", "postcode", "country", "lat", "lng",
		"time_zone", "order_types", "delivery_radius_m", "delivery_fee", "free_delivery_over",
		"delivery_minimum", "pickup_minimum", "prep_minutes", "delivery_minutes", "service_charge_bp",
		"vat_rate_bp", "tipping_enabled", "tip_percents", "tip_default", "tip_allow_custom", "layout_style",
		"menu_id", "position", "delivery_slot_capacity", "pickup_slot_capacity"},
	fields: func(r *venueRow) []any {
		return []any{&r.Name, &r.Line1, &r.Line2, &r.City, &r.Postcode, &r.Country, &r.Lat, &r.Lng,
			&r.TimeZone, &r.OrderTypes, &r.RadiusM, &r.Fee, &r.FreeOver, &r.Minimum, &r.PickupMin,
			&r.PrepMinutes, &r.DeliveryMinutes, &r.ServiceChargeBP, &r.VATRateBP, &r.TipEnabled,
			&r.TipPercents, &r.TipDefault, &r.TipAllowCustom, &r.LayoutStyle, &r.MenuID, &r.Position,
			&r.DeliverySlots, &r.PickupSlots}
	}}

func toVenueRow(v *catalog.VenueDoc, menuID int64, pos int) venueRow {
	a, d, t := v.Address, v.Delivery, v.Tipping
	return venueRow{v.Name, a.Line1, a.Line2, a.City, a.Postcode, a.Country, v.Lat, v.Lng, v.TimeZone,
		toJSON(v.OrderTypes), d.RadiusM, d.Fee, d.FreeOver, d.Minimum, v.Pickup.Minimum, v.PrepMinutes,
		v.DeliveryMinutes, v.ServiceChargeBP, v.VATRateBP, t.Enabled, toJSON(t.Percents), t.DefaultPercent,
		t.AllowCustom, v.LayoutStyle, menuID, pos, d.SlotCapacity, v.Pickup.SlotCapacity}
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
	type hour struct {
		venue   int64
		weekday int
		r       catalog.TimeRange
	}
	rows, err := scanAll(ctx, c, func(r scanner, x *hour) error {
		return r.Scan(&x.venue, &x.weekday, &x.r.Open, &x.r.Close)
	}, `SELECT h.venue_id, h.weekday, h.opens_at, h.closes_at FROM venue_hours h
		JOIN venues v ON v.id = h.venue_id WHERE v.scheme_id = ? ORDER BY h.venue_id, h.weekday, h.position`, schemeID)
	if err != nil {
		return nil, err
	}
	out := map[int64][7][]catalog.TimeRange{}
	for _, h := range rows {
		if h.weekday < 0 || h.weekday > 6 {
			continue
		}
		week := out[h.venue]
		week[h.weekday] = append(week[h.weekday], h.r)
		out[h.venue] = week
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
