package httpapi

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"reflect"
	"testing"
	"unicode"
	"unicode/utf8"

	"platter/internal/platter"
)

// FuzzEnvelope feeds any body to the v3 envelope reader and the checkout's
// decoder (the largest input a stranger can send): neither panics; every
// refusal is a platter.Error whose code answers 4xx; and whatever is
// accepted holds only clean text (no control characters but a note's line
// breaks and tabs, no carriage return, at most 10,000 characters), found by
// a walk of its own rather than by the checker under test.
func FuzzEnvelope(f *testing.F) {
	f.Add([]byte(`{"data":{"business_slug":"demo-burgers","venue_slug":"soho","items":[{"item_id":1,"qty":2,"modifiers":[{"modifier_item_id":3}]}],"order_note":"no onions\nthanks"}}`))
	f.Add([]byte(`{"filter":{"x":1},"data":{"first_name":"Zo\u0000e","delivery_address":{"note":"\r"}}}`))
	f.Add([]byte(`{"data":{"items":[{"qty":"two"}]}}`))
	f.Add([]byte(`{"data":null}`))
	f.Add([]byte(`[1,2`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/api/v3/orders/prepare", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		req, err := readRequest(httptest.NewRecorder(), r)
		if err != nil {
			refused(t, err)
			return
		}
		var in checkoutInput
		if err := decode(req.Data, &in); err != nil {
			refused(t, err)
			return
		}
		clean(t, reflect.ValueOf(in), "data")
	})
}

func refused(t *testing.T, err error) {
	t.Helper()
	var pe *platter.Error
	if !errors.As(err, &pe) {
		t.Fatalf("refused with %T %v, not an envelope error", err, err)
	}
	if s := statusOf(pe.Code); s < 400 || s > 499 {
		t.Fatalf("refused with code %d answering %d: %v", pe.Code, s, err)
	}
}

func clean(t *testing.T, v reflect.Value, path string) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			clean(t, v.Elem(), path)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			clean(t, v.Field(i), path+"."+v.Type().Field(i).Name)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			clean(t, v.Index(i), path)
		}
	case reflect.String:
		s := v.String()
		if utf8.RuneCountInString(s) > maxMultiRunes {
			t.Fatalf("%s accepted with %d characters", path, utf8.RuneCountInString(s))
		}
		for _, c := range s {
			if c == '\r' || (unicode.IsControl(c) && c != '\n' && c != '\t') {
				t.Fatalf("%s accepted with control character %U: %q", path, c, s)
			}
		}
	}
}
