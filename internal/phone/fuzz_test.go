package phone_test

import (
	"strings"
	"testing"

	"platter/internal/phone"
)

// FuzzValidate: whatever a customer types, Validate answers without
// panicking, and a number it accepts is E.164 ("+" then at most 15 digits)
// that it accepts again unchanged, so a saved number never turns invalid.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{"+447911123456", "+48 601 234 567", "+ 1345 916 1234", "07911 123456",
		"+44", "+", "", "++447911123456", "+4479111234567890123", "+48 ٦٠١٢٣٤٥٦٧", "+44 7911\x00123456"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, number string) {
		e164, ok := phone.Validate(number)
		if !ok {
			if e164 != "" {
				t.Fatalf("Validate(%q) refused but returned %q", number, e164)
			}
			return
		}
		digits, found := strings.CutPrefix(e164, "+")
		if !found || len(digits) < 2 || len(digits) > 15 || strings.Trim(digits, "0123456789") != "" {
			t.Fatalf("Validate(%q) = %q: not E.164", number, e164)
		}
		if again, ok := phone.Validate(e164); !ok || again != e164 {
			t.Fatalf("Validate(%q) = %q, but Validate(%q) = %q, %v", number, e164, e164, again, ok)
		}
	})
}
