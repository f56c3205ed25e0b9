package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

func TestUserCommandAndDemoStaff(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errOut syncBuffer
		err := run(ctx, args, testEnv(dir), &out, &errOut)
		return out.String(), err
	}
	out, err := cmd("demo")
	if err != nil || !strings.Contains(out, "manager@demo.test") || !strings.Contains(out, "Platter-demo-1") {
		t.Fatalf("demo: %v\n%s", err, out)
	}
	if out, err = cmd("demo"); err != nil || !strings.Contains(out, "already manager of demo-pierogi") {
		t.Fatalf("demo again: %v\n%s", err, out)
	}
	out, err = cmd("user", "add", "--email", "Pat@Example.test", "--password", "Staff-pass-1", "--role", "staff",
		"--scheme", "demo-burgers", "--venue", "soho")
	if err != nil || strings.TrimSpace(out) != "created user pat@example.test; staff of demo-burgers/soho added" {
		t.Fatalf("user add: %v %q", err, out)
	}
	var usage usageError
	if _, err := cmd("user", "add", "--email", "x", "--role", "chef"); !errors.As(err, &usage) ||
		!strings.Contains(err.Error(), "--role") || !strings.Contains(err.Error(), "--email") {
		t.Errorf("bad flags: %v", err)
	}
	if _, err := cmd("user", "add", "--email", "new@example.test", "--role", "staff", "--scheme", "demo-burgers"); err == nil ||
		!strings.Contains(err.Error(), "needs a password") {
		t.Errorf("new user without a password: %v", err)
	}
	if _, err := cmd("user", "add", "--email", "pat@example.test", "--role", "staff", "--scheme", "nowhere"); err == nil {
		t.Error("unknown scheme accepted")
	}
	// A platform admin has no scheme; nobody else may lack one.
	out, err = cmd("user", "add", "--email", "Root@Example.test", "--password", "Admin-pass-1", "--role", "admin")
	if err != nil || strings.TrimSpace(out) != "created user root@example.test; platform admin added" {
		t.Fatalf("platform admin: %v %q", err, out)
	}
	if out, err = cmd("user", "add", "--email", "root@example.test", "--role", "admin"); err != nil ||
		strings.TrimSpace(out) != "updated user root@example.test; already a platform admin" {
		t.Errorf("platform admin again: %v %q", err, out)
	}
	if _, err := cmd("user", "add", "--email", "s@example.test", "--password", "Staff-pass-1", "--role", "staff"); !errors.As(err, &usage) ||
		!strings.Contains(err.Error(), "--scheme") {
		t.Errorf("staff without a scheme: %v", err)
	}
	if _, err := cmd("user"); !errors.As(err, &usage) {
		t.Errorf("bare user: %v", err)
	}
}

// TestUserListAndRemoveBinary runs the built binary: `platter user list`
// prints every membership (or one scheme's), `platter user remove`
// withdraws one venue's membership, then the rest, and revokes the user's
// sessions at that scheme at once while those at another scheme live on;
// bad flags exit 2, an unknown membership 1. On SQLite and PostgreSQL.
func TestUserListAndRemoveBinary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := platterBinary(t)
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			dbURL := databaseURL(t, dialect)
			platter := func(wantCode int, args ...string) string {
				t.Helper()
				cmd := exec.Command(bin, args...)
				cmd.Env = append(os.Environ(), "PLATTER_DATABASE_URL="+dbURL)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				code := 0
				var exit *exec.ExitError
				if errors.As(err, &exit) {
					code = exit.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}
				if code != wantCode {
					t.Fatalf("platter %v: exit %d, want %d\n%s%s", args, code, wantCode, stdout.String(), stderr.String())
				}
				return stdout.String() + stderr.String()
			}
			platter(0, "demo")
			for _, venue := range []string{"soho", "shoreditch"} {
				platter(0, "user", "add", "--email", "pat@example.test", "--password", "Staff-pass-1", "--role", "staff",
					"--scheme", "demo-burgers", "--venue", venue)
			}
			platter(0, "user", "add", "--email", "pat@example.test", "--role", "driver", "--scheme", "demo-pierogi")

			all := platter(0, "user", "list")
			for _, want := range []*regexp.Regexp{
				regexp.MustCompile(`(?m)^demo-burgers +manager@demo\.test +manager +- +\d{4}-`),
				regexp.MustCompile(`(?m)^demo-burgers +pat@example\.test +staff +shoreditch `),
				regexp.MustCompile(`(?m)^demo-burgers +pat@example\.test +staff +soho `),
				regexp.MustCompile(`(?m)^demo-pierogi +pat@example\.test +driver +- `),
			} {
				if !want.MatchString(all) {
					t.Errorf("user list lacks %s:\n%s", want, all)
				}
			}
			if one := platter(0, "user", "list", "--scheme", "demo-pierogi"); strings.Contains(one, "demo-burgers") ||
				!strings.Contains(one, "pat@example.test") {
				t.Errorf("user list --scheme demo-pierogi:\n%s", one)
			}
			platter(1, "user", "list", "--scheme", "nowhere")

			db, err := store.Open(context.Background(), dbURL)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			ctx, now := context.Background(), time.Now()
			users, err := db.SignInCandidates(ctx, schemeID(t, db, "demo-burgers"), "pat@example.test")
			if err != nil || len(users) != 1 {
				t.Fatalf("pat: %v %v", users, err)
			}
			for hash, slug := range map[string]string{"burgers-token": "demo-burgers", "pierogi-token": "demo-pierogi"} {
				if err := db.CreateSession(ctx, users[0].ID, schemeID(t, db, slug), hash, now); err != nil {
					t.Fatal(err)
				}
			}

			out := platter(0, "user", "remove", "--email", "Pat@Example.test", "--scheme", "demo-burgers", "--venue", "soho")
			if !strings.Contains(out, "removed staff of demo-burgers/soho from pat@example.test") {
				t.Errorf("remove soho: %s", out)
			}
			if _, err := db.Session(ctx, "burgers-token", now); err == nil {
				t.Error("the burgers session outlived the removal")
			}
			s, err := db.Session(ctx, "pierogi-token", now)
			if err != nil || len(s.Memberships) != 1 {
				t.Errorf("the pierogi session: %+v %v", s, err)
			}
			if all := platter(0, "user", "list", "--scheme", "demo-burgers"); strings.Contains(all, "soho") ||
				!strings.Contains(all, "shoreditch") {
				t.Errorf("after removing soho:\n%s", all)
			}
			platter(1, "user", "remove", "--email", "pat@example.test", "--scheme", "demo-burgers", "--role", "driver")
			platter(0, "user", "remove", "--email", "pat@example.test", "--scheme", "demo-burgers")
			if all := platter(0, "user", "list", "--scheme", "demo-burgers"); strings.Contains(all, "pat@") {
				t.Errorf("after removing pat:\n%s", all)
			}
			if out := platter(2, "user", "remove", "--email", "nope", "--role", "chef"); !strings.Contains(out, "--scheme") ||
				!strings.Contains(out, "--email") || !strings.Contains(out, "--role") {
				t.Errorf("bad flags: %s", out)
			}
			platter(2, "user", "rename")
		})
	}
}

func schemeID(t *testing.T, db *store.DB, slug string) int64 {
	t.Helper()
	sc, err := db.SchemeBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return sc.ID
}
