package pricing

import (
	"strconv"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/platter"
)

// MenuIndex finds a menu's live rows by id. Building it reads the whole
// menu, so a caller that prices many baskets against one shared menu builds
// it once per menu (NewMenuIndex) and passes it in Input.Index.
type MenuIndex struct {
	menu       *catalog.Menu
	items      map[int64]*catalog.Item
	modifiers  map[int64]*catalog.ModifierItem
	categories map[int64]*catalog.ModifierCategory
}

// NewMenuIndex indexes m, which must not change afterwards.
func NewMenuIndex(m *catalog.Menu) *MenuIndex {
	ix := &MenuIndex{menu: m, items: map[int64]*catalog.Item{}, modifiers: map[int64]*catalog.ModifierItem{},
		categories: map[int64]*catalog.ModifierCategory{}}
	if m == nil {
		return ix
	}
	for i := range m.Items {
		ix.items[m.Items[i].ID] = &m.Items[i]
	}
	for i := range m.ModifierItems {
		ix.modifiers[m.ModifierItems[i].ID] = &m.ModifierItems[i]
	}
	for i := range m.ModifierCategories {
		ix.categories[m.ModifierCategories[i].ID] = &m.ModifierCategories[i]
	}
	return ix
}

// priceLine prices one line from the live menu and records the first
// reason it cannot be ordered: the item is gone, sold out or not offered
// for the order type; a modifier is gone, sold out or not one of the
// item's; a modifier category's choices fall outside its select_min/max;
// the quantity falls outside the item's select_min/max.
func priceLine(ix *MenuIndex, p Input, i int, in LineInput) Line {
	orderType := p.OrderType
	line := Line{Index: i, ItemID: in.ItemID, Qty: in.Qty}
	it, ok := ix.items[in.ItemID]
	if !ok {
		line.Problem = lineProblem(platter.CodeItemUnavailable, "order.item_gone", nil)
		return line
	}
	line.Title, line.UnitPrice = it.Title, it.Price
	title := map[string]string{"title": it.Title}
	inStock, inHours := it.IsAvailable, !it.OutOfHours
	if !p.At.IsZero() {
		inStock, inHours = it.ServedAt(p.At, p.Venue.Location())
	}
	if !inStock || (len(it.OrderTypes) > 0 && !containsInt(it.OrderTypes, orderType)) {
		line.Problem = lineProblem(platter.CodeItemUnavailable, "order.item_unavailable", title)
	} else if !inHours {
		line.Problem = lineProblem(platter.CodeItemUnavailable, "order.item_out_of_hours",
			map[string]string{"title": it.Title, "hours": catalog.DaypartsText(it.Dayparts)})
	}
	chosen := map[int64]int{} // modifier category → choices
	for _, m := range in.Modifiers {
		mi, ok := ix.modifiers[m.ID]
		if !ok || !containsID(it.ModifierCategoryIDs, mi.ModifierCategoryID) {
			line.setProblem(platter.CodeModifierUnavailable, "order.modifier_gone", title)
			continue
		}
		line.Modifiers = append(line.Modifiers, Modifier{ID: mi.ID, CategoryID: mi.ModifierCategoryID,
			Name: mi.Name, Price: mi.Price, Qty: m.Qty})
		line.UnitPrice += mi.Price * int64(m.Qty)
		chosen[mi.ModifierCategoryID] += m.Qty
		if !mi.IsAvailable && (p.At.IsZero() || mi.SnoozedUntil.IsZero() || p.At.Before(mi.SnoozedUntil)) {
			line.setProblem(platter.CodeModifierUnavailable, "order.modifier_unavailable",
				map[string]string{"title": it.Title, "name": mi.Name})
		}
	}
	for _, id := range it.ModifierCategoryIDs {
		if mc, ok := ix.categories[id]; ok {
			line.checkSelection(it.Title, mc.Name, chosen[id], mc.SelectMin, mc.SelectMax, platter.CodeModifierSelection)
		}
	}
	line.checkSelection(it.Title, "", in.Qty, it.SelectMin, it.SelectMax, platter.CodeItemQuantity)
	line.Total = line.UnitPrice * int64(in.Qty)
	return line
}

// checkSelection refuses a count outside min … max (max 0: no limit).
// category "" is the item's own quantity.
func (l *Line) checkSelection(title, category string, n, lo, hi, code int) {
	params := map[string]string{"title": title, "category": category,
		"min": strconv.Itoa(lo), "max": strconv.Itoa(hi)}
	key := "order.modifier_"
	if category == "" {
		key = "order.quantity_"
	}
	switch {
	case n < lo:
		params[i18n.CountParam] = params["min"]
		l.setProblem(code, key+"min", params)
	case hi > 0 && n > hi:
		params[i18n.CountParam] = params["max"]
		l.setProblem(code, key+"max", params)
	}
}

func (l *Line) setProblem(code int, key string, params map[string]string) {
	if l.Problem == nil {
		l.Problem = lineProblem(code, key, params)
	}
}

func lineProblem(code int, key string, params map[string]string) *platter.Error {
	return &platter.Error{Code: code, Message: key, Params: params}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func containsID(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
