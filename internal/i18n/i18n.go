// Package i18n translates server messages into the caller's language
// (en-US, the default, or pl-PL).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
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
// itself (so plain text passes through), and fills {name} placeholders.
func (c Catalog) T(lang, key string, params map[string]string) string {
	s, ok := c[lang][key]
	if !ok {
		if s, ok = c[Default][key]; !ok {
			s = key
		}
	}
	for k, v := range params {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// Negotiate picks the best language for an Accept-Language header value.
// Quality values are honoured in order of appearance, which is how browsers
// send them; "pl" alone selects pl-PL.
func Negotiate(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		if strings.HasSuffix(part, "q=0") {
			continue
		}
		switch base := strings.ToLower(strings.SplitN(tag, "-", 2)[0]); base {
		case "pl":
			return "pl-PL"
		case "en":
			return "en-US"
		}
	}
	return Default
}
