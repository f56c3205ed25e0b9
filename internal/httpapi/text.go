package httpapi

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
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
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Struct {
		if plan := planOf(rv.Elem().Type()); plan != nil {
			return plan.check(rv.Elem())
		}
	}
	bad := map[string]string{}
	walkText(rv, "", textRule{max: maxLineRunes}, bad)
	return bad
}

// textPlan is checkText's walk worked out once for a flat struct type (its
// fields strings, pointers to strings or scalars, as most filters are): the
// string fields with their JSON names and rules, so a call checks them
// without reading tags again (the reflective walk was a measurable part of
// every menu/list call). Types with anything deeper have no plan and are
// walked as before.
type textPlan struct{ fields []planField }

type planField struct {
	index int
	ptr   bool // *string
	name  string
	rule  textRule
}

var textPlans sync.Map // reflect.Type → *textPlan, or nil: walk it

func planOf(t reflect.Type) *textPlan {
	if p, ok := textPlans.Load(t); ok {
		return p.(*textPlan)
	}
	p := makePlan(t)
	textPlans.Store(t, p)
	return p
}

// makePlan returns nil when a field of t needs the walk: a struct, slice,
// map, interface or pointer to anything but a string, or an embedded field.
func makePlan(t reflect.Type) *textPlan {
	p := &textPlan{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous {
			return nil
		}
		if name == "" {
			name = f.Name
		}
		ft, ptr := f.Type, false
		if ft.Kind() == reflect.Pointer {
			ft, ptr = ft.Elem(), true
		}
		switch ft.Kind() {
		case reflect.String:
			p.fields = append(p.fields, planField{index: i, ptr: ptr, name: name, rule: ruleOf(f.Tag.Get("text"))})
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
		default:
			return nil
		}
	}
	return p
}

// check gives what walkText would for v, a value of the plan's type; the
// map is allocated only when a field breaks its rule.
func (p *textPlan) check(v reflect.Value) map[string]string {
	var bad map[string]string
	for _, f := range p.fields {
		fv := v.Field(f.index)
		if f.ptr {
			if fv.IsNil() {
				continue
			}
			fv = fv.Elem()
		}
		if key := stringProblem(fv.String(), f.rule); key != "" {
			if bad == nil {
				bad = map[string]string{}
			}
			bad[f.name] = key
		}
	}
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
	if key := stringProblem(s, rule); key != "" {
		bad[field] = key
	}
}

// stringProblem is the message key of s's first problem under rule, or "".
func stringProblem(s string, rule textRule) string {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			if !rule.multiline || r == '\r' {
				return lineBreakKey(rule)
			}
		case r == '\t' && rule.multiline:
		case unicode.IsControl(r):
			return "validation.control_chars"
		}
	}
	if utf8.RuneCountInString(s) > rule.max {
		return "validation.too_long"
	}
	return ""
}

// lineBreakKey: a one-line field says it must be one line; a multi-line
// one refuses only \r (notes keep \n alone), which is a control character.
func lineBreakKey(rule textRule) string {
	if rule.multiline {
		return "validation.control_chars"
	}
	return "validation.line_break"
}
