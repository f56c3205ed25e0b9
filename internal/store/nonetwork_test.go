package store_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestStoreMakesNoNetworkCalls keeps docs/architecture.md §2's rule checkable: no
// network call (SMTP, geocoder, card provider, HTTP) runs inside a database
// write transaction, where on SQLite the single writer would stall every
// request. Transactions never leave this package and take no callbacks
// from outside it, so it is enough that the store's own code cannot reach
// the network: it imports no network package and, of mail, only
// platter/internal/notify/mail: plain data types (a message, a queued
// message, a listed entry, the statuses) and the Composer, which only
// renders the catalogue's texts into a message (order mails are composed
// inside the transaction that queues them; nothing is sent there). The
// sender and worker live in platter/internal/notify/mailer, which the store
// never imports (TestMailWritersDoNotDependOnTheSender in the mail package
// checks the whole dependency graph).
func TestStoreMakesNoNetworkCalls(t *testing.T) {
	t.Parallel()
	// net/url only parses; every other net package can dial.
	banned := []string{"net", "net/http", "net/smtp", "net/rpc", "crypto/tls", "platter/internal/geo",
		"platter/internal/notify/mailer", "platter/internal/webhooks/sender"}
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
	}
}
