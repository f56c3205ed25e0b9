package address_test

import (
	"math"
	"reflect"
	"testing"

	"platter/internal/address"
)

func ptr(f float64) *float64 { return &f }

func valid() address.Input {
	return address.Input{
		Name: " Home ", Line1: "10 Greek Street", Line2: "Flat 2", City: "London", Postcode: "W1D 4DH",
		Country: "gb", ContactNumber: "+44 7911 123456", Email: "ann@example.com", Note: "Ring twice",
		Latitude: ptr(51.5136), Longitude: ptr(-0.1310),
	}
}

func TestCleanAcceptsAndNormalises(t *testing.T) {
	a, bad := address.Clean(valid())
	if bad != nil {
		t.Fatalf("valid address refused: %v", bad)
	}
	if a.Name != "Home" || a.Country != "GB" || a.ContactNumber != "+447911123456" || a.Lat != 51.5136 {
		t.Errorf("cleaned = %+v", a)
	}
	in := valid()
	in.Line2, in.Note = "", ""
	in.Country, in.ContactNumber = "PL", "+48 512 345 678"
	if a, bad := address.Clean(in); bad != nil || a.ContactNumber != "+48512345678" {
		t.Errorf("PL address: %+v %v", a, bad)
	}
}

func TestCleanListsEveryProblem(t *testing.T) {
	got := func(mut func(*address.Input)) map[string]string {
		in := valid()
		mut(&in)
		_, bad := address.Clean(in)
		return bad
	}
	cases := []struct {
		name string
		mut  func(*address.Input)
		want map[string]string
	}{
		{"all empty", func(in *address.Input) { *in = address.Input{} }, map[string]string{
			"line1": address.MsgLine1Required, "city": address.MsgCityRequired,
			"postcode": address.MsgPostcodeRequired, "country": address.MsgCountryRequired,
			"contact_number": address.MsgPhoneRequired, "email": address.MsgEmailRequired,
			"name": address.MsgNameRequired, "latitude": address.MsgLocationRequired,
			"longitude": address.MsgLocationRequired,
		}},
		{"blank is empty", func(in *address.Input) { in.Line1, in.Name = "   ", "\t" }, map[string]string{
			"line1": address.MsgLine1Required, "name": address.MsgNameRequired}},
		{"short phone", func(in *address.Input) { in.ContactNumber = "+44 12" }, map[string]string{
			"contact_number": address.MsgPhoneIncorrect}},
		{"bad email", func(in *address.Input) { in.Email = "ann@" }, map[string]string{
			"email": address.MsgEmailInvalid}},
		{"country outside GB/PL", func(in *address.Input) { in.Country = "DE" }, map[string]string{
			"country": address.MsgCountryInvalid}},
		{"pin out of range", func(in *address.Input) { in.Latitude, in.Longitude = ptr(91), ptr(math.NaN()) },
			map[string]string{"latitude": address.MsgLocationInvalid, "longitude": address.MsgLocationInvalid}},
		{"too long", func(in *address.Input) { in.Postcode = "12345678901234567" }, map[string]string{
			"postcode": address.MsgTooLong}},
	}
	for _, tc := range cases {
		if bad := got(tc.mut); !reflect.DeepEqual(bad, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, bad, tc.want)
		}
	}
}

func TestCleanEmail(t *testing.T) {
	for email, ok := range map[string]bool{
		"ann@example.com": true, "a.b+c@sub.example.co.uk": true,
		"ann@example": false, "ann example@x.com": false, "@example.com": false, "Ann <ann@x.com>": false,
	} {
		in := valid()
		in.Email = email
		_, bad := address.Clean(in)
		if got := bad == nil; got != ok {
			t.Errorf("email %q: accepted %v, problems %v", email, got, bad)
		}
	}
}
