package platter_test

import (
	"testing"

	"platter/internal/platter"
)

// TestFieldParams: a field's own parameter replaces the shared one of the
// same name for that field only.
func TestFieldParams(t *testing.T) {
	t.Parallel()
	e := &platter.Error{Params: map[string]string{"count": "9", "x": "1",
		platter.FieldParam("a", "count"): "2", platter.FieldParam("b", "count"): "3"}}
	cases := map[string]string{"a": "2", "b": "3", "c": "9"}
	for field, want := range cases {
		p := e.FieldParams(field)
		if p["count"] != want || p["x"] != "1" {
			t.Errorf("%s: %v, want count %s and x 1", field, p, want)
		}
	}
}
