package ordering

import (
	"slices"
	"strings"
)

// Label is how the back office names a driver: "First Last", else the
// e-mail address (a driver added without a name).
func (d Driver) Label() string {
	if name := strings.Join(strings.Fields(d.FirstName+" "+d.LastName), " "); name != "" {
		return name
	}
	return d.Email
}

// SortDrivers orders drivers by their Label without regard to case, then
// by id, so a list reads alphabetically whichever database collated it.
func SortDrivers(list []Driver) {
	slices.SortStableFunc(list, func(a, b Driver) int {
		if c := strings.Compare(strings.ToLower(a.Label()), strings.ToLower(b.Label())); c != 0 {
			return c
		}
		return int(a.ID - b.ID)
	})
}
