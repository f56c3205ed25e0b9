package httpapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// errorCodes reads the Code* constants of internal/platter/error.go by
// parsing it, so the list is never kept twice: name → number.
func errorCodes(t *testing.T) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../platter/error.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]int{}
	byNumber := map[int]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "Code") {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.INT {
					t.Fatalf("%s is not a plain number", name.Name)
				}
				n, _ := strconv.Atoi(lit.Value)
				if other, dup := byNumber[n]; dup {
					t.Errorf("%s and %s are both %d", other, name.Name, n)
				}
				codes[name.Name], byNumber[n] = n, name.Name
			}
		}
	}
	if len(codes) < 10 {
		t.Fatalf("only %d codes found in error.go", len(codes))
	}
	return codes
}

type docCode struct {
	line   int
	status int // 0: the row gives none
}

var fourDigits = regexp.MustCompile(`^[0-9]{4}$`)

// docCodes reads every row of the tables of docs/errors.md whose first
// column is "code": the code, and its HTTP status where the table has an
// HTTP column. A row of such a table that is not one code is an error.
func docCodes(t *testing.T) map[int][]docCode {
	t.Helper()
	b, err := os.ReadFile("../../docs/errors.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[int][]docCode{}
	inCodes, httpCol := false, -1
	for i, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "|") {
			inCodes = false
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		switch {
		case strings.HasPrefix(cells[0], "---"):
			continue
		case cells[0] == "code":
			inCodes, httpCol = true, -1
			for j, c := range cells {
				if c == "HTTP" {
					httpCol = j
				}
			}
			continue
		case !inCodes:
			continue
		}
		if !fourDigits.MatchString(cells[0]) {
			t.Errorf("docs/errors.md:%d: %q is not one code", i+1, cells[0])
			continue
		}
		n, _ := strconv.Atoi(cells[0])
		dc := docCode{line: i + 1}
		if httpCol >= 0 && httpCol < len(cells) {
			dc.status, err = strconv.Atoi(cells[httpCol])
			if err != nil {
				t.Errorf("docs/errors.md:%d: HTTP %q is not a status", i+1, cells[httpCol])
			}
		}
		out[n] = append(out[n], dc)
	}
	return out
}

// TestErrorsDocListsEveryCode: docs/errors.md lists exactly the constants
// of platter/error.go (no more, no less, the same numbers, each once), and
// the HTTP status it gives each is the one statusOf answers with.
func TestErrorsDocListsEveryCode(t *testing.T) {
	t.Parallel()
	codes := errorCodes(t)
	doc := docCodes(t)
	known := map[int]bool{}
	for name, n := range codes {
		known[n] = true
		if st := statusOf(n); st == http.StatusInternalServerError && name != "CodeInternal" {
			t.Errorf("%s (%d) has no HTTP status in statusOf", name, n)
		}
		rows := doc[n]
		switch {
		case len(rows) == 0:
			t.Errorf("%s (%d) is not in docs/errors.md", name, n)
			continue
		case len(rows) > 1:
			t.Errorf("%s (%d) is listed %d times in docs/errors.md", name, n, len(rows))
		}
		for _, r := range rows {
			if r.status == 0 {
				t.Errorf("docs/errors.md:%d: %d gives no HTTP status", r.line, n)
			} else if r.status != statusOf(n) {
				t.Errorf("docs/errors.md:%d: %d is HTTP %d, the server answers %d", r.line, n, r.status, statusOf(n))
			}
		}
	}
	for n, rows := range doc {
		if !known[n] {
			t.Errorf("docs/errors.md:%d: %d is not a constant of platter/error.go", rows[0].line, n)
		}
	}
}

// TestNoCodeLiteralsOutsidePlatter: an error code is written as its
// constant everywhere but platter/error.go: no Code: 1404, no
// Errorf(1000, …), no ErrorCode(err) == 3105, no const CodeX = 4001 of a
// package's own.
func TestNoCodeLiteralsOutsidePlatter(t *testing.T) {
	t.Parallel()
	numbers := map[string]bool{}
	for _, n := range errorCodes(t) {
		numbers[strconv.Itoa(n)] = true
	}
	isCode := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		return ok && lit.Kind == token.INT && numbers[lit.Value]
	}
	codeLike := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			return x.Sel.Name == "Code"
		case *ast.CallExpr:
			if s, ok := x.Fun.(*ast.SelectorExpr); ok {
				return s.Sel.Name == "ErrorCode"
			}
			if id, ok := x.Fun.(*ast.Ident); ok {
				return id.Name == "ErrorCode"
			}
		}
		return false
	}
	fset := token.NewFileSet()
	check := func(path string) {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			bad := false
			switch x := n.(type) {
			case *ast.KeyValueExpr:
				k, ok := x.Key.(*ast.Ident)
				bad = ok && k.Name == "Code" && isCode(x.Value)
			case *ast.CallExpr:
				s, ok := x.Fun.(*ast.SelectorExpr)
				bad = ok && s.Sel.Name == "Errorf" && len(x.Args) > 0 && isCode(x.Args[0])
			case *ast.BinaryExpr:
				bad = (codeLike(x.X) && isCode(x.Y)) || (codeLike(x.Y) && isCode(x.X))
			case *ast.ValueSpec:
				for i, name := range x.Names {
					bad = bad || strings.HasPrefix(name.Name, "Code") && i < len(x.Values) && isCode(x.Values[i])
				}
			case *ast.CaseClause:
				for _, e := range x.List {
					bad = bad || isCode(e)
				}
			}
			if bad {
				t.Errorf("%s: an error code written as a number: use its platter.Code… constant", fset.Position(n.Pos()))
			}
			return true
		})
	}
	for _, root := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && (d.Name() == "testdata" || path == filepath.Join("..", "..", "internal", "platter")):
				return filepath.SkipDir
			case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
				return nil
			}
			check(path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
