package store

import (
	"database/sql"
	"reflect"
	"testing"
	"time"
)

// TestColumnListsCoverTheirRows: each row type's column list names every
// field of the row exactly once, under a distinct column name, so a field
// added to a row but not to its list (or listed twice) fails here rather
// than reading zero.
func TestColumnListsCoverTheirRows(t *testing.T) {
	check(t, "schemes", schemeColumns)
	check(t, "venues", venueColumns)
	check(t, "menus", menuColumns)
	check(t, "categories", categoryColumns)
	check(t, "items", itemColumns)
	check(t, "modifier_categories", modCategoryColumns)
	check(t, "modifier_items", modItemColumns)
	check(t, "promo_codes", promoColumns)
	check(t, "offers", offerColumns)
	check(t, "addresses", addressColumns)
	check(t, "orders", orderColumns)
	check(t, "order_lines", lineColumns)
	check(t, "payments", paymentColumns)
	check(t, "staff_invitations", invitationColumns)
	check(t, "venue_hours", hourColumns)
}

func check[T any](t *testing.T, table string, cs columns[T]) {
	t.Helper()
	var x T
	want := map[uintptr]string{}
	leaves(reflect.ValueOf(&x).Elem(), "", want)
	names := map[string]bool{}
	for i, p := range cs.fields(&x) {
		name := cs[i].name
		if names[name] {
			t.Errorf("%s: column %s listed twice", table, name)
		}
		names[name] = true
		addr := reflect.ValueOf(p).Pointer()
		if _, ok := want[addr]; !ok {
			t.Errorf("%s: column %s is not a field of the row, or shares one", table, name)
		}
		delete(want, addr)
	}
	for _, f := range want {
		t.Errorf("%s: field %s has no column", table, f)
	}
}

// leaves records the address of every field of v, descending into structs
// other than the scannable ones (time.Time, sql.NullTime).
func leaves(v reflect.Value, path string, out map[uintptr]string) {
	for i := range v.NumField() {
		f, name := v.Field(i), path+v.Type().Field(i).Name
		switch f.Interface().(type) {
		case time.Time, sql.NullTime:
			out[f.Addr().Pointer()] = name
			continue
		}
		if f.Kind() == reflect.Struct {
			leaves(f, name+".", out)
			continue
		}
		out[f.Addr().Pointer()] = name
	}
}

func TestColumnsSQL(t *testing.T) {
	cs := columns[menuRow]{
		{"name", func(r *menuRow) any { return &r.Name }},
		{"layout_style", func(r *menuRow) any { return &r.LayoutStyle }},
	}
	for got, want := range map[string]string{
		cs.list(""):      "name, layout_style",
		cs.list("m"):     "m.name, m.layout_style",
		cs.assignments(): "name = ?, layout_style = ?",
		placeholders(3):  "?, ?, ?",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	r := menuRow{Name: "Main", LayoutStyle: 2}
	if got := cs.values(&r); !reflect.DeepEqual(got, []any{"Main", 2}) {
		t.Errorf("values = %v", got)
	}
}
