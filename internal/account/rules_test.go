package account_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/platter"
)

func TestNormalizeEmail(t *testing.T) {
	for in, want := range map[string]string{
		"kate@example.com":        "kate@example.com",
		"  Kate@Example.COM ":     "kate@example.com",
		"\u212aate@example.com":   "kate@example.com", // Kelvin sign
		"\uff4bate@example.com":   "kate@example.com", // fullwidth k
		"stra\u00dfe@example.com": "strasse@example.com",
		"ZAŻÓŁĆ@example.pl":       "zażółć@example.pl",
		"e\u0301@example.com":     "\u00e9@example.com", // composed
	} {
		if got := account.NormalizeEmail(in); got != want {
			t.Errorf("NormalizeEmail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSignInDelay(t *testing.T) {
	free := account.SignInFreeFailures
	for failures, want := range map[int]time.Duration{
		0: 0, free - 1: 0, free: time.Second, free + 1: 2 * time.Second, free + 5: 32 * time.Second,
		free + 10: account.SignInMaxDelay, free + 1000: account.SignInMaxDelay,
	} {
		if got := account.SignInDelay(failures); got != want {
			t.Errorf("SignInDelay(%d) = %v, want %v", failures, got, want)
		}
	}
}

func TestGate(t *testing.T) {
	g := account.NewGate(2, 20*time.Millisecond)
	ctx := context.Background()
	a, err := g.Enter(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Enter(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Hash(ctx, "Secret-123")
	var pe *platter.Error
	if platter.ErrorCode(err) != platter.CodeUnavailable {
		t.Fatalf("a full gate: %v", err)
	} else if pe = platter.AsError(err); pe.Params["retry_after"] != "1" {
		t.Errorf("retry_after %q", pe.Params["retry_after"])
	}
	a()
	h, err := g.Hash(ctx, "Secret-123")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := g.Check(ctx, h, "Secret-123"); !ok || err != nil {
		t.Errorf("check: %v %v", ok, err)
	}
	if ok, err := g.Check(ctx, "", "Secret-123"); ok || err != nil {
		t.Errorf("an account without a password matched: %v %v", ok, err)
	}
	b()
}
