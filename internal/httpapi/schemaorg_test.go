package httpapi_test

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The schema.org vocabulary the venue page's JSON-LD is checked against:
// testdata/schemaorg-subset.json, a subset of schema.org's own release
// file (data/releases/30.0/schemaorg-current-https.jsonld of the
// schemaorg/schemaorg repository; the vocabulary is CC BY-SA 3.0, the
// subset says so) holding the types the JSON-LD uses, their supertypes,
// every property declared for any of them and the data types. Regenerate
// it from a copy of the release file with
//
//	SCHEMAORG_JSONLD=/path/to/schemaorg-current-https.jsonld go test -run TestSchemaOrgSubset ./internal/httpapi/
//
// after adding a type to ldTypes.

const vocabFile = "testdata/schemaorg-subset.json"

// ldTypes are the schema.org types jsonld.go writes (and RestrictedDiet,
// MenuItem.suitableForDiet's range, for when items say it).
var ldTypes = []string{"Restaurant", "PostalAddress", "GeoCoordinates", "OpeningHoursSpecification", "DayOfWeek",
	"Menu", "MenuSection", "MenuItem", "Offer", "OrderAction", "RestrictedDiet"}

type vocabulary struct {
	Source     string                `json:"source"`
	License    string                `json:"license"`
	Classes    map[string]vocabClass `json:"classes"`
	Properties map[string]vocabProp  `json:"properties"`
	Members    map[string]string     `json:"members"` // enumeration member → its type
}

type vocabClass struct {
	Super    []string `json:"super,omitempty"`
	DataType bool     `json:"datatype,omitempty"`
}

type vocabProp struct {
	Domain       []string `json:"domain"` // those among the subset's classes
	Range        []string `json:"range"`
	SupersededBy string   `json:"superseded_by,omitempty"`
}

func loadVocabulary(t *testing.T) *vocabulary {
	t.Helper()
	b, err := os.ReadFile(vocabFile)
	if err != nil {
		t.Fatal(err)
	}
	var v vocabulary
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

// ancestors is c and every type above it.
func (v *vocabulary) ancestors(c string) []string {
	out := []string{c}
	for i := 0; i < len(out); i++ {
		for _, s := range v.Classes[out[i]].Super {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func (v *vocabulary) fits(class string, rng []string) bool {
	for _, a := range v.ancestors(class) {
		if slices.Contains(rng, a) {
			return true
		}
	}
	return false
}

var (
	ldTimeValue = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$`)
	ldDateValue = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$`)
	ldNumber    = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
)

// stringFits reports whether s is a value of one of the data types or
// enumerations in rng.
func (v *vocabulary) stringFits(s string, rng []string) bool {
	if m, ok := strings.CutPrefix(s, "https://schema.org/"); ok {
		if typ, ok := v.Members[m]; ok && v.fits(typ, rng) {
			return true
		}
	}
	for _, r := range rng {
		switch r {
		case "Text":
			return true
		case "URL":
			if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
				return true
			}
		case "Time":
			if ldTimeValue.MatchString(s) {
				return true
			}
		case "Date":
			if ldDateValue.MatchString(s) {
				return true
			}
		case "Number":
			if ldNumber.MatchString(s) {
				return true
			}
		}
	}
	return false
}

// checkLD walks a JSON-LD node: every type is a schema.org type, every
// property is declared for the node's type or a supertype and is not
// superseded, and every value is of the property's range.
func (v *vocabulary) checkLD(t *testing.T, node map[string]any, at string) {
	t.Helper()
	typ, _ := node["@type"].(string)
	if c, ok := v.Classes[typ]; !ok || c.DataType {
		t.Errorf("%s: @type %q is not a schema.org type", at, typ)
		return
	}
	for key, val := range node {
		if strings.HasPrefix(key, "@") {
			continue
		}
		p, ok := v.Properties[key]
		if !ok {
			t.Errorf("%s.%s: not a property of %s or its supertypes %v", at, key, typ, v.ancestors(typ))
			continue
		}
		if p.SupersededBy != "" {
			t.Errorf("%s.%s: superseded by %s", at, key, p.SupersededBy)
		}
		if !slices.ContainsFunc(v.ancestors(typ), func(a string) bool { return slices.Contains(p.Domain, a) }) {
			t.Errorf("%s.%s: declared for %v, not for %s or a supertype", at, key, p.Domain, typ)
		}
		vals, isList := val.([]any)
		if !isList {
			vals = []any{val}
		}
		for _, x := range vals {
			switch x := x.(type) {
			case map[string]any:
				sub, _ := x["@type"].(string)
				if !v.fits(sub, p.Range) {
					t.Errorf("%s.%s: a %s, not of %v", at, key, sub, p.Range)
				}
				v.checkLD(t, x, at+"."+key)
			case string:
				if !v.stringFits(x, p.Range) {
					t.Errorf("%s.%s: %q is not of %v", at, key, x, p.Range)
				}
			case float64:
				if !slices.ContainsFunc(p.Range, func(r string) bool { return v.fits(r, []string{"Number"}) }) {
					t.Errorf("%s.%s: a number, not of %v", at, key, p.Range)
				}
			default:
				t.Errorf("%s.%s: unexpected value %v", at, key, x)
			}
		}
	}
}

// TestSchemaOrgSubset regenerates testdata/schemaorg-subset.json from
// schema.org's release file named by SCHEMAORG_JSONLD (skipped without).
func TestSchemaOrgSubset(t *testing.T) {
	src := os.Getenv("SCHEMAORG_JSONLD")
	if src == "" {
		t.Skip("set SCHEMAORG_JSONLD to a schemaorg-current-https.jsonld to regenerate " + vocabFile)
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var release struct {
		Graph []map[string]any `json:"@graph"`
	}
	if err := json.Unmarshal(b, &release); err != nil {
		t.Fatal(err)
	}
	ids := func(v any) []string {
		var out []string
		list, ok := v.([]any)
		if !ok && v != nil {
			list = []any{v}
		}
		for _, x := range list {
			if m, ok := x.(map[string]any); ok {
				if id, ok := strings.CutPrefix(m["@id"].(string), "schema:"); ok {
					out = append(out, id)
				}
			}
		}
		sort.Strings(out)
		return out
	}
	types := func(n map[string]any) []string {
		switch t := n["@type"].(type) {
		case string:
			return []string{t}
		case []any:
			var out []string
			for _, x := range t {
				out = append(out, x.(string))
			}
			return out
		}
		return nil
	}
	nodes := map[string]map[string]any{}
	for _, n := range release.Graph {
		if id, ok := strings.CutPrefix(n["@id"].(string), "schema:"); ok {
			nodes[id] = n
		}
	}
	voc := vocabulary{
		Source: "schema.org release 30.0: data/releases/30.0/schemaorg-current-https.jsonld of github.com/schemaorg/schemaorg",
		License: "The schema.org vocabulary, CC BY-SA 3.0 (https://schema.org/docs/terms.html). A subset of it: the types " +
			"Platter's JSON-LD uses, their supertypes, the properties declared for them (domains among these types only) " +
			"and the data types; generated by TestSchemaOrgSubset (internal/httpapi/schemaorg_test.go).",
		Classes: map[string]vocabClass{}, Properties: map[string]vocabProp{}, Members: map[string]string{},
	}
	var add func(c string)
	add = func(c string) {
		if _, ok := voc.Classes[c]; ok {
			return
		}
		n := nodes[c]
		if n == nil {
			t.Fatalf("no type %s", c)
		}
		voc.Classes[c] = vocabClass{Super: ids(n["rdfs:subClassOf"]), DataType: slices.Contains(types(n), "schema:DataType")}
		for _, s := range voc.Classes[c].Super {
			add(s)
		}
	}
	for _, c := range ldTypes {
		add(c)
	}
	for id, n := range nodes { // the data types and their subtypes (URL is a Text)
		if slices.Contains(types(n), "schema:DataType") {
			add(id)
		}
	}
	for id, n := range nodes {
		for _, s := range ids(n["rdfs:subClassOf"]) {
			if voc.Classes[s].DataType {
				add(id)
				voc.Classes[id] = vocabClass{Super: ids(n["rdfs:subClassOf"]), DataType: true}
			}
		}
	}
	for id, n := range nodes {
		for _, typ := range types(n) {
			if c, ok := strings.CutPrefix(typ, "schema:"); ok && slices.Contains([]string{"DayOfWeek", "RestrictedDiet"}, c) {
				voc.Members[id] = c
			}
		}
		if !slices.Contains(types(n), "rdf:Property") {
			continue
		}
		var domain []string
		for _, d := range ids(n["schema:domainIncludes"]) {
			if _, ok := voc.Classes[d]; ok {
				domain = append(domain, d)
			}
		}
		if len(domain) == 0 {
			continue
		}
		p := vocabProp{Domain: domain, Range: ids(n["schema:rangeIncludes"])}
		if s := ids(n["schema:supersededBy"]); len(s) > 0 {
			p.SupersededBy = s[0]
		}
		voc.Properties[id] = p
	}
	out, err := json.MarshalIndent(voc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(vocabFile, append(out, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
