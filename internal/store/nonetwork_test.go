package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestStoreMakesNoNetworkCalls keeps DESIGN.md §2's rule checkable: no
// network call (SMTP, geocoder, card provider, HTTP) runs inside a database
// write transaction, where on SQLite the single writer would stall every
// request. Transactions never leave this package and take no callbacks
// from outside it, so it is enough that the store's own code cannot reach
// the network: it imports no network package and, of notify, only the
// plain data types (a message, a queued message, a listed entry, the
// statuses) and the
// Composer with its Brand, a concrete type whose methods only render the
// catalogue's texts into a message (order mails are composed inside the
// transaction that queues them; nothing is sent there).
func TestStoreMakesNoNetworkCalls(t *testing.T) {
	t.Parallel()
	// net/url only parses; every other net package can dial.
	banned := []string{"net", "net/http", "net/smtp", "net/rpc", "crypto/tls", "platter/internal/geo"}
	notifyOK := map[string]bool{"Message": true, "Queued": true, "Entry": true,
		"StatusSent": true, "StatusOutbox": true, "StatusPending": true, "StatusFailed": true,
		"Composer": true, "Brand": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, b := range banned {
				if path == b || (b != "net" && strings.HasPrefix(path, b+"/")) {
					t.Errorf("%s imports %s: the store must not reach the network", name, path)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "notify" && !notifyOK[sel.Sel.Name] {
					t.Errorf("%s uses notify.%s: the store queues mail, it never sends it", name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}
