package httpapi

import (
	"maps"
	"reflect"
	"strings"
	"testing"
)

// TestTextPlanMatchesWalk: the plan a flat struct's strings are checked by
// (worked out once per type) finds exactly what the reflective walk finds,
// field by field, for each rule a tag can set; a type with a nested field
// has no plan and is walked.
func TestTextPlanMatchesWalk(t *testing.T) {
	type flat struct {
		Name     string  `json:"name"`
		Note     string  `json:"note" text:"multiline"`
		Code     string  `json:"code" text:"max=4"`
		Opt      *string `json:"opt"`
		Count    int     `json:"count"`
		On       bool    `json:"on"`
		Untagged string
		Skipped  string `json:"-"`
		hidden   string
	}
	if planOf(reflect.TypeOf(flat{})) == nil {
		t.Fatal("a flat struct has no plan")
	}
	type nested struct {
		Items []struct {
			Note string `json:"note"`
		} `json:"items"`
	}
	if planOf(reflect.TypeOf(nested{})) != nil {
		t.Fatal("a struct with a slice of structs got a plan")
	}
	str := func(s string) *string { return &s }
	for _, v := range []flat{
		{},
		{Name: "Anna", Note: "Ring twice,\n\tthen wait", Code: "ab12", Opt: str("x"), Untagged: "ok", Count: 3},
		{Name: "An\u0000na", Note: "Ring\r\ntwice", Code: "abcde", Opt: str("a\nb"), Untagged: "a\u001bb"},
		{Name: "a\u2028b", Note: strings.Repeat("n", 10001), Skipped: "\u0000", hidden: "\u0000"},
		{Name: strings.Repeat("é", 1001), Note: "tab\tok", Opt: str("")},
	} {
		bad := map[string]string{}
		walkText(reflect.ValueOf(&v), "", textRule{max: maxLineRunes}, bad)
		got := checkText(&v)
		if len(got) == 0 && len(bad) == 0 {
			continue
		}
		if !maps.Equal(got, bad) {
			t.Errorf("%+v: plan %v, walk %v", v, got, bad)
		}
	}
}
