package catalog

import (
	"fmt"
	"regexp"
)

// A document problem is said in English in FieldError.Message (the CLI's
// words) and, for the API, as an i18n key with named parameters
// (FieldError.Key, Params) that the HTTP layer translates into the caller's
// language (internal/i18n/messages, "import.*"). docMessages maps each format a
// check uses to its key and the names of the format's arguments, in order;
// TestEveryDocumentProblemHasAMessage keeps it complete.
type docMessage struct {
	key    string
	params []string
}

var docMessages = map[string]docMessage{
	"required":                                        {"import.required", nil},
	"required unless closed":                          {"import.required_unless_closed", nil},
	"unknown field":                                   {"import.unknown_field", nil},
	"must be an object":                               {"import.type_object", nil},
	"must be an array":                                {"import.type_array", nil},
	"must be a string":                                {"import.type_string", nil},
	"must be true or false":                           {"import.type_bool", nil},
	"must be a whole number":                          {"import.type_integer", nil},
	"must be a number":                                {"import.type_number", nil},
	"malformed JSON: %s":                              {"import.malformed", []string{"detail"}},
	"must be at most %d characters":                   {"import.max_chars", []string{"count"}},
	"must be between %d and %d":                       {"import.between", []string{"low", "high"}},
	"must be one of %s":                               {"import.one_of", []string{"values"}},
	"%q is used twice":                                {"import.used_twice", []string{"value"}},
	"is repeated":                                     {"import.repeated", nil},
	"no menu %q in this document":                     {"import.no_menu", []string{"ref"}},
	"must not be negative":                            {"import.not_negative", nil},
	"must be more than 0":                             {"import.positive", nil},
	"must not exceed select_max":                      {"import.min_over_max", nil},
	"must be a time HH:MM":                            {"import.time", nil},
	"must be a date YYYY-MM-DD":                       {"import.date", nil},
	"must differ from open":                           {"import.close_is_open", nil},
	"must end where it starts":                        {"import.ring_open", nil},
	"must list at most %d zones":                      {"import.max_zones", []string{"count"}},
	"must hold 1 to %d rings":                         {"import.rings", []string{"count"}},
	"must be percent or fixed":                        {"import.discount_kind", nil},
	"must be a colour like #rrggbb":                   {"import.colour", nil},
	"must be empty when closed":                       {"import.empty_when_closed", nil},
	"must be between -90 and 90":                      {"import.latitude", nil},
	"must be between -180 and 180":                    {"import.longitude", nil},
	"must be after valid_from":                        {"import.after_valid_from", nil},
	"must be [longitude, latitude]":                   {"import.position", nil},
	"must be \"Polygon\"":                             {"import.polygon", nil},
	"must be one of the percents":                     {"import.tip_default", nil},
	"must not be the same as from":                    {"import.daypart_empty", nil},
	"must list at most %d dayparts":                   {"import.max_dayparts", []string{"count"}},
	"must hold at most %d colours":                    {"import.max_colours", []string{"count"}},
	"must list at most %d exceptions":                 {"import.max_exceptions", []string{"count"}},
	"must name at least one weekday":                  {"import.no_weekday", nil},
	"must name at least one language":                 {"import.no_language", nil},
	"must name at least one order type":               {"import.no_order_type", nil},
	"must not contain control characters":             {"import.control_chars", nil},
	"must be 0 (Sunday) to 6 (Saturday)":              {"import.weekday", nil},
	"weekday must be 0 (Sunday) to 6 (Saturday)":      {"import.weekday_key", nil},
	"must be 0 (dark) or 1 (light)":                   {"import.theme", nil},
	"must be 0 (delivery) or 1 (pickup)":              {"import.order_type", nil},
	"must be 0 (AUTO_APPLY) or 1 (CLAIM)":             {"import.offer_kind", nil},
	"must be 1-64 letters, digits or _.:- characters": {"import.ref", nil},
	"must be 2-32 letters, digits, _ or -":            {"import.code", nil},
	"must be 2-63 lower-case letters, digits or hyphens, starting with a letter or digit": {"import.slug", nil},
	"must be [longitude, latitude] within ±180 and ±90":                                   {"import.position_range", nil},
	"must be a path starting with / or an http(s) URL":                                    {"import.url", nil},
	"must be a time HH:MM (24:00 for midnight)":                                           {"import.time_to", nil},
	"must be a time HH:MM from 00:00 to 23:59":                                            {"import.time_in_day", nil},
	"must be a time HH:MM from 00:00 to 24:00":                                            {"import.time_in_day_end", nil},
	"must be an IANA time zone such as Europe/London":                                     {"import.time_zone", nil},
	"must be an RFC 3339 time like 2026-01-01T00:00:00Z":                                  {"import.rfc3339", nil},
	"must be an e-mail address like hello@example.com":                                    {"import.email", nil},
	"must be at least 1 when stamps are earned":                                           {"import.stamps_min", nil},
	"must hold 4 to %d positions, the last equal to the first":                            {"import.ring_positions", []string{"count"}},
	"must not exceed the number of items":                                                 {"import.min_over_items", nil},
	"no modifier category %q in this menu":                                                {"import.no_modifier_category", []string{"ref"}},
	"a zone is a radius or a polygon, not both":                                           {"import.zone_shape", nil},
	"at least one menu is needed for the venues":                                          {"import.menu_needed", nil},
	"another exception already sets this date for this order type":                        {"import.exception_twice", nil},
	"%q is already the ref of %s; refs must be unique in the menu":                        {"import.ref_taken", []string{"ref", "other"}},
}

var verbRE = regexp.MustCompile(`%[dsqv]`)

// problemAt is the problem format (with args) at path: its English text and,
// when docMessages knows the format, its key and named parameters, each
// argument written as its verb writes it (%q quoted).
func problemAt(path, format string, args ...any) FieldError {
	e := FieldError{Path: path, Message: fmt.Sprintf(format, args...)}
	m, ok := docMessages[format]
	if !ok {
		return e
	}
	e.Key = m.key
	verbs := verbRE.FindAllString(format, -1)
	if len(m.params) > 0 {
		e.Params = make(map[string]string, len(m.params))
	}
	for i, name := range m.params {
		if i < len(args) && i < len(verbs) {
			e.Params[name] = fmt.Sprintf(verbs[i], args[i])
		}
	}
	return e
}

// textProblem is a problem whose text has no arguments (checkShape's, built
// from the JSON type wanted).
func textProblem(path, text string) FieldError {
	e := FieldError{Path: path, Message: text}
	if m, ok := docMessages[text]; ok && len(m.params) == 0 {
		e.Key = m.key
	}
	return e
}

// DocMessageKey is the i18n key of a problem format (tests keep every
// format of the checks known).
func DocMessageKey(format string) (string, bool) {
	m, ok := docMessages[format]
	return m.key, ok
}

// DocMessageKeys lists every key a document problem may carry.
func DocMessageKeys() []string {
	out := make([]string, 0, len(docMessages))
	for _, m := range docMessages {
		out = append(out, m.key)
	}
	return out
}
