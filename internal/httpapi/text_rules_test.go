package httpapi_test

import (
	"reflect"
	"strings"
	"testing"

	"platter/internal/httpapi"
)

// order is a nested request shape of the kind checkout will decode.
type order struct {
	Note  string `json:"order_note" text:"multiline,max=20"`
	Items []struct {
		Title string   `json:"title"`
		Tags  []string `json:"tags"`
	} `json:"items"`
	Address *struct {
		Line1 string `json:"line1"`
	} `json:"delivery_address"`
	Extra  map[string]any `json:"extra"`
	Code   string         `json:"code" text:"max=6"`
	Hidden string         `json:"-"`
	Raw    []byte         `json:"raw"`
}

func TestCheckTextWalksEveryString(t *testing.T) {
	t.Parallel()
	var o order
	o.Note = "two\nlines\tok"
	o.Items = make([]struct {
		Title string   `json:"title"`
		Tags  []string `json:"tags"`
	}, 2)
	o.Items[1].Title = "bad\x00"
	o.Items[0].Tags = []string{"fine", "line\nbreak"}
	o.Address = &struct {
		Line1 string `json:"line1"`
	}{Line1: "x\u2028y"}
	o.Extra = map[string]any{"k": []any{"a\x1b"}, "bad\x7fkey": 1}
	o.Code = "1234567"
	o.Hidden = "\x00 not decoded, not checked"
	o.Raw = []byte{0}
	got := httpapi.CheckText(&o)
	want := map[string]string{
		"items[1].title":         "validation.control_chars",
		"items[0].tags[1]":       "validation.line_break",
		"delivery_address.line1": "validation.line_break",
		"extra.k[0]":             "validation.control_chars",
		"extra.bad\x7fkey":       "validation.control_chars",
		"code":                   "validation.too_long",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	o = order{Note: strings.Repeat("é", 21)}
	if got := httpapi.CheckText(&o); got["order_note"] != "validation.too_long" {
		t.Errorf("a tagged max is not applied: %v", got)
	}
	o = order{Note: "a\r\nb"}
	if got := httpapi.CheckText(&o); got["order_note"] != "validation.control_chars" {
		t.Errorf("CR in a multi-line field: %v", got)
	}
	if got := httpapi.CheckText(&struct{ S string }{strings.Repeat("a", 1000)}); len(got) != 0 {
		t.Errorf("1000 characters are within the default: %v", got)
	}
	if got := httpapi.CheckText(&struct{ S string }{strings.Repeat("a", 1001)}); got["S"] != "validation.too_long" {
		t.Errorf("the default maximum is not applied: %v", got)
	}
}
