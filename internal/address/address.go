// Package address holds a customer's saved delivery addresses (docs/product.md §2,
// §3, §5): the type and the rules an address must meet before it is saved.
// It knows nothing of HTTP or SQL.
package address

import (
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"platter/internal/account"
	"platter/internal/phone"
)

// MaxPerUser bounds how many addresses one customer may save in one scheme:
// far more than anyone uses, small enough that a script cannot fill the table.
const MaxPerUser = 50

// Countries are the countries an address may be in (docs/product.md §1, §9).
var Countries = []string{"GB", "PL"}

// Address is one saved delivery address of a customer in a scheme.
// ContactNumber is stored in E.164 form.
type Address struct {
	ID            int64
	UserID        int64
	SchemeID      int64
	Name          string // "Home", "Work"
	Line1         string // street name and number
	Line2         string // flat or building, optional
	City          string
	Postcode      string
	Country       string // "GB" or "PL"
	Lat, Lng      float64
	ContactNumber string
	Email         string
	Note          string // instructions for the driver
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Message keys of the i18n catalogue for validation failures. The en-US texts
// are docs/product.md §5's.
const (
	MsgLine1Required    = "address.line1_required"
	MsgCityRequired     = "address.city_required"
	MsgPostcodeRequired = "address.postcode_required"
	MsgCountryRequired  = "address.country_required"
	MsgCountryInvalid   = "address.country_invalid"
	MsgPhoneRequired    = "address.phone_required"
	MsgPhoneIncorrect   = "address.phone_incorrect"
	MsgEmailRequired    = "address.email_required"
	MsgEmailInvalid     = "address.email_invalid"
	MsgNameRequired     = "address.name_required"
	MsgLocationRequired = "address.location_required"
	MsgLocationInvalid  = "address.location_invalid"
	MsgTooLong          = "validation.too_long"
)

// Input is an address as the customer sent it (address/upsert's data).
// Latitude and Longitude are pointers so a missing pin is told from 0.
type Input struct {
	Name, Line1, Line2, City, Postcode, Country string
	ContactNumber, Email, Note                  string
	Latitude, Longitude                         *float64
}

// maxLen bounds each text field, in characters, so no one stores a novel.
var maxLen = map[string]int{
	"name": 100, "line1": 200, "line2": 200, "city": 100, "postcode": 16,
	"email": 254, "note": 1000,
}

// Clean checks in against docs/product.md §5 and returns the address to store (trimmed,
// country upper-cased, phone in E.164) or, when anything is wrong, every
// problem at once as field → message key. Field names are the request's.
func Clean(in Input) (Address, map[string]string) {
	a := Address{
		Name: strings.TrimSpace(in.Name), Line1: strings.TrimSpace(in.Line1),
		Line2: strings.TrimSpace(in.Line2), City: strings.TrimSpace(in.City),
		Postcode: strings.TrimSpace(in.Postcode), Country: strings.ToUpper(strings.TrimSpace(in.Country)),
		Email: strings.TrimSpace(in.Email), Note: strings.TrimSpace(in.Note),
	}
	bad := map[string]string{}
	required := []struct{ field, value, msg string }{
		{"line1", a.Line1, MsgLine1Required}, {"city", a.City, MsgCityRequired},
		{"postcode", a.Postcode, MsgPostcodeRequired}, {"country", a.Country, MsgCountryRequired},
		{"email", a.Email, MsgEmailRequired}, {"name", a.Name, MsgNameRequired},
	}
	for _, r := range required {
		if r.value == "" {
			bad[r.field] = r.msg
		}
	}
	texts := map[string]string{"name": a.Name, "line1": a.Line1, "line2": a.Line2, "city": a.City,
		"postcode": a.Postcode, "email": a.Email, "note": a.Note}
	for field, v := range texts {
		if utf8.RuneCountInString(v) > maxLen[field] {
			bad[field] = MsgTooLong
		}
	}
	if a.Country != "" && a.Country != "GB" && a.Country != "PL" {
		bad["country"] = MsgCountryInvalid
	}
	// The sign-up form's rule, so an address accepted there is accepted here.
	if _, ok := bad["email"]; !ok && account.EmailProblem(a.Email) != "" {
		bad["email"] = MsgEmailInvalid
	}
	a.ContactNumber = cleanPhone(in.ContactNumber, bad)
	a.Lat, a.Lng = cleanLocation(in.Latitude, in.Longitude, bad)
	if len(bad) > 0 {
		return Address{}, bad
	}
	return a, nil
}

// cleanPhone returns the E.164 form of number or records why it is refused.
func cleanPhone(number string, bad map[string]string) string {
	if strings.TrimSpace(number) == "" {
		bad["contact_number"] = MsgPhoneRequired
		return ""
	}
	e164, ok := phone.Validate(number)
	if !ok {
		bad["contact_number"] = MsgPhoneIncorrect
	}
	return e164
}

// cleanLocation checks the map pin. Both coordinates are required: the
// delivery check and the driver need them, and the dialog always has a pin.
func cleanLocation(lat, lng *float64, bad map[string]string) (float64, float64) {
	check := func(field string, v *float64, limit float64) float64 {
		switch {
		case v == nil:
			bad[field] = MsgLocationRequired
		case math.IsNaN(*v) || math.Abs(*v) > limit:
			bad[field] = MsgLocationInvalid
		default:
			return *v
		}
		return 0
	}
	return check("latitude", lat, 90), check("longitude", lng, 180)
}
