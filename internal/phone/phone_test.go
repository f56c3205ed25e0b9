package phone_test

import (
	"testing"

	"platter/internal/phone"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"UK mobile", "+447911123456", "+447911123456", true},
		{"UK mobile with spaces", "+44 7911 123 456", "+447911123456", true},
		{"UK mobile with dashes", "+44-7911-123-456", "+447911123456", true},
		{"UK landline London", "+44 20 7946 0018", "+442079460018", true},
		{"Guernsey mobile", "+44 7781 123456", "+447781123456", true},
		{"Jersey mobile", "+44 7797 123456", "+447797123456", true},
		{"Isle of Man mobile", "+44 7624 123456", "+447624123456", true},
		{"Poland mobile", "+48 601 234 567", "+48601234567", true},
		{"Poland landline Kraków", "+48 12 345 67 89", "+48123456789", true},
		{"US", "+1 201 555 0123", "+12015550123", true},
		{"Cayman with space after plus", "+ 1345 9161234", "+13459161234", true},
		{"Cayman compact", "+13459161234", "+13459161234", true},
		{"UK too short", "+44 12", "", false},
		{"empty", "", "", false},
		{"letters", "abc", "", false},
		{"Poland too short", "+48 12", "", false},
		{"no country code", "07911123456", "", false},
		{"only plus", "+", "", false},
		// libphonenumber takes this German number; E.164 allows 15 digits (found by FuzzValidate).
		{"16 digits", "+4980000000000000", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := phone.Validate(tt.in)
			if ok != tt.ok || got != tt.want {
				t.Errorf("Validate(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}
