package catalog

import (
	"fmt"
	"time"
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
	// MenuVersion is the highest version of the scheme's live menus after
	// the write (admin/scheme/import's menu_version).
	MenuVersion int64
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

// SchemeSummary is a scheme as the platform console lists it: its live
// venues counted.
type SchemeSummary struct {
	Slug, Name, Currency string
	Venues               int
	CreatedAt            time.Time
}
