package main

import (
	"context"
	"errors"
	"strings"
	"testing"
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
	if _, err := cmd("user"); !errors.As(err, &usage) {
		t.Errorf("bare user: %v", err)
	}
}
