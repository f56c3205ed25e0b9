package catalog_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"platter/internal/catalog"
	"platter/internal/i18n"
)

// TestEveryDocumentProblemHasAMessage: every problem text a check of the
// document can give (the format of each p.add and p.check in this package)
// has an i18n key, and each key is said in every language, so an import's
// problems reach a Polish manager in Polish.
func TestEveryDocumentProblemHasAMessage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fs := token.NewFileSet()
	formats := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fs, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			at := map[string]int{"add": 1, "check": 2}[selName(sel, ok)]
			if at == 0 || len(call.Args) <= at {
				return true
			}
			lit, ok := call.Args[at].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true // add's own call to problemAt passes its format on
			}
			format, _ := strconv.Unquote(lit.Value)
			formats++
			if _, ok := catalog.DocMessageKey(format); !ok {
				t.Errorf("%s: %q has no message key (messages.go)", fs.Position(lit.Pos()), format)
			}
			return true
		})
	}
	if formats < 50 {
		t.Fatalf("found only %d problem formats", formats)
	}
	c := i18n.MustLoad()
	for _, key := range catalog.DocMessageKeys() {
		for _, lang := range i18n.Languages {
			if got := c.T(lang, key, map[string]string{"count": "2"}); got == key {
				t.Errorf("%s has no %s", lang, key)
			}
		}
	}
}

func selName(sel *ast.SelectorExpr, ok bool) string {
	if !ok {
		return ""
	}
	return sel.Sel.Name
}
