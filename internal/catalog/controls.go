package catalog

import "time"

// Venue controls (docs/architecture.md §9): what the order board switches at one venue
// while it runs, apart from the imported catalogue.

// Sold-out kinds: what a venue's override names.
const (
	SoldOutItem     = "item"
	SoldOutModifier = "modifier"
)

// VenueMenuRef is what menu/list and pricing check their caches against on
// every request: the venue's menu and its version, and the version of the
// venue's own sold-out list. The menu is shared between venues; the
// overrides are not.
type VenueMenuRef struct {
	MenuID, VenueID         int64
	Version, SoldOutVersion int64
}

// SoldOut is what one venue has run out of: ids of items and modifier
// items of its menu, with when a timed snooze ends (an id missing from
// Until is sold out until switched back on). The store lists only the
// overrides in force at the moment it was read for.
type SoldOut struct {
	ItemIDs         []int64
	ModifierItemIDs []int64
	ItemUntil       map[int64]time.Time
	ModifierUntil   map[int64]time.Time
}

// Next is when the first timed snooze of the list ends; zero: none does.
func (s SoldOut) Next() time.Time {
	var next time.Time
	for _, m := range []map[int64]time.Time{s.ItemUntil, s.ModifierUntil} {
		for _, t := range m {
			if next.IsZero() || t.Before(next) {
				next = t
			}
		}
	}
	return next
}

// Apply marks the sold-out items and modifier items of m unavailable, and
// keeps a timed snooze's end on the row it made unavailable (SnoozedUntil),
// so a pre-order for after it can be judged by it. m must be the caller's
// own copy.
func (s SoldOut) Apply(m *Menu) {
	items := make(map[int64]bool, len(s.ItemIDs))
	for _, id := range s.ItemIDs {
		items[id] = true
	}
	mods := make(map[int64]bool, len(s.ModifierItemIDs))
	for _, id := range s.ModifierItemIDs {
		mods[id] = true
	}
	for i := range m.Items {
		if it := &m.Items[i]; items[it.ID] {
			if it.IsAvailable {
				it.SnoozedUntil = s.ItemUntil[it.ID]
			}
			it.IsAvailable = false
		}
	}
	for i := range m.ModifierItems {
		if mi := &m.ModifierItems[i]; mods[mi.ID] {
			if mi.IsAvailable {
				mi.SnoozedUntil = s.ModifierUntil[mi.ID]
			}
			mi.IsAvailable = false
		}
	}
	m.FreshBefore(s.Next())
}

// ControlsChange is a change of a venue's controls; nil fields stay as
// they are. A zero PausedUntil ends a pause.
type ControlsChange struct {
	PausedUntil       *time.Time
	BusyMinutes       *int
	AutoAccept        *bool
	AutoAcceptMinutes *int
	AutoPrint         *bool
}

// Limits of the controls, checked by the API.
const (
	MaxBusyMinutes       = 180
	MaxAutoAcceptMinutes = 240
)
