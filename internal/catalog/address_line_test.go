package catalog_test

import (
	"testing"

	"platter/internal/catalog"
)

// TestTownLine: a UK address reads "London W1D 3RW" (town, then postcode),
// a Polish one "31-019 Kraków"; without a country the postcode's shape
// decides; a missing part leaves no stray space.
func TestTownLine(t *testing.T) {
	for _, tc := range []struct{ country, city, postcode, want string }{
		{"GB", "London", "W1D 3RW", "London W1D 3RW"},
		{"PL", "Kraków", "31-019", "31-019 Kraków"},
		{"", "London", "ec2a 3du", "London ec2a 3du"},
		{"", "Kraków", "31-019", "31-019 Kraków"},
		{"GB", "London", "", "London"},
		{"PL", "", "31-019", "31-019"},
		{"GB", " ", " ", ""},
	} {
		if got := catalog.TownLine(tc.country, tc.city, tc.postcode); got != tc.want {
			t.Errorf("TownLine(%q, %q, %q) = %q, want %q", tc.country, tc.city, tc.postcode, got, tc.want)
		}
	}
}
