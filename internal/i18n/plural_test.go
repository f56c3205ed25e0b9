package i18n_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"platter/internal/i18n"
)

// TestPluralRules: the CLDR cardinal rules of en and pl for whole numbers.
func TestPluralRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n      int64
		en, pl string
	}{
		{0, "other", "many"},
		{1, "one", "one"},
		{2, "other", "few"},
		{4, "other", "few"},
		{5, "other", "many"},
		{11, "other", "many"},
		{12, "other", "many"},
		{14, "other", "many"},
		{21, "other", "many"},
		{22, "other", "few"},
		{24, "other", "few"},
		{25, "other", "many"},
		{101, "other", "many"},
		{102, "other", "few"},
		{112, "other", "many"},
		{114, "other", "many"},
		{122, "other", "few"},
		{1001, "other", "many"},
		{-2, "other", "few"},
	}
	for _, c := range cases {
		if got := i18n.Plural("en-US", c.n); got != c.en {
			t.Errorf("en %d: %s, want %s", c.n, got, c.en)
		}
		if got := i18n.Plural("pl-PL", c.n); got != c.pl {
			t.Errorf("pl %d: %s, want %s", c.n, got, c.pl)
		}
	}
	if got := i18n.Plural("de-DE", 1); got != "one" {
		t.Errorf("a language we do not have follows en-US: %s", got)
	}
}

// TestPluralTranslate: a plural message takes the form of its count, in
// the caller's language, with the count filled in.
func TestPluralTranslate(t *testing.T) {
	t.Parallel()
	c := i18n.MustLoad()
	want := map[int64]string{
		1:   "Dodaj najwyżej 1 zdjęcie.",
		2:   "Dodaj najwyżej 2 zdjęcia.",
		4:   "Dodaj najwyżej 4 zdjęcia.",
		5:   "Dodaj najwyżej 5 zdjęć.",
		12:  "Dodaj najwyżej 12 zdjęć.",
		14:  "Dodaj najwyżej 14 zdjęć.",
		21:  "Dodaj najwyżej 21 zdjęć.",
		22:  "Dodaj najwyżej 22 zdjęcia.",
		25:  "Dodaj najwyżej 25 zdjęć.",
		101: "Dodaj najwyżej 101 zdjęć.",
		112: "Dodaj najwyżej 112 zdjęć.",
	}
	for n, w := range want {
		p := map[string]string{i18n.CountParam: strconv.FormatInt(n, 10)}
		if got := c.T("pl-PL", "support.photo_count", p); got != w {
			t.Errorf("pl %d: %q, want %q", n, got, w)
		}
	}
	days := map[int64]string{
		1: "Zamówienie można złożyć najwyżej 1 dzień naprzód.",
		2: "Zamówienie można złożyć najwyżej 2 dni naprzód.",
		7: "Zamówienie można złożyć najwyżej 7 dni naprzód.",
	}
	for n, w := range days {
		if got := c.T("pl-PL", "schedule.too_far", map[string]string{"count": strconv.FormatInt(n, 10)}); got != w {
			t.Errorf("pl days %d: %q, want %q", n, got, w)
		}
	}
	for n, w := range map[string]string{"1": "Add at most 1 photo.", "5": "Add at most 5 photos.", "0": "Add at most 0 photos."} {
		if got := c.T("en-US", "support.photo_count", map[string]string{"count": n}); got != w {
			t.Errorf("en %s: %q, want %q", n, got, w)
		}
		if got := c.T("de-DE", "support.photo_count", map[string]string{"count": n}); got != w {
			t.Errorf("de-DE falls back to en-US: %q, want %q", got, w)
		}
	}
	// No count, or not a number: the other form, never the key.
	if got := c.T("en-US", "support.photo_count", nil); got != "Add at most {count} photos." {
		t.Errorf("no count: %q", got)
	}
}

// TestPluralMessagesHaveEveryForm: every plural message has every category
// of each language (en: one, other; pl: one, few, many, other) and no
// other; each form says its count; a name is either plural or plain, never
// both; and no plain message interpolates a count.
func TestPluralMessagesHaveEveryForm(t *testing.T) {
	t.Parallel()
	c := i18n.MustLoad()
	plural := map[string]bool{}
	for _, lang := range i18n.Languages {
		for k := range c[lang] {
			if base, _, ok := i18n.PluralKey(k); ok {
				plural[base] = true
			}
		}
	}
	if len(plural) < 10 {
		t.Fatalf("only %d plural messages", len(plural))
	}
	for base := range plural {
		for _, lang := range i18n.Languages {
			cats := i18n.Categories[lang]
			for _, cat := range cats {
				s, ok := c[lang][base+"_"+cat]
				if !ok {
					t.Errorf("%s: %s has no %q form", lang, base, cat)
				} else if !strings.Contains(s, "{count}") {
					t.Errorf("%s: %s_%s does not say {count}: %q", lang, base, cat, s)
				}
			}
			for _, cat := range []string{"one", "few", "many", "other"} {
				if _, ok := c[lang][base+"_"+cat]; ok && !slices.Contains(cats, cat) {
					t.Errorf("%s: %s has a %q form, which %s does not use", lang, base, cat, lang)
				}
			}
			if _, ok := c[lang][base]; ok {
				t.Errorf("%s: %s is both a plain and a plural message", lang, base)
			}
		}
	}
	counted := regexp.MustCompile(`\{(count|max|min|photos)\}`)
	for _, lang := range i18n.Languages {
		for k, s := range c[lang] {
			if _, _, ok := i18n.PluralKey(k); ok {
				continue
			}
			if m := counted.FindString(s); m != "" && !strings.HasPrefix(k, "order.quantity_") && k != "order.tip_range" {
				t.Errorf("%s: %s interpolates %s without plural forms: %q", lang, k, m, s)
			}
		}
	}
}
