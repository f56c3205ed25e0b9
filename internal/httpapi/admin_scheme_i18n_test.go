package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestImportProblemsInTheCallersLanguage: a document with an unknown field,
// a negative price, a name too long and a ref used twice is refused with each
// problem at its JSON path, said in the language of the request: Polish for
// Accept-Language pl-PL (with the count's plural form), English otherwise.
func TestImportProblemsInTheCallersLanguage(t *testing.T) {
	t.Parallel()
	storetest.RunParallel(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		m := startTeam(t, db, func() time.Time { return now })
		doc := m.call("admin/scheme/document", filter("business_slug", "demo-burgers"), m.boss...).data(t)
		items := doc["menus"].([]any)[0].(map[string]any)["categories"].([]any)[0].(map[string]any)["items"].([]any)
		items[0].(map[string]any)["price"] = -5
		items[0].(map[string]any)["title"] = strings.Repeat("x", 121)
		items[1].(map[string]any)["ref"] = items[0].(map[string]any)["ref"]
		doc["menus"].([]any)[0].(map[string]any)["colour_of_the_day"] = "red"

		const item = "menus[0].categories[0].items[0]"
		for _, c := range []struct {
			lang string
			want map[string]string
		}{
			{"pl-PL", map[string]string{"menus[0].colour_of_the_day": "nieznane pole"}},
			{"en-US", map[string]string{"menus[0].colour_of_the_day": "unknown field"}},
		} {
			bad := m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc),
				append(m.boss, "Accept-Language", c.lang)...)
			bad.wantError(t, 400, 1000)
			fields, _ := bad.Body["fields"].(map[string]any)
			for path, want := range c.want {
				if fields[path] != want {
					t.Errorf("%s: %s says %q, want %q", c.lang, path, fields[path], want)
				}
			}
		}

		delete(doc["menus"].([]any)[0].(map[string]any), "colour_of_the_day")
		for lang, want := range map[string]map[string]string{
			"pl-PL": {
				item + ".price":                       "nie może być ujemne",
				item + ".title":                       "może mieć najwyżej 120 znaków",
				"menus[0].categories[0].items[1].ref": "jest już użyty w " + item + ".ref; identyfikatory w menu muszą być unikalne",
			},
			"en-US": {
				item + ".price":                       "must not be negative",
				item + ".title":                       "must be at most 120 characters",
				"menus[0].categories[0].items[1].ref": "is already the ref of " + item + ".ref; refs must be unique in the menu",
			},
		} {
			bad := m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc),
				append(m.boss, "Accept-Language", lang)...)
			bad.wantError(t, 400, 1000)
			fields, _ := bad.Body["fields"].(map[string]any)
			for path, w := range want {
				if got, _ := fields[path].(string); !strings.HasSuffix(got, w) {
					t.Errorf("%s: %s says %q, want it to end %q (%s)", lang, path, got, w, bad.Raw)
				}
			}
		}
	})
}
