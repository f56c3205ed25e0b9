package mail_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestMailWritersDoNotDependOnTheSender keeps the split between writing
// mail and sending it: the account service and the store queue messages
// (this package's types and templates) in the transaction of the change
// that causes them; only the binary's wiring reaches the SMTP sender and
// the outbox worker (platter/internal/notify/mailer). `go list` reports
// every package each of them depends on, directly or not.
func TestMailWritersDoNotDependOnTheSender(t *testing.T) {
	t.Parallel()
	writers := []string{"platter/internal/notify/mail", "platter/internal/account", "platter/internal/store"}
	banned := []string{"platter/internal/notify/mailer", "net/smtp"}
	deps := goListDeps(t, writers...)
	for _, w := range writers {
		d, ok := deps[w]
		if !ok {
			t.Fatalf("go list did not report %s", w)
		}
		if !d["platter/internal/i18n"] && w == "platter/internal/notify/mail" {
			t.Errorf("%s does not depend on the i18n catalogue: is go list answering?", w)
		}
		for _, b := range banned {
			if d[b] {
				t.Errorf("%s depends on %s: it may only write mail (platter/internal/notify/mail), never send it", w, b)
			}
		}
	}
}

// goListDeps maps each package to the set of its dependencies.
func goListDeps(t *testing.T, pkgs ...string) map[string]map[string]bool {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to read the import graph: %v", err)
	}
	args := append([]string{"list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}"}, pkgs...)
	out, err := exec.Command(goBin, args...).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	deps := map[string]map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		set := map[string]bool{}
		for _, d := range f[1:] {
			set[d] = true
		}
		deps[f[0]] = set
	}
	return deps
}
