// Package phone checks contact numbers for user/validate-contact-number
// (docs/product.md §5, docs/architecture.md §4). It imports nothing of the project.
package phone

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// Validate reports whether number is a valid international phone number and,
// when it is, returns it in E.164 form ("+447911123456").
//
// The number must carry its country code: the storefront sends the dial code
// of the chosen country followed by what the customer typed, so there is no
// default region to fall back on. Spaces, dashes and dots are allowed. The
// number is checked against its country code as a whole, not against the one
// region it resolves to, because several regions share a code (+44 7781…
// belongs to Guernsey and is still a valid number for a UK address form).
func Validate(number string) (e164 string, ok bool) {
	s := strings.TrimSpace(number)
	// The client's dial-code list writes the Cayman Islands as "+ 1345",
	// with a space after the plus; libphonenumber wants the plus to touch
	// the digits to recognise the country code, so close that gap.
	if rest, found := strings.CutPrefix(s, "+"); found {
		s = "+" + strings.TrimLeft(rest, " \t")
	}
	if !strings.HasPrefix(s, "+") {
		return "", false
	}
	num, err := phonenumbers.Parse(s, "")
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", false
	}
	return formatE164(num)
}

// maxE164Digits: E.164 numbers have at most 15 digits, country code
// included. libphonenumber's metadata takes some longer ones (a German
// "+49 800…" of 16 digits), which no SMS or card provider would take.
const maxE164Digits = 15

func formatE164(num *phonenumbers.PhoneNumber) (string, bool) {
	out := phonenumbers.Format(num, phonenumbers.E164)
	if len(out)-1 > maxE164Digits {
		return "", false
	}
	return out, true
}

// InRegion reads number as it is written in region (ISO 3166 "GB", "PL"):
// "07911 123456" in GB is "+447911123456"; a number with its country code
// is read as Validate reads it. ok is false for anything not a valid number.
func InRegion(number, region string) (e164 string, ok bool) {
	if e, ok := Validate(number); ok {
		return e, true
	}
	num, err := phonenumbers.Parse(strings.TrimSpace(number), strings.ToUpper(region))
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", false
	}
	return formatE164(num)
}
