package httpapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"platter/internal/audit"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The menu editor's calls (docs/architecture.md §10).

// menuItemDoc is an item of demo-burgers' main menu as the store holds it.
func menuItemDoc(t *testing.T, db *store.DB, ref string) (catalog.ItemDoc, string, bool) {
	t.Helper()
	doc, err := db.ExportScheme(context.Background(), "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.FindMenu("main").Categories {
		for _, it := range c.Items {
			if it.Ref == ref {
				return it, c.Ref, true
			}
		}
	}
	return catalog.ItemDoc{}, "", false
}

// permItem adds a fresh item to demo-burgers' first category, for a call
// that takes it away.
func (f *permFixture) permItem() string {
	f.t.Helper()
	f.keys++
	ref := fmt.Sprintf("perm-item-%04d", f.keys)
	_, err := f.db.EditScheme(context.Background(), "demo-burgers", audit.Audit{Action: "menu.test", Target: ref},
		func(doc *catalog.SchemeDoc) (any, any, error) {
			_, after, err := doc.MenuOf("main").UpsertItem("burgers", catalog.ItemDoc{Ref: ref, Title: "Perm", Price: 100}, nil)
			return nil, after, err
		})
	if err != nil {
		f.t.Fatal(err)
	}
	return ref
}

func init() {
	menuWrite := func(path string, body func(f *permFixture) any, still func(t *testing.T, f *permFixture) bool) permCase {
		return permCase{perm: "manager/scheme", want: managerOnly(), body: body,
			intact: func(t *testing.T, f *permFixture, k kind) {
				if still != nil && !still(t, f) {
					t.Errorf("%s: a refused %s changed the menu", k, path)
				}
			}}
	}
	permCases["admin/menu/get"] = permCase{perm: "manager/scheme", body: burgers("menu_ref", "main"), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			d := res.data(t)
			if d["menu"].(map[string]any)["ref"] != "main" || d["item_ids"].(map[string]any)["classic-cheeseburger"] == nil {
				t.Errorf("%s: %s", k, res.Raw)
			}
		}}
	permCases["admin/menu/upsert-category"] = menuWrite("upsert-category",
		writes("business_slug", "demo-burgers", "menu_ref", "main", "category", map[string]any{"ref": "burgers", "name": "Burgers"}), nil)
	permCases["admin/menu/upsert-item"] = menuWrite("upsert-item", func(f *permFixture) any {
		f.keys++
		return data("business_slug", "demo-burgers", "menu_ref", "main", "category_ref", "sides",
			"item", map[string]any{"ref": fmt.Sprintf("perm-new-%04d", f.keys), "title": "Perm new", "price": 100})
	}, func(t *testing.T, f *permFixture) bool {
		_, _, ok := menuItemDoc(t, f.db, fmt.Sprintf("perm-new-%04d", f.keys))
		return !ok
	})
	// Each test of the route makes the group anew, so a refused call is seen to write nothing.
	permCases["admin/menu/upsert-modifier-category"] = menuWrite("upsert-modifier-category", func(f *permFixture) any {
		f.keys++
		return data("business_slug", "demo-burgers", "menu_ref", "main", "modifier_category", map[string]any{
			"ref": fmt.Sprintf("perm-group-%04d", f.keys), "name": "Perm", "select_min": 0, "select_max": 1,
			"items": []any{map[string]any{"ref": fmt.Sprintf("perm-opt-%04d", f.keys), "name": "Opt", "price": 50}}})
	}, nil)
	permCases["admin/menu/attach-modifier-category"] = menuWrite("attach-modifier-category",
		writes("business_slug", "demo-burgers", "menu_ref", "main", "modifier_category_ref", "sauces", "item_refs", []any{"classic-cheeseburger"}), nil)
	permCases["admin/menu/remove"] = menuWrite("remove", func(f *permFixture) any {
		return data("business_slug", "demo-burgers", "menu_ref", "main", "kind", "item", "ref", f.permItem())
	}, func(t *testing.T, f *permFixture) bool {
		_, _, ok := menuItemDoc(t, f.db, fmt.Sprintf("perm-item-%04d", f.keys))
		return ok
	})
}

// TestMenuEditorCalls: a manager builds a category and an item, moves the
// item to another category (its id stays), attaches a modifier group to two
// items in one write and hides the item; each write moves the menu's
// version exactly once and leaves one audit row naming the manager with
// before and after; the customer's menu/list shows each change; bad input
// is refused by the document's JSON path and writes nothing.
func TestMenuEditorCalls(t *testing.T) {
	t.Parallel()
	storetest.RunParallel(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		m := startTeam(t, db, func() time.Time { return now })
		version := func() float64 {
			return num(m.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho")).Body["version"])
		}
		write := func(path string, kv ...any) *response {
			return m.call(path, data(append([]any{"business_slug", "demo-burgers", "menu_ref", "main"}, kv...)...), m.boss...)
		}
		v := version()
		step := func(what string) {
			t.Helper()
			if got := version(); got != v+1 {
				t.Errorf("%s: menu version %v → %v; want one step", what, v, got)
			}
			v = version()
		}

		write("admin/menu/upsert-category", "category", map[string]any{"ref": "breakfast", "name": "Breakfast"},
			"position", 0).data(t)
		step("new category")
		res := write("admin/menu/upsert-item", "category_ref", "breakfast", "item", map[string]any{
			"ref": "porridge", "title": "Porridge", "description": "Oats,\nberries", "price": 450,
			"dayparts": []any{map[string]any{"days": []any{1, 2, 3, 4, 5}, "from": "07:00", "to": "11:00"}}})
		item := res.data(t)
		id := num(item["id"])
		if item["title"] != "Porridge" || id == 0 {
			t.Fatalf("upsert-item: %s", res.Raw)
		}
		step("new item")
		write("admin/menu/upsert-item", "category_ref", "burgers", "item", map[string]any{
			"ref": "porridge", "title": "Porridge", "price": 475}, "position", 0).data(t)
		step("moved item")
		if _, cat, _ := menuItemDoc(t, db, "porridge"); cat != "burgers" {
			t.Errorf("porridge is in %q after the move", cat)
		}
		list := m.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho")).data(t)
		for _, it := range list["items"].([]any) {
			if it := it.(map[string]any); it["title"] == "Porridge" && (num(it["id"]) != id || num(it["price"]) != 475) {
				t.Errorf("the moved item on the storefront: %v; want id %v at 475", it, id)
			}
		}

		write("admin/menu/upsert-modifier-category", "modifier_category", map[string]any{"ref": "toppings-2",
			"name": "Toppings", "select_min": 0, "select_max": 2, "items": []any{
				map[string]any{"ref": "honey", "name": "Honey", "price": 50}}}).data(t)
		step("new group")
		write("admin/menu/attach-modifier-category", "modifier_category_ref", "toppings-2",
			"item_refs", []any{"porridge", "classic-cheeseburger"}).data(t)
		step("group attached to two items")
		for _, ref := range []string{"porridge", "classic-cheeseburger"} {
			if it, _, _ := menuItemDoc(t, db, ref); len(it.ModifierCategories) == 0 ||
				it.ModifierCategories[len(it.ModifierCategories)-1] != "toppings-2" {
				t.Errorf("%s offers %v", ref, it.ModifierCategories)
			}
		}

		// Refused, by path; nothing written, no version moved.
		bad := write("admin/menu/upsert-item", "category_ref", "burgers", "item", map[string]any{
			"ref": "porridge", "title": "Porridge", "price": -1})
		bad.wantError(t, 400, 1000)
		if f, _ := bad.Body["fields"].(map[string]any); f["menus[0].categories[1].items[0].price"] /* burgers, after breakfast */ == nil {
			t.Errorf("a negative price not named by its path: %s", bad.Raw)
		}
		write("admin/menu/upsert-item", "category_ref", "nowhere", "item", map[string]any{"ref": "x", "title": "X"}).
			wantError(t, 400, 1000)
		write("admin/menu/remove", "kind", "item", "ref", "ghost").wantError(t, 404, 1404)
		write("admin/menu/remove", "kind", "menu", "ref", "main").wantError(t, 400, 1000)
		if got := version(); got != v {
			t.Errorf("refused writes moved the version %v → %v", v, got)
		}

		write("admin/menu/remove", "kind", "item", "ref", "porridge").data(t)
		step("hidden item")
		if _, _, ok := menuItemDoc(t, db, "porridge"); ok {
			t.Error("a hidden item is still in the document")
		}
		// Hidden, not deleted: the same ref again is the same id.
		again := write("admin/menu/upsert-item", "category_ref", "breakfast", "item", map[string]any{
			"ref": "porridge", "title": "Porridge", "price": 450}).data(t)
		if num(again["id"]) != id {
			t.Errorf("porridge came back as id %v; want %v", again["id"], id)
		}

		log := m.call("admin/audit/list", filter("business_slug", "demo-burgers", "action", "menu"), m.boss...)
		rows, _ := log.Body["data"].([]any)
		if len(rows) != 7 {
			t.Fatalf("audit rows %d; want 7 (one per write that landed): %s", len(rows), log.Raw)
		}
		moved := rows[4].(map[string]any) // newest first: the move is the fifth from the top
		if moved["action"] != "menu.upsert-item" || moved["actor_email"] != "boss@demo.test" || moved["target"] != "porridge" ||
			num(moved["before"].(map[string]any)["price"]) != 450 || num(moved["after"].(map[string]any)["price"]) != 475 {
			t.Errorf("the move's audit row: %v", moved)
		}
	})
}

// TestPriceEditReachesAnotherInstance: a storefront served by a second
// server on the same database, its menu cache warm, shows a price a
// manager changed through the first server on its next read.
func TestPriceEditReachesAnotherInstance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
		m := startTeam(t, db, func() time.Time { return now })
		other := start(t, db, options{now: func() time.Time { return now }})
		menu := filter("business_slug", "demo-burgers", "venue_slug", "soho")
		before := other.call("menu/list", menu)
		if priceOf(before, "Classic Cheeseburger") <= 0 {
			t.Fatalf("no cheeseburger: %s", before.Raw)
		}
		it, cat, _ := menuItemDoc(t, db, "classic-cheeseburger")
		it.Price = 1234
		m.call("admin/menu/upsert-item", data("business_slug", "demo-burgers", "menu_ref", "main",
			"category_ref", cat, "item", it), m.boss...).data(t)
		if got := priceOf(other.call("menu/list", menu), "Classic Cheeseburger"); got != 1234 {
			t.Errorf("the other instance serves %v; want 1234", got)
		}
	})
}
