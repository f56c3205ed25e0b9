package i18n_test

import (
	"testing"

	"platter/internal/i18n"
)

// TestCataloguesHaveTheSameKeys: every message is in every language; a
// plural message is compared by its name, since each language has its own
// forms (TestPluralMessagesHaveEveryForm checks those).
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	names := func(lang string) map[string]bool {
		out := map[string]bool{}
		for k := range c[lang] {
			base, _, _ := i18n.PluralKey(k)
			out[base] = true
		}
		return out
	}
	for _, a := range i18n.Languages {
		for _, b := range i18n.Languages {
			nb := names(b)
			for k := range names(a) {
				if !nb[k] {
					t.Errorf("message %q is in %s but not in %s", k, a, b)
				}
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	c := i18n.MustLoad()
	if got := c.T("pl-PL", "error.bad_credentials", nil); got != "Nieprawidłowa nazwa użytkownika lub hasło." {
		t.Errorf("pl-PL 2061 = %q", got)
	}
	if got := c.T("de-DE", "error.bad_credentials", nil); got != "Incorrect username or password." {
		t.Errorf("fallback = %q", got)
	}
	if got := c.T("en-US", "Opens at {time}", map[string]string{"time": "11:00"}); got != "Opens at 11:00" {
		t.Errorf("plain text with params = %q", got)
	}
}

func TestNegotiate(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "en-US",
		"pl-PL":                   "pl-PL",
		"pl":                      "pl-PL",
		"en-GB,en;q=0.9":          "en-US",
		"de-DE,pl;q=0.8,en;q=0.5": "pl-PL",
		"fr":                      "en-US",
		"PL-pl":                   "pl-PL",
		"pl;q=0, en":              "en-US",
		// Quality values decide, not the order of appearance (issue 8).
		"pl-PL;q=0.9, en-US;q=0.8": "pl-PL",
		"en;q=0.1, pl":             "pl-PL",
		"en-US;q=0.5, pl-PL;q=0.7": "pl-PL",
		"pl;q=0.3, en;q=0.3":       "pl-PL", // a tie keeps the header's order
		"fr;q=1, pl;q=0.2":         "pl-PL", // unknown languages are skipped, not chosen
		"*":                        "en-US",
		"*;q=0.9, pl;q=0.1":        "en-US", // "anything" first: our default
		"pl;q=0.000, en;q=0.001":   "en-US",
		"pl;q=abc, en;q=0.5":       "en-US", // an unreadable q is not "1"
		"pl;Q=0.9, en;q=0.8":       "pl-PL",
		"en;q=0.5, pl-PL ; q=0.6 ": "pl-PL",
		"pl;q=2":                   "en-US", // out of range: ignored
	} {
		if got := i18n.Negotiate(in); got != want {
			t.Errorf("Negotiate(%q) = %q, want %q", in, got, want)
		}
	}
}
