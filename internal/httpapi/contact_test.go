package httpapi_test

import (
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestValidateContactNumber checks user/validate-contact-number without a
// token: UK, Guernsey (+44 7781) and Polish mobiles pass with their E.164
// form; "+44 12" does not.
func TestValidateContactNumber(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite) // the call touches no table
	e := start(t, db, options{})
	cases := []struct {
		number, e164 string
		valid        bool
	}{
		{"+44 7911 123456", "+447911123456", true},
		{"+447781123456", "+447781123456", true}, // Guernsey mobile, a +44 number
		{"+48 512 345 678", "+48512345678", true},
		{"+44 12", "", false},
		{"07911 123456", "", false}, // no country code
	}
	for _, tc := range cases {
		d := e.call("user/validate-contact-number", filter("contact_number", tc.number)).data(t)
		if d["is_valid"] != tc.valid || d["e164"] != tc.e164 {
			t.Errorf("%q: %v; want valid %v e164 %q", tc.number, d, tc.valid, tc.e164)
		}
	}
	res := e.call("user/validate-contact-number", filter(), "Accept-Language", "pl-PL")
	res.wantError(t, 400, 1000)
	if f, _ := res.Body["fields"].(map[string]any); f["contact_number"] != "To pole jest wymagane." {
		t.Errorf("blank number: %s", res.Raw)
	}
}
