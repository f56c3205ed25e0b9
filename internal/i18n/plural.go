package i18n

import (
	"strconv"
	"strings"
)

// Plural categories of the CLDR plural rules
// (https://cldr.unicode.org/index/cldr-spec/plural-rules), as the web app's
// catalogues use them (key_one, key_few, key_many, key_other).
const (
	One   = "one"
	Few   = "few"
	Many  = "many"
	Other = "other"
)

// Categories lists the plural categories of each language, in the order
// CLDR gives them. Every plural message has every category of its language.
var Categories = map[string][]string{
	"en-US": {One, Other},
	"pl-PL": {One, Few, Many, Other},
}

// CountParam is the parameter that picks the form of a plural message.
const CountParam = "count"

// Plural returns the CLDR plural category of the whole number n in lang
// (cardinal; a language we do not have follows en-US).
//
// en: one for 1, other otherwise.
// pl: one for 1; few when n mod 10 is 2–4 and n mod 100 is not 12–14;
// many for every other whole number (0, 5–21, 25–31, 112, …); other is for
// fractions only, which counts never are.
func Plural(lang string, n int64) string {
	if n < 0 {
		n = -n
	}
	if lang != "pl-PL" {
		if n == 1 {
			return One
		}
		return Other
	}
	d, dd := n%10, n%100
	switch {
	case n == 1:
		return One
	case d >= 2 && d <= 4 && (dd < 12 || dd > 14):
		return Few
	default:
		return Many
	}
}

// pluralBase reports whether key names a plural message (key_other is in
// the catalogue of lang or of the default language).
func (c Catalog) pluralBase(lang, key string) bool {
	if _, ok := c[lang][key+"_"+Other]; ok {
		return true
	}
	_, ok := c[Default][key+"_"+Other]
	return ok
}

// plural picks the form of plural message key for the count in params
// (CountParam; missing or not a whole number: other), in lang or else in
// the default language.
func (c Catalog) plural(lang, key string, params map[string]string) string {
	n, err := strconv.ParseInt(strings.TrimSpace(params[CountParam]), 10, 64)
	for _, l := range []string{lang, Default} {
		cat := Other
		if err == nil {
			cat = Plural(l, n)
		}
		if s, ok := c[l][key+"_"+cat]; ok {
			return s
		}
		if s, ok := c[l][key+"_"+Other]; ok {
			return s
		}
	}
	return key
}

// PluralKey splits a catalogue key into the plural message it is a form of
// and its category ("address.limit_few" → "address.limit", "few"); ok is
// false for a key that is not a plural form.
func PluralKey(key string) (base, category string, ok bool) {
	i := strings.LastIndexByte(key, '_')
	if i < 0 {
		return key, "", false
	}
	switch cat := key[i+1:]; cat {
	case One, Few, Many, Other:
		return key[:i], cat, true
	}
	return key, "", false
}
