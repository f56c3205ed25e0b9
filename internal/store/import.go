package store

import (
	"context"
	"fmt"
	"sort"
	"time"

	"platter/internal/catalog"
)

// ImportResult says what an import did. The counts are of what the document
// holds (and the store now holds); Removed counts rows deleted because the
// document no longer lists them.
type ImportResult struct {
	SchemeID           int64
	Created            bool // false: an existing scheme was updated
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
	if r.Created {
		verb = "created"
	}
	return fmt.Sprintf("%s scheme %d: %d venues, %d menus, %d categories, %d items, "+
		"%d modifier categories, %d modifiers, %d removed", verb, r.SchemeID, r.Venues, r.Menus,
		r.Categories, r.Items, r.ModifierCategories, r.ModifierItems, r.Removed)
}

// ImportScheme creates or updates a whole scheme from an import document in
// one transaction: the scheme by business_slug, venues by venue_slug, menus
// and everything in them by ref, so ids stay stable across re-imports.
// Whatever the document no longer lists is deleted. Every menu it touches
// gets version = version + 1, because other instances notice menu changes
// only by the version. The document is validated first and never modified;
// problems come back as one validation error listing every path.
func (db *DB) ImportScheme(ctx context.Context, doc *catalog.SchemeDoc) (*ImportResult, error) {
	if errs := doc.Validate(); len(errs) > 0 {
		return nil, catalog.InvalidDocError(errs)
	}
	res := &ImportResult{}
	err := db.write(ctx, func(c conn) error {
		*res = ImportResult{} // the transaction may be retried by a caller; start clean
		return importScheme(ctx, c, doc, res)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func importScheme(ctx context.Context, c conn, doc *catalog.SchemeDoc, res *ImportResult) error {
	var err error
	if res.SchemeID, res.Created, err = upsertScheme(ctx, c, doc); err != nil {
		return err
	}
	menuIDs := map[string]int64{}
	keepMenus := map[int64]bool{}
	for i := range doc.Menus {
		id, err := importMenu(ctx, c, res.SchemeID, &doc.Menus[i], res)
		if err != nil {
			return err
		}
		menuIDs[doc.Menus[i].Ref] = id
		keepMenus[id] = true
	}
	// Venues first: a menu that is going away may still be a venue's menu.
	keepVenues := map[int64]bool{}
	for i := range doc.Venues {
		id, err := upsertVenue(ctx, c, res.SchemeID, i, &doc.Venues[i], menuIDs[doc.Venues[i].Menu])
		if err != nil {
			return err
		}
		keepVenues[id] = true
		res.Venues++
	}
	if err := prune(ctx, c, "venues", "scheme_id", res.SchemeID, keepVenues, res); err != nil {
		return err
	}
	return prune(ctx, c, "menus", "scheme_id", res.SchemeID, keepMenus, res)
}

func upsertScheme(ctx context.Context, c conn, doc *catalog.SchemeDoc) (id int64, created bool, err error) {
	var n int
	if err := c.queryRow(ctx, "SELECT COUNT(*) FROM schemes WHERE slug = ?", doc.BusinessSlug).Scan(&n); err != nil {
		return 0, false, err
	}
	now := time.Now().UTC()
	s := doc.Scheme() // colours normalised
	l := s.Loyalty
	err = c.queryRow(ctx, `INSERT INTO schemes (slug, name, logo_url, theme, colour, colours, currency,
			country, languages, stamp_threshold, stamps_per_reward, reward_title, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (slug) DO UPDATE SET name = excluded.name, logo_url = excluded.logo_url,
			theme = excluded.theme, colour = excluded.colour, colours = excluded.colours,
			currency = excluded.currency, country = excluded.country, languages = excluded.languages,
			stamp_threshold = excluded.stamp_threshold, stamps_per_reward = excluded.stamps_per_reward,
			reward_title = excluded.reward_title, updated_at = excluded.updated_at
		RETURNING id`,
		s.Slug, s.Name, s.LogoURL, s.Theme, s.Colour, toJSON(s.Colours), s.Currency,
		s.Country, toJSON(s.Languages), l.StampThreshold, l.StampsPerReward, l.RewardTitle, now, now,
	).Scan(&id)
	return id, n == 0, err
}

// importMenu upserts one menu and syncs its contents. Modifier categories
// go first so items can link to their ids.
func importMenu(ctx context.Context, c conn, schemeID int64, m *catalog.MenuDoc, res *ImportResult) (int64, error) {
	var id int64
	err := c.queryRow(ctx, `INSERT INTO menus (scheme_id, ref, name, layout_style, version)
		VALUES (?, ?, ?, ?, 1)
		ON CONFLICT (scheme_id, ref) DO UPDATE SET name = excluded.name,
			layout_style = excluded.layout_style, version = menus.version + 1
		RETURNING id`, schemeID, m.Ref, m.Name, m.LayoutStyle).Scan(&id)
	if err != nil {
		return 0, err
	}
	res.Menus++
	mods, err := importModifierCategories(ctx, c, id, m.ModifierCategories, res)
	if err != nil {
		return 0, err
	}
	keep := map[int64]bool{}
	for i := range m.Categories {
		cid, err := importCategory(ctx, c, id, i, &m.Categories[i], mods, res)
		if err != nil {
			return 0, err
		}
		keep[cid] = true
	}
	return id, prune(ctx, c, "categories", "menu_id", id, keep, res)
}

// importModifierCategories syncs a menu's modifier categories and their
// items and returns their ids by ref.
func importModifierCategories(ctx context.Context, c conn, menuID int64, mcs []catalog.ModifierCategoryDoc,
	res *ImportResult) (map[string]int64, error) {
	ids := map[string]int64{}
	keep := map[int64]bool{}
	for pos, mc := range mcs {
		var id int64
		err := c.queryRow(ctx, `INSERT INTO modifier_categories (menu_id, ref, name, select_min, select_max, position)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (menu_id, ref) DO UPDATE SET name = excluded.name, select_min = excluded.select_min,
				select_max = excluded.select_max, position = excluded.position
			RETURNING id`, menuID, mc.Ref, mc.Name, mc.SelectMin, mc.SelectMax, pos).Scan(&id)
		if err != nil {
			return nil, err
		}
		ids[mc.Ref], keep[id] = id, true
		res.ModifierCategories++
		keepItems := map[int64]bool{}
		for ipos, it := range mc.Items {
			var iid int64
			err := c.queryRow(ctx, `INSERT INTO modifier_items (modifier_category_id, ref, name, price, is_available, position)
				VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (modifier_category_id, ref) DO UPDATE SET name = excluded.name,
					price = excluded.price, is_available = excluded.is_available, position = excluded.position
				RETURNING id`, id, it.Ref, it.Name, it.Price, it.Available(), ipos).Scan(&iid)
			if err != nil {
				return nil, err
			}
			keepItems[iid] = true
			res.ModifierItems++
		}
		if err := prune(ctx, c, "modifier_items", "modifier_category_id", id, keepItems, res); err != nil {
			return nil, err
		}
	}
	return ids, prune(ctx, c, "modifier_categories", "menu_id", menuID, keep, res)
}

func importCategory(ctx context.Context, c conn, menuID int64, pos int, cat *catalog.CategoryDoc,
	mods map[string]int64, res *ImportResult) (int64, error) {
	var id int64
	err := c.queryRow(ctx, `INSERT INTO categories (menu_id, ref, name, position) VALUES (?, ?, ?, ?)
		ON CONFLICT (menu_id, ref) DO UPDATE SET name = excluded.name, position = excluded.position
		RETURNING id`, menuID, cat.Ref, cat.Name, pos).Scan(&id)
	if err != nil {
		return 0, err
	}
	res.Categories++
	keep := map[int64]bool{}
	for ipos := range cat.Items {
		iid, err := upsertItem(ctx, c, id, ipos, &cat.Items[ipos], mods)
		if err != nil {
			return 0, err
		}
		keep[iid] = true
		res.Items++
	}
	return id, prune(ctx, c, "items", "category_id", id, keep, res)
}

// upsertItem writes one item and replaces its modifier-category links.
func upsertItem(ctx context.Context, c conn, categoryID int64, pos int, it *catalog.ItemDoc,
	mods map[string]int64) (int64, error) {
	var id int64
	err := c.queryRow(ctx, `INSERT INTO items (category_id, ref, title, description, image_url, price,
			is_new, is_available, select_min, select_max, order_types, position)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (category_id, ref) DO UPDATE SET title = excluded.title,
			description = excluded.description, image_url = excluded.image_url, price = excluded.price,
			is_new = excluded.is_new, is_available = excluded.is_available,
			select_min = excluded.select_min, select_max = excluded.select_max,
			order_types = excluded.order_types, position = excluded.position
		RETURNING id`, categoryID, it.Ref, it.Title, it.Description, it.ImageURL, it.Price, it.IsNew,
		it.Available(), it.SelectMin, it.SelectMax, toJSON(it.OrderTypes), pos).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err := c.exec(ctx, "DELETE FROM item_modifier_categories WHERE item_id = ?", id); err != nil {
		return 0, err
	}
	for lpos, ref := range it.ModifierCategories {
		_, err := c.exec(ctx, `INSERT INTO item_modifier_categories (item_id, modifier_category_id, position)
			VALUES (?, ?, ?)`, id, mods[ref], lpos)
		if err != nil {
			return 0, err
		}
	}
	return id, nil
}

func upsertVenue(ctx context.Context, c conn, schemeID int64, pos int, v *catalog.VenueDoc, menuID int64) (int64, error) {
	var id int64
	t, d := v.Tipping, v.Delivery
	err := c.queryRow(ctx, `INSERT INTO venues (scheme_id, slug, name, address_line1, address_line2, city,
			postcode, country, lat, lng, time_zone, order_types, delivery_radius_m, delivery_fee,
			free_delivery_over, delivery_minimum, pickup_minimum, prep_minutes, delivery_minutes,
			service_charge_bp, vat_rate_bp, tipping_enabled, tip_percents, tip_default, tip_allow_custom,
			layout_style, menu_id, position)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (scheme_id, slug) DO UPDATE SET name = excluded.name,
			address_line1 = excluded.address_line1, address_line2 = excluded.address_line2,
			city = excluded.city, postcode = excluded.postcode, country = excluded.country,
			lat = excluded.lat, lng = excluded.lng, time_zone = excluded.time_zone,
			order_types = excluded.order_types, delivery_radius_m = excluded.delivery_radius_m,
			delivery_fee = excluded.delivery_fee, free_delivery_over = excluded.free_delivery_over,
			delivery_minimum = excluded.delivery_minimum, pickup_minimum = excluded.pickup_minimum,
			prep_minutes = excluded.prep_minutes, delivery_minutes = excluded.delivery_minutes,
			service_charge_bp = excluded.service_charge_bp, vat_rate_bp = excluded.vat_rate_bp,
			tipping_enabled = excluded.tipping_enabled, tip_percents = excluded.tip_percents,
			tip_default = excluded.tip_default, tip_allow_custom = excluded.tip_allow_custom,
			layout_style = excluded.layout_style, menu_id = excluded.menu_id, position = excluded.position
		RETURNING id`,
		schemeID, v.VenueSlug, v.Name, v.Address.Line1, v.Address.Line2, v.Address.City,
		v.Address.Postcode, v.Address.Country, v.Lat, v.Lng, v.TimeZone, toJSON(v.OrderTypes), d.RadiusM,
		d.Fee, d.FreeOver, d.Minimum, v.Pickup.Minimum, v.PrepMinutes, v.DeliveryMinutes,
		v.ServiceChargeBP, v.VATRateBP, t.Enabled, toJSON(t.Percents), t.DefaultPercent, t.AllowCustom,
		v.LayoutStyle, menuID, pos).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, replaceHours(ctx, c, id, v.Hours())
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

// prune deletes the rows of table under one parent whose ids are not in
// keep; children go with them by ON DELETE CASCADE. table and parentCol are
// constants of this package, never input.
func prune(ctx context.Context, c conn, table, parentCol string, parentID int64, keep map[int64]bool,
	res *ImportResult) error {
	ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) },
		"SELECT id FROM "+table+" WHERE "+parentCol+" = ?", parentID)
	if err != nil {
		return err
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		if keep[id] {
			continue
		}
		if _, err := c.exec(ctx, "DELETE FROM "+table+" WHERE id = ?", id); err != nil {
			return err
		}
		res.Removed++
	}
	return nil
}
