package httpapi

import (
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on every string an envelope call decodes, checked in one place
// (decode) so no handler can forget them. A field's `text` struct tag
// changes them: `text:"multiline"` lets a field hold \n and \t (notes,
// descriptions), `text:"max=N"` sets its length in characters, and both
// combine (`text:"multiline,max=2000"`). The defaults sit above every limit
// a handler or domain package applies itself (passwords 256, addresses 254,
// address notes 1000), so those keep their own, more precise messages.
const (
	maxLineRunes  = 1000
	maxMultiRunes = 10000
)

// textRule is how one string field is checked.
type textRule struct {
	multiline bool
	max       int
}

// ruleOf reads a field's `text` tag; a tag never loosens a rule it does
// not name.
func ruleOf(tag string) textRule {
	r := textRule{max: maxLineRunes}
	for _, opt := range strings.Split(tag, ",") {
		switch {
		case opt == "multiline":
			r.multiline = true
			if r.max == maxLineRunes {
				r.max = maxMultiRunes
			}
		case strings.HasPrefix(opt, "max="):
			if n, err := strconv.Atoi(strings.TrimPrefix(opt, "max=")); err == nil && n > 0 {
				r.max = n
			}
		}
	}
	return r
}

// checkText walks a decoded value (structs, pointers, slices, maps and
// interfaces, to any depth) and returns field → message key for every
// string that breaks its rule. Fields are named by their JSON path
// ("first_name", "items[2].note"), as the client sent them.
func checkText(v any) map[string]string {
	bad := map[string]string{}
	walkText(reflect.ValueOf(v), "", textRule{max: maxLineRunes}, bad)
	return bad
}

func walkText(v reflect.Value, path string, rule textRule, bad map[string]string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkText(v.Elem(), path, rule, bad)
		}
	case reflect.Struct:
		walkStruct(v, path, bad)
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // []byte and json.RawMessage: decoded (and checked) later, if at all
		}
		for i := 0; i < v.Len(); i++ {
			walkText(v.Index(i), path+"["+strconv.Itoa(i)+"]", rule, bad)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			key := it.Key()
			if key.Kind() == reflect.String {
				checkString(key.String(), join(path, key.String()), textRule{max: maxLineRunes}, bad)
				walkText(it.Value(), join(path, key.String()), rule, bad)
			}
		}
	case reflect.String:
		checkString(v.String(), path, rule, bad)
	}
}

func walkStruct(v reflect.Value, path string, bad map[string]string) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
			continue
		case name == "" && f.Anonymous:
			walkText(v.Field(i), path, ruleOf(f.Tag.Get("text")), bad) // embedded: same level
			continue
		case name == "":
			name = f.Name
		}
		walkText(v.Field(i), join(path, name), ruleOf(f.Tag.Get("text")), bad)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// checkString records the first problem of s: a control character (NUL
// included, which PostgreSQL cannot store), a line break in a one-line
// field, or too many characters.
func checkString(s, field string, rule textRule, bad map[string]string) {
	if _, seen := bad[field]; seen {
		return
	}
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			if !rule.multiline || r == '\r' {
				bad[field] = lineBreakKey(rule)
				return
			}
		case r == '\t' && rule.multiline:
		case unicode.IsControl(r):
			bad[field] = "validation.control_chars"
			return
		}
	}
	if utf8.RuneCountInString(s) > rule.max {
		bad[field] = "validation.too_long"
	}
}

// lineBreakKey: a one-line field says it must be one line; a multi-line
// one refuses only \r (notes keep \n alone), which is a control character.
func lineBreakKey(rule textRule) string {
	if rule.multiline {
		return "validation.control_chars"
	}
	return "validation.line_break"
}
