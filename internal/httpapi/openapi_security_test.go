package httpapi_test

import (
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"platter/internal/httpapi"
)

// TestSpecSecurityMatchesRouteTable holds api/openapi.yaml to the route
// table, both ways, so an integrator reads who may call what from the
// contract: every route is an operation with the table's method; an
// anyone route declares `security: []`, every other one the bearer token
// alone; its x-platter-access is the table's "access/scope"; and every
// operation in the file is a route. The file declares no document-wide
// security, so an operation that leaves it out fails here.
func TestSpecSecurityMatchesRouteTable(t *testing.T) {
	t.Parallel()
	doc, err := spec()
	if err != nil {
		t.Fatal(err)
	}
	if doc.Security != nil {
		t.Errorf("api/openapi.yaml declares document-wide security %v: each operation declares its own", doc.Security)
	}
	if s := doc.Components.SecuritySchemes["bearer"]; s == nil || s.Value.Type != "http" || s.Value.Scheme != "bearer" {
		t.Fatalf("components.securitySchemes.bearer is not HTTP bearer: %+v", s)
	}
	api := httpapi.New(httpapi.Options{})
	perms, methods := api.Permissions(), api.Methods()
	paths := make([]string, 0, len(perms))
	for p := range perms {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		item := doc.Paths.Value("/" + p)
		if item == nil {
			t.Errorf("%s (%s) is in the route table but not in api/openapi.yaml", p, perms[p])
			continue
		}
		ops := item.Operations()
		// A raw route may answer several methods (a printer's URL: "GET
		// POST DELETE"): each is an operation of its own, held alike.
		want := strings.Fields(methods[p])
		if len(ops) != len(want) {
			t.Errorf("%s: api/openapi.yaml has %d operations (%v), want %v", p, len(ops), keys(ops), want)
			continue
		}
		for _, m := range want {
			if op := ops[m]; op == nil {
				t.Errorf("%s: api/openapi.yaml has no %s (it has %v)", p, m, keys(ops))
			} else {
				checkSecurity(t, p, perms[p], op)
			}
		}
	}
	for path, item := range doc.Paths.Map() {
		p := strings.TrimPrefix(path, "/")
		for m := range item.Operations() {
			if !slices.Contains(strings.Fields(methods[p]), m) {
				t.Errorf("api/openapi.yaml has %s %s, which is no route (the table has %q)", m, path, methods[p])
			}
		}
	}
}

// checkSecurity holds one operation to its route's row: x-platter-access
// is the row, security is none for an anyone route, the bearer token alone
// otherwise.
func checkSecurity(t *testing.T, p, perm string, op *openapi3.Operation) {
	t.Helper()
	if got, _ := op.Extensions["x-platter-access"].(string); got != perm {
		t.Errorf("%s: x-platter-access %q, the route table says %q", p, got, perm)
	}
	var got []string
	if op.Security != nil {
		for _, req := range *op.Security {
			for name, scopes := range req {
				got = append(got, name+"["+strings.Join(scopes, ",")+"]")
			}
		}
	}
	want := []string{"bearer[]"}
	if strings.HasPrefix(perm, "anyone/") {
		want = []string{}
	}
	if op.Security == nil || strings.Join(got, " ") != strings.Join(want, " ") || len(got) != len(want) {
		t.Errorf("%s (%s): security %v, want %v", p, perm, describe(op.Security != nil, got), want)
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func describe(declared bool, got []string) any {
	if !declared {
		return "(not declared)"
	}
	return got
}

// Methods is POST for envelope calls and a raw route's own method.
func TestRouteMethods(t *testing.T) {
	t.Parallel()
	m := httpapi.New(httpapi.Options{}).Methods()
	for p, want := range map[string]string{"menu/list": http.MethodPost, "orders/stream": http.MethodGet,
		"payments/webhook/stripe": http.MethodPost, "upload/photo": http.MethodGet} {
		if m[p] != want {
			t.Errorf("%s: %q, want %q", p, m[p], want)
		}
	}
}

// TestSpecOperationsTagged keeps the reference at /api/docs navigable: every
// operation is under exactly one of the tags the file declares (with a
// description), so a new call shows up in its area's group.
func TestSpecOperationsTagged(t *testing.T) {
	t.Parallel()
	doc, err := spec()
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, tag := range doc.Tags {
		if tag.Description == "" {
			t.Errorf("tag %q has no description", tag.Name)
		}
		declared[tag.Name] = true
	}
	for path, item := range doc.Paths.Map() {
		for m, op := range item.Operations() {
			if len(op.Tags) != 1 || !declared[op.Tags[0]] {
				t.Errorf("%s %s: tags %v, want one of %v (the top-level tags of api/openapi.yaml)", m, path, op.Tags, keys(declared))
			}
		}
	}
}
