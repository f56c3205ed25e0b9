package account_test

import (
	"testing"

	"platter/internal/account"
)

func TestEmailProblem(t *testing.T) {
	cases := map[string]string{
		"anna@example.com":        "",
		" anna.k+tag@mail.co.uk ": "",
		"":                        "validation.email_required",
		"   ":                     "validation.email_required",
		"anna":                    "validation.email_invalid",
		"anna@localhost":          "validation.email_invalid",
		"Anna <anna@example.com>": "validation.email_invalid",
		"anna@@example.com":       "validation.email_invalid",
		"anna@example.":           "validation.email_invalid",
		"anna@.example.com":       "validation.email_invalid",
		"an na@example.com":       "validation.email_invalid",
	}
	for in, want := range cases {
		if got := account.EmailProblem(in); got != want {
			t.Errorf("EmailProblem(%q) = %q, want %q", in, got, want)
		}
	}
	if !account.IsRole("driver") || account.IsRole("customer") {
		t.Error("IsRole")
	}
}
