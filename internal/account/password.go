// Package account holds customer and staff accounts: the password policy and
// hashing, session tokens and one-time codes. Pure rules; storage lives in
// the store.
package account

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode"

	"golang.org/x/crypto/argon2"
)

// PasswordProblem returns the i18n key of what is wrong with a password under
// docs/product.md §5 (at least 8 characters, a lowercase letter, an uppercase letter
// and a digit), or "" when it is acceptable.
func PasswordProblem(pw string) string {
	var lower, upper, digit bool
	n := 0
	for _, r := range pw {
		n++
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		}
	}
	if n < 8 || !lower || !upper || !digit {
		return "validation.password_weak"
	}
	if len(pw) > 256 {
		return "validation.password_long"
	}
	return ""
}

// argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
)

// HashPassword returns an argon2id hash in the PHC string format.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime,
		argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether pw matches a hash made by HashPassword (with
// whatever parameters it was made with), in constant time.
func CheckPassword(hash, pw string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("account: not an argon2id hash")
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, fmt.Errorf("account: hash parameters: %w", err)
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked when an account does not exist, so a sign-in for an
// unknown e-mail takes as long as one with a wrong password.
var dummyHash, _ = HashPassword("not-a-real-password-1A")

// BurnTime spends the time of one password check.
func BurnTime(pw string) { _, _ = CheckPassword(dummyHash, pw) }

// NewToken returns a random opaque session token and the hash stored for it.
// Only the hash is kept, so a leaked database holds no usable token.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is the stored form of a token or code.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// NewCode returns a random 6-digit code (leading zeros kept).
func NewCode() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	return fmt.Sprintf("%06d", n.Int64())
}
