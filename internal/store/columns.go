package store

import (
	"context"
	"reflect"
	"strings"
)

// A table's columns are listed once, each name beside the field of a row
// struct it is scanned into and written from; every SELECT, INSERT, UPDATE
// and Scan of that row is built from that one list. A column is thus
// matched with its field by name, on one line, never by its position in two
// lists kept apart (which a new column silently shifts).
//
// Only names written in this package go into a list, never input, so
// building SQL from them is safe. The SQL stays portable: plain column
// lists and ? placeholders, rewritten per dialect as every query is.

// column is one column of a table and the field of T that holds it.
type column[T any] struct {
	name  string
	field func(*T) any // a pointer to the field, for Scan
}

// columns is the column list of one row type, in SELECT order.
type columns[T any] []column[T]

// names returns the column names in order.
func (cs columns[T]) names() []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.name
	}
	return out
}

// list joins the names for a SELECT or INSERT, each prefixed with alias and
// a dot when alias is not empty ("v.id, v.slug").
func (cs columns[T]) list(alias string) string {
	if alias == "" {
		return strings.Join(cs.names(), ", ")
	}
	return alias + "." + strings.Join(cs.names(), ", "+alias+".")
}

// assignments is "a = ?, b = ?, …" for an UPDATE, in column order.
func (cs columns[T]) assignments() string {
	return strings.Join(cs.names(), " = ?, ") + " = ?"
}

// fields returns pointers to x's fields in column order (Scan's arguments).
func (cs columns[T]) fields(x *T) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		out[i] = c.field(x)
	}
	return out
}

// values returns x's fields' values in column order (INSERT and UPDATE
// arguments).
func (cs columns[T]) values(x *T) []any { return values(cs.fields(x)) }

// scan reads into x one row selected with list.
func (cs columns[T]) scan(r scanner, x *T) error { return r.Scan(cs.fields(x)...) }

// part lifts the columns of one part of a larger row (a field of it, such
// as the columns an import document decides) to the whole row, so the
// part's list serves both the part and the whole.
func part[W, P any](cs columns[P], of func(*W) *P) columns[W] {
	out := make(columns[W], len(cs))
	for i, c := range cs {
		field := c.field
		out[i] = column[W]{c.name, func(w *W) any { return field(of(w)) }}
	}
	return out
}

// join concatenates column lists of one row type.
func join[T any](lists ...columns[T]) columns[T] {
	var out columns[T]
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// selectRows runs query, which selects cols, and converts each row read
// into a record with to.
func selectRows[R, T any](ctx context.Context, c conn, cols columns[R], to func(*R) (T, error),
	query string, args ...any) ([]T, error) {
	return scanAll(ctx, c, func(r scanner, x *T) error {
		var rec R
		if err := cols.scan(r, &rec); err != nil {
			return err
		}
		v, err := to(&rec)
		*x = v
		return err
	}, query, args...)
}

// placeholders is "?, ?, …" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// values dereferences the field pointers fields returns.
func values(ptrs []any) []any {
	out := make([]any, len(ptrs))
	for i, p := range ptrs {
		out[i] = reflect.ValueOf(p).Elem().Interface()
	}
	return out
}
