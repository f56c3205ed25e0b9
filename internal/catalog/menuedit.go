package catalog

import (
	"slices"

	"platter/internal/platter"
)

// Menu edits of the back office (docs/architecture.md §10) as changes of the
// import document: each finds things by ref, changes the document in place
// and returns what it touched before and after (nil before: created; nil
// after: removed), for the audit row. Importing the changed document is what
// writes it, so an edit keeps every rule of a re-import: ids stay with their
// refs, and what the document stops listing is hidden, never deleted.

// Kinds admin/menu/remove takes.
const (
	EditCategory         = "category"
	EditItem             = "item"
	EditModifierCategory = "modifier_category"
	EditModifierItem     = "modifier_item"
)

// MenuOf returns the document's menu named ref, adding an empty one (named
// after its ref) when there is none.
func (d *SchemeDoc) MenuOf(ref string) *MenuDoc {
	for i := range d.Menus {
		if d.Menus[i].Ref == ref {
			return &d.Menus[i]
		}
	}
	d.Menus = append(d.Menus, MenuDoc{Ref: ref, Name: ref, Categories: []CategoryDoc{},
		ModifierCategories: []ModifierCategoryDoc{}})
	return &d.Menus[len(d.Menus)-1]
}

// FindMenu returns the document's menu named ref, or nil.
func (d *SchemeDoc) FindMenu(ref string) *MenuDoc {
	for i := range d.Menus {
		if d.Menus[i].Ref == ref {
			return &d.Menus[i]
		}
	}
	return nil
}

// at clamps a requested position into 0…n (nil: keep, or n when new).
func at(pos *int, keep, n int) int {
	switch {
	case pos == nil && keep >= 0:
		return min(keep, n)
	case pos == nil:
		return n
	default:
		return max(0, min(*pos, n))
	}
}

// moveTo removes s[from] (from -1: v is new) and inserts v at to.
func moveTo[T any](s []T, from, to int, v T) []T {
	if from >= 0 {
		s = slices.Delete(s, from, from+1)
	}
	return slices.Insert(s, min(to, len(s)), v)
}

// UpsertCategory renames a category (its items stay) or adds it, at pos
// when given (0 first; beyond the end: last).
func (m *MenuDoc) UpsertCategory(c CategoryDoc, pos *int) (before, after any) {
	i := slices.IndexFunc(m.Categories, func(x CategoryDoc) bool { return x.Ref == c.Ref })
	if i >= 0 {
		old := m.Categories[i]
		before = categoryHead(old)
		c.Items = old.Items
	} else if c.Items == nil {
		c.Items = []ItemDoc{}
	}
	n := len(m.Categories)
	if i >= 0 {
		n--
	}
	m.Categories = moveTo(m.Categories, i, at(pos, i, n), c)
	return before, categoryHead(c)
}

// categoryHead is a category without its items, as an audit row shows it.
func categoryHead(c CategoryDoc) map[string]any {
	return map[string]any{"ref": c.Ref, "name": c.Name, "items": len(c.Items)}
}

// FindItem returns the category index and the item index of an item of
// the menu, or -1, -1.
func (m *MenuDoc) FindItem(ref string) (int, int) {
	for ci := range m.Categories {
		for ii := range m.Categories[ci].Items {
			if m.Categories[ci].Items[ii].Ref == ref {
				return ci, ii
			}
		}
	}
	return -1, -1
}

// UpsertItem puts the item in the category named categoryRef at pos: a ref
// the menu has is that item, changed and moved there (from another
// category too: its id stays); a new ref is added. Without pos an item
// keeps its place in its category and a new or moved one goes last. An
// unknown category is 1000 on category_ref.
func (m *MenuDoc) UpsertItem(categoryRef string, it ItemDoc, pos *int) (before, after any, err error) {
	to := slices.IndexFunc(m.Categories, func(x CategoryDoc) bool { return x.Ref == categoryRef })
	if to < 0 {
		return nil, nil, platter.Invalid(map[string]string{"category_ref": "menu.category_unknown"})
	}
	if it.ModifierCategories == nil {
		it.ModifierCategories = []string{}
	}
	if it.OrderTypes == nil {
		it.OrderTypes = []int{}
	}
	ci, ii := m.FindItem(it.Ref)
	keep := -1
	if ci >= 0 {
		old := m.Categories[ci].Items[ii]
		before = old
		m.Categories[ci].Items = slices.Delete(m.Categories[ci].Items, ii, ii+1)
		if ci == to {
			keep = ii
		}
	}
	items := m.Categories[to].Items
	m.Categories[to].Items = slices.Insert(items, at(pos, keep, len(items)), it)
	return before, it, nil
}

// UpsertModifierCategory changes or adds a modifier group with its options
// (the document's shape: the group lists its options), at the end when new.
func (m *MenuDoc) UpsertModifierCategory(mc ModifierCategoryDoc) (before, after any) {
	if mc.Items == nil {
		mc.Items = []ModifierItemDoc{}
	}
	i := slices.IndexFunc(m.ModifierCategories, func(x ModifierCategoryDoc) bool { return x.Ref == mc.Ref })
	if i >= 0 {
		before = m.ModifierCategories[i]
		m.ModifierCategories[i] = mc
	} else {
		m.ModifierCategories = append(m.ModifierCategories, mc)
	}
	return before, mc
}

// AttachModifierCategory makes the items named itemRefs exactly the ones
// offering the modifier group: it is added (last) to each listed item that
// lacks it and taken from each unlisted one that has it. An unknown group
// is 1404; an unknown item is 1000 on item_refs.
func (m *MenuDoc) AttachModifierCategory(mcRef string, itemRefs []string) (before, after any, err error) {
	if !slices.ContainsFunc(m.ModifierCategories, func(x ModifierCategoryDoc) bool { return x.Ref == mcRef }) {
		return nil, nil, platter.NotFound()
	}
	for _, ref := range itemRefs {
		if ci, _ := m.FindItem(ref); ci < 0 {
			return nil, nil, platter.Invalid(map[string]string{"item_refs": "menu.item_unknown"})
		}
	}
	had := []string{}
	for ci := range m.Categories {
		for ii := range m.Categories[ci].Items {
			it := &m.Categories[ci].Items[ii]
			has := slices.Contains(it.ModifierCategories, mcRef)
			if has {
				had = append(had, it.Ref)
			}
			switch want := slices.Contains(itemRefs, it.Ref); {
			case want && !has:
				it.ModifierCategories = append(it.ModifierCategories, mcRef)
			case !want && has:
				it.ModifierCategories = slices.DeleteFunc(it.ModifierCategories, func(r string) bool { return r == mcRef })
			}
		}
	}
	return map[string]any{"modifier_category": mcRef, "items": had},
		map[string]any{"modifier_category": mcRef, "items": itemRefs}, nil
}

// Remove takes a category (with its items), an item, a modifier group
// (and its links from items) or a modifier option out of the menu; the
// import then hides it (orders keep its id). An unknown ref is 1404.
func (m *MenuDoc) Remove(kind, ref string) (before any, err error) {
	switch kind {
	case EditCategory:
		if i := slices.IndexFunc(m.Categories, func(x CategoryDoc) bool { return x.Ref == ref }); i >= 0 {
			before = m.Categories[i]
			m.Categories = slices.Delete(m.Categories, i, i+1)
			return before, nil
		}
	case EditItem:
		if ci, ii := m.FindItem(ref); ci >= 0 {
			before = m.Categories[ci].Items[ii]
			m.Categories[ci].Items = slices.Delete(m.Categories[ci].Items, ii, ii+1)
			return before, nil
		}
	case EditModifierCategory:
		if i := slices.IndexFunc(m.ModifierCategories, func(x ModifierCategoryDoc) bool { return x.Ref == ref }); i >= 0 {
			before = m.ModifierCategories[i]
			m.ModifierCategories = slices.Delete(m.ModifierCategories, i, i+1)
			for ci := range m.Categories {
				for ii := range m.Categories[ci].Items {
					it := &m.Categories[ci].Items[ii]
					it.ModifierCategories = slices.DeleteFunc(it.ModifierCategories, func(r string) bool { return r == ref })
				}
			}
			return before, nil
		}
	case EditModifierItem:
		for i := range m.ModifierCategories {
			mc := &m.ModifierCategories[i]
			if j := slices.IndexFunc(mc.Items, func(x ModifierItemDoc) bool { return x.Ref == ref }); j >= 0 {
				before = mc.Items[j]
				mc.Items = slices.Delete(mc.Items, j, j+1)
				return before, nil
			}
		}
	default:
		return nil, platter.Invalid(map[string]string{"kind": "menu.kind"})
	}
	return nil, platter.NotFound()
}

// MenuIDs are the ids of a menu's live items and modifier items by ref.
type MenuIDs struct {
	Items         map[string]int64
	ModifierItems map[string]int64
}
