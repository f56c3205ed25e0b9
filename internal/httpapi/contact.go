package httpapi

import (
	"platter/internal/phone"
	"platter/internal/platter"
)

// contactCheck is user/validate-contact-number's answer. E164 is empty when
// the number is not valid.
type contactCheck struct {
	IsValid bool   `json:"is_valid"`
	E164    string `json:"e164"`
}

// validateContactNumber answers user/validate-contact-number: whether a
// number with its country code is a real number, and its E.164 form. It needs
// no token, because the sign-up form asks before anyone is signed in.
func (s *Server) validateContactNumber(r *request) (*reply, error) {
	var f struct {
		ContactNumber string `json:"contact_number"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	requireString(fields, "contact_number", f.ContactNumber)
	if len(f.ContactNumber) > maxTextLen {
		fields["contact_number"] = "validation.too_long"
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.limitLookup(r, "user/validate-contact-number"); err != nil {
		return nil, err
	}
	e164, ok := phone.Validate(f.ContactNumber)
	return &reply{Data: contactCheck{IsValid: ok, E164: e164}}, nil
}
