package catalog

import (
	"regexp"
	"strings"
)

// ukPostcode is the shape of a UK postcode ("W1D 3RW", "EC2A 3DU"), for an
// address whose country was not kept.
var ukPostcode = regexp.MustCompile(`(?i)^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$`)

// TownLine is the town and postcode as the address's country writes them on
// one line: the town first in the UK ("London W1D 3RW"), the postcode first
// in Poland and elsewhere in Europe ("31-019 Kraków"). An address without a
// country is placed by its postcode's shape. Either part may be empty.
func TownLine(country, city, postcode string) string {
	city, postcode = strings.TrimSpace(city), strings.TrimSpace(postcode)
	first, second := postcode, city
	if country == "GB" || (country == "" && ukPostcode.MatchString(postcode)) {
		first, second = city, postcode
	}
	return strings.TrimSpace(first + " " + second)
}
