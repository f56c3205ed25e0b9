package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/webhooks"
)

// Venue controls of the order board (docs/architecture.md §9): pause, busy minutes,
// auto-accept, auto-print and the venue's sold-out list. The menu is shared
// between a scheme's venues; a venue's sold-out list is applied over it when
// the menu is read for that venue (VenueMenu), and versioned on its own
// (venues.soldout_version) so the caches keyed by it see a change at once,
// on every instance.

// VenueMenuRef resolves scheme and venue slugs to the venue's menu, its
// version and the venue's sold-out version, in one query over the unique
// indexes: menu/list and pricing call it on every request to check their
// caches. Its answers are kept until anything changes (refcache.go), so
// most calls make no query.
func (db *DB) VenueMenuRef(ctx context.Context, schemeSlug, venueSlug string) (catalog.VenueMenuRef, error) {
	k := refKey{schemeSlug, venueSlug}
	r, gen, ok := db.refs.get(k)
	if ok {
		return r, nil
	}
	at := time.Now()
	r, err := db.venueMenuRef(ctx, schemeSlug, venueSlug)
	if err == nil {
		db.refs.put(k, r, gen, at)
	}
	return r, err
}

// CachedVenueMenuRef is the answer VenueMenuRef keeps (refcache.go), read
// without a query: ok is false when none is kept, or it is stale. menu/list
// answers from memory with it, without the call's deadline machinery
// (internal/httpapi, menu_fast.go).
func (db *DB) CachedVenueMenuRef(schemeSlug, venueSlug string) (catalog.VenueMenuRef, bool) {
	r, _, ok := db.refs.get(refKey{schemeSlug, venueSlug})
	return r, ok
}

func (db *DB) venueMenuRef(ctx context.Context, schemeSlug, venueSlug string) (catalog.VenueMenuRef, error) {
	var r catalog.VenueMenuRef
	err := db.single().queryRow(ctx, `SELECT m.id, m.version, v.id, v.soldout_version
		FROM schemes s
		JOIN venues v ON v.scheme_id = s.id AND v.slug = ? AND v.deleted_at IS NULL
		JOIN menus m ON m.id = v.menu_id AND m.deleted_at IS NULL
		WHERE s.slug = ?`, venueSlug, schemeSlug).Scan(&r.MenuID, &r.Version, &r.VenueID, &r.SoldOutVersion)
	if err != nil {
		return catalog.VenueMenuRef{}, mapErr(err)
	}
	return r, nil
}

// VenueMenu returns a menu as one venue offers it at now: its sold-out
// items and modifier items unavailable (a timed snooze only until its
// end), items outside their dayparts out of hours (in the venue's zone),
// with the menu's version and the venue's sold-out version read in the
// same snapshot, and FreshUntil set to when the clock alone next changes
// what it says.
func (db *DB) VenueMenu(ctx context.Context, menuID, venueID int64, now time.Time) (*catalog.Menu, error) {
	var m *catalog.Menu
	err := db.read(ctx, func(c conn) error {
		var err error
		if m, err = loadMenu(ctx, c, menuID); err != nil {
			return err
		}
		var v catalog.Venue
		if err := c.queryRow(ctx, "SELECT soldout_version, time_zone FROM venues WHERE id = ?", venueID).
			Scan(&m.SoldOutVersion, &v.TimeZone); err != nil {
			return err
		}
		so, err := findSoldOut(ctx, c, venueID, now)
		if err != nil {
			return err
		}
		so.Apply(m)
		m.ApplyTime(now, v.Location())
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// findSoldOut lists the venue's overrides in force at now: a timed one
// whose end has passed is left out (the item is back by itself).
func findSoldOut(ctx context.Context, c conn, venueID int64, now time.Time) (catalog.SoldOut, error) {
	type row struct {
		kind  string
		id    int64
		until sql.NullTime
	}
	rows, err := scanAll(ctx, c, func(r scanner, x *row) error { return r.Scan(&x.kind, &x.id, &x.until) },
		`SELECT kind, ref_id, until_at FROM venue_soldout WHERE venue_id = ? AND (until_at IS NULL OR until_at > ?)
		ORDER BY kind, ref_id`, venueID, utc(now))
	if err != nil {
		return catalog.SoldOut{}, err
	}
	out := catalog.SoldOut{ItemIDs: []int64{}, ModifierItemIDs: []int64{},
		ItemUntil: map[int64]time.Time{}, ModifierUntil: map[int64]time.Time{}}
	for _, r := range rows {
		ids, until := &out.ItemIDs, out.ItemUntil
		if r.kind != catalog.SoldOutItem {
			ids, until = &out.ModifierItemIDs, out.ModifierUntil
		}
		*ids = append(*ids, r.id)
		if r.until.Valid {
			until[r.id] = r.until.Time.UTC()
		}
	}
	return out, nil
}

// VenueControls returns a live venue of the scheme with its sold-out list
// as it stands at now; a venue of another scheme is not found.
func (db *DB) VenueControls(ctx context.Context, schemeID int64, venueSlug string, now time.Time) (*catalog.Venue,
	catalog.SoldOut, error) {
	var (
		v  *catalog.Venue
		so catalog.SoldOut
	)
	err := db.read(ctx, func(c conn) error {
		vs, err := findVenues(ctx, c, "scheme_id = ? AND slug = ?", schemeID, venueSlug)
		if err != nil {
			return err
		}
		if len(vs) == 0 {
			return platter.NotFound()
		}
		v = &vs[0]
		so, err = findSoldOut(ctx, c, v.ID, now)
		return err
	})
	if err != nil {
		return nil, catalog.SoldOut{}, err
	}
	return v, so, nil
}

// SetVenueControls applies a change of a venue's controls (its non-nil
// fields); a venue of another scheme is not found.
func (db *DB) SetVenueControls(ctx context.Context, schemeID int64, venueSlug string, ch catalog.ControlsChange) error {
	var (
		set  []string
		args []any
	)
	if ch.PausedUntil != nil {
		var paused any
		if !ch.PausedUntil.IsZero() {
			paused = utc(*ch.PausedUntil)
		}
		set, args = append(set, "paused_until = ?"), append(args, paused)
	}
	for _, f := range []struct {
		col string
		v   any
		ok  bool
	}{
		{"busy_minutes", deref(ch.BusyMinutes), ch.BusyMinutes != nil},
		{"auto_accept", deref(ch.AutoAccept), ch.AutoAccept != nil},
		{"auto_accept_minutes", deref(ch.AutoAcceptMinutes), ch.AutoAcceptMinutes != nil},
		{"auto_print", deref(ch.AutoPrint), ch.AutoPrint != nil},
	} {
		if f.ok {
			set, args = append(set, f.col+" = ?"), append(args, f.v)
		}
	}
	if len(set) == 0 {
		set = []string{"id = id"} // nothing to change; still 1404 for a missing venue
	}
	return db.write(ctx, func(c conn) error {
		n, err := execCount(ctx, c, "UPDATE venues SET "+strings.Join(set, ", ")+
			" WHERE scheme_id = ? AND slug = ? AND deleted_at IS NULL", append(args, schemeID, venueSlug)...)
		if err != nil {
			return err
		}
		if n == 0 {
			return platter.NotFound()
		}
		return nil
	})
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// SetSoldOut marks an item or a modifier item (kind catalog.SoldOutItem or
// SoldOutModifier) of the venue's menu sold out at that venue only, or
// available again. A non-zero until makes it a timed snooze: the item
// comes back by itself at that instant. A change moves the venue's sold-out
// version once; a toggle to what already holds changes nothing. A venue of
// another scheme, or an id that is not in the venue's live menu, is not
// found.
func (db *DB) SetSoldOut(ctx context.Context, schemeID int64, venueSlug, kind string, refID int64, soldOut bool,
	until, now time.Time) error {
	table := "items"
	if kind == catalog.SoldOutModifier {
		table = "modifier_items"
	} else if kind != catalog.SoldOutItem {
		return platter.NotFound()
	}
	var untilArg any
	if !until.IsZero() {
		untilArg = utc(until)
	}
	return db.write(ctx, func(c conn) error {
		var venueID, menuID int64
		if err := c.queryRow(ctx, `SELECT id, menu_id FROM venues WHERE scheme_id = ? AND slug = ? AND deleted_at IS NULL`,
			schemeID, venueSlug).Scan(&venueID, &menuID); err != nil {
			return err
		}
		var one int
		if err := c.queryRow(ctx, "SELECT 1 FROM "+table+" WHERE id = ? AND menu_id = ? AND deleted_at IS NULL",
			refID, menuID).Scan(&one); err != nil {
			return err
		}
		// An override whose snooze has ended is gone in all but the row:
		// clear it first, so switching the item off again is a change.
		if _, err := c.exec(ctx, "DELETE FROM venue_soldout WHERE venue_id = ? AND until_at IS NOT NULL AND until_at <= ?",
			venueID, utc(now)); err != nil {
			return err
		}
		q := "DELETE FROM venue_soldout WHERE venue_id = ? AND kind = ? AND ref_id = ?"
		args := []any{venueID, kind, refID}
		if soldOut {
			q = `INSERT INTO venue_soldout (venue_id, kind, ref_id, created_at, until_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (venue_id, kind, ref_id) DO UPDATE SET until_at = excluded.until_at
				WHERE venue_soldout.until_at IS DISTINCT FROM excluded.until_at`
			args = append(args, utc(now), untilArg)
		}
		n, err := execCount(ctx, c, q, args...)
		if err != nil || n == 0 {
			return err
		}
		if _, err = c.exec(ctx, "UPDATE venues SET soldout_version = soldout_version + 1 WHERE id = ?", venueID); err != nil {
			return err
		}
		a := &webhooks.Availability{Kind: "item", ID: refID, SoldOut: soldOut}
		if kind == catalog.SoldOutModifier {
			a.Kind = "modifier"
		}
		if soldOut && !until.IsZero() {
			u := utc(until)
			a.Until = &u
		}
		return queueMenuWebhook(ctx, c, menuID, venueSlug, a, now)
	})
}

// autoAccept accepts a just-paid order inside the transaction that records
// its payment when its venue has auto-accept on (docs/architecture.md §9): as the
// system, through the state machine, with the same event, eta event and
// mail as an accept from the board. The expected time (schedule.Promised)
// is the venue's auto-accept minutes plus its busy minutes from now, plus
// its delivery minutes for delivery; a pre-order is promised its slot.
func autoAccept(ctx context.Context, c conn, orderID int64, now time.Time) (accepted bool, err error) {
	var (
		on            bool
		minutes, busy int
		schemeID      int64
		asap          bool
	)
	if err := c.queryRow(ctx, `SELECT v.auto_accept, v.auto_accept_minutes, v.busy_minutes, o.scheme_id, o.is_asap
		FROM orders o JOIN venues v ON v.id = o.venue_id WHERE o.id = ?`, orderID).
		Scan(&on, &minutes, &busy, &schemeID, &asap); err != nil {
		return false, err
	}
	if !on {
		return false, nil
	}
	ch := ordering.Change{SchemeID: schemeID, OrderID: orderID, To: ordering.StatusAccepted, Actor: ordering.ActorSystem,
		ActorRef: "system:auto-accept", Reach: ordering.Reach{SchemeWide: true}}
	if asap {
		ch.ETAMinutes = max(minutes, 1) + max(busy, 0)
	}
	h, err := findHead(ctx, c, &ch)
	if err != nil {
		return false, err
	}
	err = applyStep(ctx, c, &ch, h, now)
	if platter.ErrorCode(err) == platter.CodeTransitionRefused {
		return false, nil // not (or no longer) an order waiting to be accepted
	}
	return err == nil, err
}
