package account_test

import (
	"regexp"
	"strings"
	"testing"

	"platter/internal/account"
)

func TestPasswordPolicy(t *testing.T) {
	for pw, ok := range map[string]bool{
		"Abcdefg1":       true,
		"Zażółć123":      true,
		"abcdefg1":       false, // no uppercase
		"ABCDEFG1":       false, // no lowercase
		"Abcdefgh":       false, // no digit
		"Abcde1":         false, // too short
		"":               false,
		"Platter-demo-1": true,
	} {
		if got := account.PasswordProblem(pw) == ""; got != ok {
			t.Errorf("%q acceptable = %v, want %v", pw, got, ok)
		}
	}
}

func TestHashAndCheck(t *testing.T) {
	h, err := account.HashPassword("Secret-123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q", h)
	}
	h2, _ := account.HashPassword("Secret-123")
	if h == h2 {
		t.Error("two hashes of one password are equal: no salt")
	}
	for pw, want := range map[string]bool{"Secret-123": true, "secret-123": false, "": false} {
		ok, err := account.CheckPassword(h, pw)
		if err != nil || ok != want {
			t.Errorf("check %q = %v %v", pw, ok, err)
		}
	}
	if _, err := account.CheckPassword("plain", "x"); err == nil {
		t.Error("a non-argon2 hash was accepted")
	}
}

func TestTokensAndCodes(t *testing.T) {
	tok, hash := account.NewToken()
	tok2, _ := account.NewToken()
	if len(tok) < 40 || tok == tok2 || hash != account.HashToken(tok) || hash == tok {
		t.Errorf("token %q hash %q", tok, hash)
	}
	six := regexp.MustCompile(`^\d{6}$`)
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		c := account.NewCode()
		if !six.MatchString(c) {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Errorf("codes repeat too often: %d distinct of 200", len(seen))
	}
}
