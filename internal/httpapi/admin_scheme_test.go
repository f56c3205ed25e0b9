package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/demo"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// burgersJSON is demo-burgers' import document as JSON, with the first
// item's description set to desc.
func burgersJSON(t testing.TB, desc string) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(demo.Documents()[0].Data, &doc); err != nil {
		t.Fatal(err)
	}
	item := doc["menus"].([]any)[0].(map[string]any)["categories"].([]any)[0].(map[string]any)["items"].([]any)[0]
	item.(map[string]any)["description"] = desc
	return doc
}

// firstDescription is what the store now holds as that description.
func firstDescription(t *testing.T, db *store.DB) string {
	t.Helper()
	doc, err := db.ExportScheme(context.Background(), "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	return doc.Menus[0].Categories[0].Items[0].Description
}

func init() {
	permCases["admin/scheme/document"] = permCase{perm: "manager/scheme", body: burgers(), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); d["business_slug"] != "demo-burgers" || len(d["menus"].([]any)) == 0 {
				t.Errorf("%s: document %s", k, res.Raw)
			}
		}}
	permCases["admin/scheme/import"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "document", burgersJSON(f.t, fmt.Sprintf("Edit %d", f.keys)))
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if res.data(t)["changed"] != true || firstDescription(t, f.db) != fmt.Sprintf("Edit %d", f.keys) {
				t.Errorf("%s: import %s did not land", k, res.Raw)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if firstDescription(t, f.db) == fmt.Sprintf("Edit %d", f.keys) {
				t.Errorf("%s: a refused import changed the menu", k)
			}
		}}
	permCases["admin/audit/list"] = permCase{perm: "manager/scheme", body: burgers(), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			rows, _ := res.Body["data"].([]any)
			for _, r := range rows {
				if r.(map[string]any)["target"] != "demo-burgers" {
					t.Errorf("%s: burgers' log lists %v", k, r)
				}
			}
		}}
}

// TestSchemeImportThroughTheAPI: a manager reads the document, changes a
// price and imports it; the menu serves the new price at a new version;
// the same document again changes nothing; a bad document is refused with
// its problems by JSON path, in the caller's language where the message is
// the server's, and writes nothing; the audit log names the manager, the
// action and the prices before and after, and filters by person, kind and
// date.
func TestSchemeImportThroughTheAPI(t *testing.T) {
	t.Parallel()
	storetest.RunParallel(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		m := startTeam(t, db, func() time.Time { return now })
		doc := m.call("admin/scheme/document", filter("business_slug", "demo-burgers"), m.boss...).data(t)
		item := doc["menus"].([]any)[0].(map[string]any)["categories"].([]any)[0].(map[string]any)["items"].([]any)[0].(map[string]any)
		ref := item["ref"].(string)
		item["price"] = 1299
		res := m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc), m.boss...).data(t)
		if res["changed"] != true {
			t.Fatalf("import: %v", res)
		}
		v1 := num(res["menu_version"])
		again := m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc), m.boss...).data(t)
		if again["changed"] != false || num(again["menu_version"]) != v1 {
			t.Errorf("the same document again: %v; want unchanged at version %v", again, v1)
		}
		if got := storedPrice(t, db, ref); got != 1299 {
			t.Errorf("%s costs %d after the import; want 1299", ref, got)
		}

		// Problems, by path; nothing written.
		item["price"] = -5
		doc["menus"].([]any)[0].(map[string]any)["colour_of_the_day"] = "red"
		bad := m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc), m.boss...)
		bad.wantError(t, 400, 1000)
		fields, _ := bad.Body["fields"].(map[string]any)
		if fields["menus[0].colour_of_the_day"] == nil {
			t.Errorf("unknown field not named by its path: %s", bad.Raw)
		}
		delete(doc["menus"].([]any)[0].(map[string]any), "colour_of_the_day")
		bad = m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc), m.boss...)
		bad.wantError(t, 400, 1000)
		if fields, _ := bad.Body["fields"].(map[string]any); fields["menus[0].categories[0].items[0].price"] == nil {
			t.Errorf("negative price not named by its path: %s", bad.Raw)
		}
		if got := storedPrice(t, db, ref); got != 1299 {
			t.Errorf("a refused import changed the price to %d", got)
		}
		item["price"] = 1299
		doc["business_slug"] = "demo-pierogi"
		bad = m.call("admin/scheme/import", data("business_slug", "demo-burgers", "document", doc), append(m.boss, "Accept-Language", "pl-PL")...)
		bad.wantError(t, 400, 1000)
		if f, _ := bad.Body["fields"].(map[string]any); !strings.Contains(fmt.Sprint(f["business_slug"]), "należy do innego") {
			t.Errorf("another scheme's document: %s; want the pl-PL message on business_slug", bad.Raw)
		}
		bad = m.call("admin/scheme/import", data("business_slug", "demo-burgers"), m.boss...)
		bad.wantError(t, 400, 1000)

		// The audit log: one row, the manager's, with the prices.
		log := m.call("admin/audit/list", filter("business_slug", "demo-burgers"), m.boss...)
		rows, _ := log.Body["data"].([]any)
		if len(rows) != 1 || num(log.Body["total"]) != 1 {
			t.Fatalf("audit log %s; want one row", log.Raw)
		}
		row := rows[0].(map[string]any)
		if row["actor_email"] != "boss@demo.test" || row["action"] != "scheme.import" || row["target"] != "demo-burgers" {
			t.Errorf("audit row %v", row)
		}
		price := func(side string) float64 {
			d := row[side].(map[string]any)
			return num(d["menus"].([]any)[0].(map[string]any)["categories"].([]any)[0].(map[string]any)["items"].([]any)[0].(map[string]any)["price"])
		}
		if price("before") != 899 || price("after") != 1299 {
			t.Errorf("audit before %v, after %v; want 899 → 1299", price("before"), price("after"))
		}
		for _, c := range []struct {
			f    []any
			want int
		}{
			{[]any{"actor", "BOSS@demo.test"}, 1},
			{[]any{"actor", "someone@demo.test"}, 0},
			{[]any{"action", "scheme"}, 1},
			{[]any{"action", "menu"}, 0},
			{[]any{"from", "2000-01-01", "to", time.Now().UTC().Format(time.DateOnly)}, 1},
			{[]any{"to", "2000-01-01"}, 0},
		} {
			got := m.call("admin/audit/list", filter(append([]any{"business_slug", "demo-burgers"}, c.f...)...), m.boss...)
			if rows, _ := got.Body["data"].([]any); len(rows) != c.want {
				t.Errorf("filter %v: %d rows; want %d", c.f, len(rows), c.want)
			}
		}
		m.call("admin/audit/list", filter("business_slug", "demo-burgers", "from", "yesterday"), m.boss...).wantError(t, 400, 1000)
	})
}

// storedPrice is the price of a demo-burgers item as the store holds it.
func storedPrice(t *testing.T, db *store.DB, ref string) int64 {
	t.Helper()
	doc, err := db.ExportScheme(context.Background(), "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.Menus[0].Categories {
		for _, it := range c.Items {
			if it.Ref == ref {
				return it.Price
			}
		}
	}
	t.Fatalf("no item %s", ref)
	return 0
}
