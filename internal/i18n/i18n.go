// Package i18n translates server messages into the caller's language
// (en-US, the default, or pl-PL). A message that says a count has plural
// forms, as the web app's catalogues do: key_one and key_other in en-US,
// key_one, key_few, key_many and key_other in pl-PL (CLDR rules, Plural),
// chosen by the "count" parameter (CountParam).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Languages the server answers in; the first is the default.
var Languages = []string{"en-US", "pl-PL"}

// Default is the language used when the caller asks for none we have.
const Default = "en-US"

//go:embed messages/*.json
var files embed.FS

// Catalog maps language → message key → text.
type Catalog map[string]map[string]string

// Load reads the embedded catalogues.
func Load() (Catalog, error) {
	c := Catalog{}
	for _, lang := range Languages {
		b, err := files.ReadFile("messages/" + lang + ".json")
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("i18n %s: %w", lang, err)
		}
		c[lang] = m
	}
	return c, nil
}

// MustLoad is Load for program start, where a broken embedded file is a bug.
func MustLoad() Catalog {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// T translates key into lang, falling back to en-US and then to the key
// itself (so plain text passes through), and fills {name} placeholders. A
// plural message (key_one, key_few, key_many, key_other in the catalogue)
// takes the form of params["count"] by the language's CLDR rules (Plural).
func (c Catalog) T(lang, key string, params map[string]string) string {
	var s string
	if c.pluralBase(lang, key) {
		s = c.plural(lang, key, params)
	} else {
		var ok bool
		if s, ok = c[lang][key]; !ok {
			if s, ok = c[Default][key]; !ok {
				s = key
			}
		}
	}
	for k, v := range params {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// Negotiate picks the best language for an Accept-Language header value
// (RFC 9110 §12.5.4): the highest quality value wins, a tie keeps the
// header's order, q=0 and unreadable or out-of-range q values rule a range
// out, "pl" or "pl-XX" selects pl-PL, "en…" and "*" select en-US, and other
// languages are skipped.
func Negotiate(header string) string {
	// Cut, not Split: this runs on every API call and allocates nothing.
	best, bestQ := Default, 0.0
	for rest, more := header, true; more; {
		var part string
		part, rest, more = strings.Cut(rest, ",")
		tag, q := parseRange(part)
		lang := supported(tag)
		if lang == "" || q <= bestQ {
			continue
		}
		best, bestQ = lang, q
	}
	return best
}

// parseRange splits one "tag;q=0.8" element; q is 1 when absent and 0 when
// it cannot be read, so a malformed element is never preferred.
func parseRange(part string) (string, float64) {
	head, params, _ := strings.Cut(part, ";")
	tag, q := strings.TrimSpace(head), 1.0
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || v < 0 || v > 1 {
			return tag, 0
		}
		q = v
	}
	return tag, q
}

// supported maps a language range to the language we answer in, or "".
func supported(tag string) string {
	if tag == "*" {
		return Default
	}
	primary, _, _ := strings.Cut(tag, "-")
	switch {
	case strings.EqualFold(primary, "pl"):
		return "pl-PL"
	case strings.EqualFold(primary, "en"):
		return "en-US"
	}
	return ""
}
