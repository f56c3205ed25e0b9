package catalog

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
)

// checkShape walks a generically decoded document against the SchemeDoc type
// and reports unknown fields and wrongly typed values with their full paths.
// encoding/json stops at the first such problem and names neither the array
// index nor the unknown field's place, which is useless in a 500-line menu.
func checkShape(raw any) []FieldError {
	var errs []FieldError
	shapeOf(&errs, "", raw, reflect.TypeOf(SchemeDoc{}))
	return errs
}

func shapeOf(errs *[]FieldError, path string, v any, t reflect.Type) {
	if v == nil {
		return // null is the zero value; Validate decides whether that is allowed
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	bad := func(want string) {
		*errs = append(*errs, textProblem(path, "must be "+want))
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("an object")
			return
		}
		shapeStruct(errs, path, obj, t)
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("an object")
			return
		}
		for _, k := range sortedKeys(obj) {
			shapeOf(errs, join(path, k), obj[k], t.Elem())
		}
	case reflect.Slice:
		arr, ok := v.([]any)
		if !ok {
			bad("an array")
			return
		}
		for i, e := range arr {
			shapeOf(errs, idx(path, i), e, t.Elem())
		}
	default:
		if want := scalarMismatch(v, t.Kind()); want != "" {
			bad(want)
		}
	}
}

// scalarMismatch returns what a scalar of kind k must be when v is not it.
func scalarMismatch(v any, k reflect.Kind) string {
	switch k {
	case reflect.String:
		if _, ok := v.(string); !ok {
			return "a string"
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return "true or false"
		}
	case reflect.Int, reflect.Int64:
		n, ok := v.(json.Number)
		if _, err := n.Int64(); !ok || err != nil {
			return "a whole number"
		}
	case reflect.Float64:
		n, ok := v.(json.Number)
		if _, err := n.Float64(); !ok || err != nil {
			return "a number"
		}
	}
	return ""
}

func shapeStruct(errs *[]FieldError, path string, obj map[string]any, t reflect.Type) {
	fields := make(map[string]reflect.Type, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			fields[name] = f.Type
		}
	}
	for _, k := range sortedKeys(obj) {
		ft, ok := fields[k]
		if !ok {
			*errs = append(*errs, textProblem(join(path, k), "unknown field"))
			continue
		}
		shapeOf(errs, join(path, k), obj[k], ft)
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
