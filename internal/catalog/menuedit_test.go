package catalog_test

import (
	"slices"
	"testing"

	"platter/internal/catalog"
	"platter/internal/platter"
)

func editMenu() *catalog.MenuDoc {
	return &catalog.MenuDoc{Ref: "m", Name: "M",
		Categories: []catalog.CategoryDoc{
			{Ref: "burgers", Name: "Burgers", Items: []catalog.ItemDoc{{Ref: "classic", Title: "Classic"},
				{Ref: "cheese", Title: "Cheese"}}},
			{Ref: "sides", Name: "Sides", Items: []catalog.ItemDoc{{Ref: "fries", Title: "Fries"}}},
		},
		ModifierCategories: []catalog.ModifierCategoryDoc{{Ref: "sauce", Name: "Sauce"}}}
}

func refsOf(c catalog.CategoryDoc) []string {
	var out []string
	for _, it := range c.Items {
		out = append(out, it.Ref)
	}
	return out
}

// TestMenuEdits: an item moved to another category is the same ref (so the
// same id on import), placed where asked; a category renamed keeps its
// items; a group attached to a set of items is on exactly those; removing a
// group takes it off its items; unknown refs are refused.
func TestMenuEdits(t *testing.T) {
	m := editMenu()
	zero := 0
	before, _, err := m.UpsertItem("sides", catalog.ItemDoc{Ref: "cheese", Title: "Cheese!", Price: 100}, &zero)
	if err != nil || before.(catalog.ItemDoc).Title != "Cheese" {
		t.Fatalf("move: %v %v", before, err)
	}
	if got := refsOf(m.Categories[1]); !slices.Equal(got, []string{"cheese", "fries"}) {
		t.Errorf("sides after the move: %v", got)
	}
	if got := refsOf(m.Categories[0]); !slices.Equal(got, []string{"classic"}) {
		t.Errorf("burgers after the move: %v", got)
	}
	// Without a position, an edit keeps the item's place.
	if _, _, err := m.UpsertItem("sides", catalog.ItemDoc{Ref: "cheese", Title: "Cheese"}, nil); err != nil ||
		refsOf(m.Categories[1])[0] != "cheese" {
		t.Errorf("edit in place moved the item: %v", refsOf(m.Categories[1]))
	}
	if _, _, err := m.UpsertItem("drinks", catalog.ItemDoc{Ref: "cola"}, nil); platter.ErrorCode(err) != platter.CodeValidation {
		t.Errorf("an unknown category: %v", err)
	}

	one := 1
	m.UpsertCategory(catalog.CategoryDoc{Ref: "burgers", Name: "Our burgers"}, &one)
	if m.Categories[1].Name != "Our burgers" || len(m.Categories[1].Items) != 1 || m.Categories[0].Ref != "sides" {
		t.Errorf("rename and move of a category: %+v", m.Categories)
	}

	if _, _, err := m.AttachModifierCategory("sauce", []string{"fries", "classic"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := m.AttachModifierCategory("sauce", []string{"fries", "cheese"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		ref string
		has bool
	}{{"fries", true}, {"cheese", true}, {"classic", false}} {
		ci, ii := m.FindItem(want.ref)
		if got := slices.Contains(m.Categories[ci].Items[ii].ModifierCategories, "sauce"); got != want.has {
			t.Errorf("%s has the sauce group: %v", want.ref, got)
		}
	}
	if _, _, err := m.AttachModifierCategory("sauce", []string{"nope"}); platter.ErrorCode(err) != platter.CodeValidation {
		t.Errorf("attach to an unknown item: %v", err)
	}

	if _, err := m.Remove(catalog.EditModifierCategory, "sauce"); err != nil {
		t.Fatal(err)
	}
	ci, ii := m.FindItem("fries")
	if len(m.ModifierCategories) != 0 || len(m.Categories[ci].Items[ii].ModifierCategories) != 0 {
		t.Errorf("a removed group is still offered: %+v", m)
	}
	if _, err := m.Remove(catalog.EditItem, "ghost"); platter.ErrorCode(err) != platter.CodeNotFound {
		t.Errorf("remove of an unknown item: %v", err)
	}
	if _, err := m.Remove("menu", "m"); platter.ErrorCode(err) != platter.CodeValidation {
		t.Errorf("remove of an unknown kind: %v", err)
	}
}
