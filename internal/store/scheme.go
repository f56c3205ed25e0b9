package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface{ Scan(dest ...any) error }

// ListSchemes returns every scheme, ordered by name.
func (db *DB) ListSchemes(ctx context.Context) ([]catalog.Scheme, error) {
	out := []catalog.Scheme{}
	err := db.read(ctx, func(c conn) error {
		rows, err := c.query(ctx, "SELECT "+schemeColumns.list("")+" FROM schemes ORDER BY name, id")
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
// not-found error. Its row is kept until the catalogue changes
// (refcache.go): most calls make no query.
func (db *DB) SchemeBySlug(ctx context.Context, slug string) (*catalog.Scheme, error) {
	rec, gen, ok := keptGet(db.refs, &db.refs.schemes, slug)
	if !ok {
		at := time.Now()
		row := db.single().queryRow(ctx, "SELECT "+schemeColumns.list("")+" FROM schemes WHERE slug = ?", slug)
		if err := schemeColumns.scan(row, &rec); err != nil {
			return nil, mapErr(err)
		}
		keptPut(db.refs, &db.refs.schemes, slug, rec, gen, at)
	}
	s, err := rec.scheme()
	if err != nil {
		return nil, mapErr(err)
	}
	return &s, nil
}

func scanScheme(r scanner) (*catalog.Scheme, error) {
	var rec schemeRecord
	if err := schemeColumns.scan(r, &rec); err != nil {
		return nil, err
	}
	s, err := rec.scheme()
	if err != nil {
		return nil, err
	}
	return &s, nil
}

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
// not found, like a missing one. Its row and hours are kept until the
// catalogue changes (refcache.go): most calls make no query.
func (db *DB) VenueBySlug(ctx context.Context, schemeID int64, slug string) (*catalog.Venue, error) {
	k := venueKey{schemeID, slug}
	kv, gen, ok := keptGet(db.refs, &db.refs.venues, k)
	if !ok {
		at := time.Now()
		var out []keptVenue
		err := db.read(ctx, func(c conn) error {
			var err error
			out, err = findVenueRows(ctx, c, "scheme_id = ? AND slug = ?", schemeID, slug)
			return err
		})
		if err != nil {
			return nil, err
		}
		if len(out) == 0 {
			return nil, platter.NotFound()
		}
		kv = out[0]
		keptPut(db.refs, &db.refs.venues, k, kv, gen, at)
	}
	v, err := kv.venue()
	if err != nil {
		return nil, mapErr(err)
	}
	return &v, nil
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
	rows, err := findVenueRows(ctx, c, where, args...)
	if err != nil {
		return nil, err
	}
	out := make([]catalog.Venue, len(rows))
	for i := range rows {
		if out[i], err = rows[i].venue(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// venue decodes the kept row into a value of the caller's own: its lists
// and hours share nothing with the row or with another call's value.
func (kv *keptVenue) venue() (catalog.Venue, error) {
	v, err := kv.rec.venue()
	for d, ranges := range kv.hours {
		v.OpeningHours[d] = slices.Clone(ranges)
	}
	return v, err
}

// findVenueRows is findVenues' rows and hours, before decoding.
func findVenueRows(ctx context.Context, c conn, where string, args ...any) ([]keptVenue, error) {
	where = "deleted_at IS NULL AND " + where
	rows, err := c.query(ctx, "SELECT "+venueColumns.list("")+" FROM venues WHERE "+where+" ORDER BY position, id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []keptVenue{}
	byID := map[int64]int{}
	for rows.Next() {
		var kv keptVenue
		if err := venueColumns.scan(rows, &kv.rec); err != nil {
			return nil, err
		}
		byID[kv.rec.ID] = len(out)
		out = append(out, kv)
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

// hourRecord is a venue_hours row as read: one opening range of a venue
// on a weekday (0 Sunday … 6 Saturday).
type hourRecord struct {
	VenueID int64
	Weekday int
	Range   catalog.TimeRange
}

// hourColumns is the venue_hours row as read, each column beside its field
// (columns.go); rows are read in (venue_id, weekday, position) order.
var hourColumns = columns[hourRecord]{
	{"venue_id", func(r *hourRecord) any { return &r.VenueID }},
	{"weekday", func(r *hourRecord) any { return &r.Weekday }},
	{"opens_at", func(r *hourRecord) any { return &r.Range.Open }},
	{"closes_at", func(r *hourRecord) any { return &r.Range.Close }},
}

func findHours(ctx context.Context, c conn, vs []keptVenue, byID map[int64]int, where string, args []any) error {
	hours, err := selectRows(ctx, c, hourColumns, func(r *hourRecord) (hourRecord, error) { return *r, nil },
		"SELECT "+hourColumns.list("")+` FROM venue_hours
		WHERE venue_id IN (SELECT id FROM venues WHERE `+where+`)
		ORDER BY venue_id, weekday, position`, args...)
	if err != nil {
		return err
	}
	for _, h := range hours {
		i, ok := byID[h.VenueID]
		if !ok || h.Weekday < 0 || h.Weekday > 6 {
			continue
		}
		vs[i].hours[h.Weekday] = append(vs[i].hours[h.Weekday], h.Range)
	}
	return nil
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
