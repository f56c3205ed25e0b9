package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface{ Scan(dest ...any) error }

const schemeColumns = `id, slug, name, logo_url, theme, colour, colours, currency, country,
	languages, stamp_threshold, stamps_per_reward, reward_title, updated_at`

// ListSchemes returns every scheme, ordered by name.
func (db *DB) ListSchemes(ctx context.Context) ([]catalog.Scheme, error) {
	out := []catalog.Scheme{}
	err := db.read(ctx, func(c conn) error {
		rows, err := c.query(ctx, "SELECT "+schemeColumns+" FROM schemes ORDER BY name, id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			s, err := scanScheme(rows)
			if err != nil {
				return err
			}
			out = append(out, *s)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SchemeBySlug returns the scheme with the given business_slug, or a
// not-found error.
func (db *DB) SchemeBySlug(ctx context.Context, slug string) (*catalog.Scheme, error) {
	row := db.single().queryRow(ctx, "SELECT "+schemeColumns+" FROM schemes WHERE slug = ?", slug)
	s, err := scanScheme(row)
	if err != nil {
		return nil, mapErr(err)
	}
	return s, nil
}

func scanScheme(r scanner) (*catalog.Scheme, error) {
	var (
		s                  catalog.Scheme
		colours, languages string
		updated            time.Time
	)
	err := r.Scan(&s.ID, &s.Slug, &s.Name, &s.LogoURL, &s.Theme, &s.Colour, &colours, &s.Currency,
		&s.Country, &languages, &s.Loyalty.StampThreshold, &s.Loyalty.StampsPerReward,
		&s.Loyalty.RewardTitle, &updated)
	if err != nil {
		return nil, err
	}
	s.UpdatedAt = updated.UTC()
	if err := fromJSON(colours, &s.Colours); err != nil {
		return nil, err
	}
	if err := fromJSON(languages, &s.Languages); err != nil {
		return nil, err
	}
	return &s, nil
}

const venueColumns = `id, scheme_id, slug, name, address_line1, address_line2, city, postcode, country,
	lat, lng, time_zone, order_types, delivery_radius_m, delivery_fee, free_delivery_over,
	delivery_minimum, pickup_minimum, prep_minutes, delivery_minutes, service_charge_bp,
	vat_rate_bp, tipping_enabled, tip_percents, tip_default, tip_allow_custom, layout_style,
	menu_id, position, delivery_slot_capacity, pickup_slot_capacity, paused_until, busy_minutes,
	auto_accept, auto_accept_minutes, auto_print`

// VenuesOfScheme returns the venues of a scheme, ordered by position, with
// their opening hours and tipping settings. An unknown scheme has none.
func (db *DB) VenuesOfScheme(ctx context.Context, schemeID int64) ([]catalog.Venue, error) {
	var out []catalog.Venue
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = findVenues(ctx, c, "scheme_id = ?", schemeID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// VenueBySlug returns one venue of the scheme; a venue of another scheme is
// not found, like a missing one.
func (db *DB) VenueBySlug(ctx context.Context, schemeID int64, slug string) (*catalog.Venue, error) {
	var out []catalog.Venue
	err := db.read(ctx, func(c conn) error {
		var err error
		out, err = findVenues(ctx, c, "scheme_id = ? AND slug = ?", schemeID, slug)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, platter.NotFound()
	}
	return &out[0], nil
}

// MenuRef resolves scheme and venue slugs to the venue's menu and its
// current version in one query over the unique (slug) and (scheme_id, slug)
// indexes: menu/list calls it on every request to check its cache.
func (db *DB) MenuRef(ctx context.Context, schemeSlug, venueSlug string) (menuID, version int64, err error) {
	err = db.single().queryRow(ctx, `SELECT m.id, m.version
		FROM schemes s
		JOIN venues v ON v.scheme_id = s.id AND v.slug = ? AND v.deleted_at IS NULL
		JOIN menus m ON m.id = v.menu_id AND m.deleted_at IS NULL
		WHERE s.slug = ?`, venueSlug, schemeSlug).Scan(&menuID, &version)
	if err != nil {
		return 0, 0, mapErr(err)
	}
	return menuID, version, nil
}

// findVenues loads the live venues matching where (a condition on venues
// with ? placeholders written by this package, never by a caller) and their
// hours. Venues a re-import removed (soft-deleted) are never returned: every
// customer read of venues comes through here.
func findVenues(ctx context.Context, c conn, where string, args ...any) ([]catalog.Venue, error) {
	where = "deleted_at IS NULL AND " + where
	rows, err := c.query(ctx, "SELECT "+venueColumns+" FROM venues WHERE "+where+" ORDER BY position, id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []catalog.Venue{}
	byID := map[int64]int{}
	for rows.Next() {
		v, err := scanVenue(rows)
		if err != nil {
			return nil, err
		}
		byID[v.ID] = len(out)
		out = append(out, *v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(out) == 0 {
		return out, nil
	}
	return out, findHours(ctx, c, out, byID, where, args)
}

func findHours(ctx context.Context, c conn, vs []catalog.Venue, byID map[int64]int, where string, args []any) error {
	rows, err := c.query(ctx, `SELECT venue_id, weekday, opens_at, closes_at FROM venue_hours
		WHERE venue_id IN (SELECT id FROM venues WHERE `+where+`)
		ORDER BY venue_id, weekday, position`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id      int64
			weekday int
			r       catalog.TimeRange
		)
		if err := rows.Scan(&id, &weekday, &r.Open, &r.Close); err != nil {
			return err
		}
		i, ok := byID[id]
		if !ok || weekday < 0 || weekday > 6 {
			continue
		}
		vs[i].OpeningHours[weekday] = append(vs[i].OpeningHours[weekday], r)
	}
	return rows.Err()
}

func scanVenue(r scanner) (*catalog.Venue, error) {
	var (
		v                   catalog.Venue
		orderTypes, percent string
		paused              sql.NullTime
	)
	err := r.Scan(&v.ID, &v.SchemeID, &v.Slug, &v.Name, &v.Address.Line1, &v.Address.Line2,
		&v.Address.City, &v.Address.Postcode, &v.Address.Country, &v.Lat, &v.Lng, &v.TimeZone,
		&orderTypes, &v.DeliveryRadiusM, &v.DeliveryFee, &v.FreeDeliveryOver, &v.DeliveryMinimum,
		&v.PickupMinimum, &v.PrepMinutes, &v.DeliveryMinutes, &v.ServiceChargeBP, &v.VATRateBP,
		&v.Tipping.Enabled, &percent, &v.Tipping.DefaultPercent, &v.Tipping.AllowCustom,
		&v.LayoutStyle, &v.MenuID, &v.Position, &v.SlotCapacity[catalog.OrderTypeDelivery],
		&v.SlotCapacity[catalog.OrderTypePickup], &paused, &v.BusyMinutes,
		&v.AutoAccept, &v.AutoAcceptMinutes, &v.AutoPrint)
	if err != nil {
		return nil, err
	}
	if paused.Valid {
		v.PausedUntil = paused.Time.UTC()
	}
	if err := fromJSON(orderTypes, &v.OrderTypes); err != nil {
		return nil, err
	}
	if err := fromJSON(percent, &v.Tipping.Percents); err != nil {
		return nil, err
	}
	return &v, nil
}

// toJSON encodes a list column. Lists of strings and ints cannot fail to
// encode, so a failure is a programming error worth surfacing loudly.
func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("store: encode %T: %v", v, err))
	}
	if string(b) == "null" {
		return "[]"
	}
	return string(b)
}

func fromJSON(s string, dst any) error {
	if s == "" {
		return nil
	}
	if err := json.Unmarshal([]byte(s), dst); err != nil {
		return fmt.Errorf("store: decode list column %q: %w", s, err)
	}
	return nil
}
