package address_test

import (
	"math"
	"reflect"
	"testing"
	"unicode/utf8"

	"platter/internal/address"
)

// FuzzClean: any address form, however odd, is either refused with field
// problems or cleaned into an address that passes Clean again unchanged,
// with every text within its bound, a country we deliver in and a pin on
// the globe: nothing the rules let through turns invalid when it is saved
// and edited again.
func FuzzClean(f *testing.F) {
	f.Add("Home", "1 Frith St", "", "London", "W1D 3RW", "gb", "+447911123456", "a@b.co", "ring", 51.51, -0.13)
	f.Add("Dom", "ul. Piotrkowska 1", "m. 2", "Łódź", "90-001", "PL", "+48 601 234 567", "ł@x.pl", "", 51.76, 19.45)
	f.Add(" ", "", "", "", "", "XX", "123", "no-at", "\x00", math.NaN(), math.Inf(1))
	f.Fuzz(func(t *testing.T, name, line1, line2, city, postcode, country, number, email, note string, lat, lng float64) {
		in := address.Input{Name: name, Line1: line1, Line2: line2, City: city, Postcode: postcode, Country: country,
			ContactNumber: number, Email: email, Note: note, Latitude: &lat, Longitude: &lng}
		a, bad := address.Clean(in)
		if len(bad) > 0 {
			if !reflect.DeepEqual(a, address.Address{}) {
				t.Fatalf("refused (%v) but returned %+v", bad, a)
			}
			return
		}
		if a.Country != "GB" && a.Country != "PL" {
			t.Fatalf("accepted country %q", a.Country)
		}
		if math.IsNaN(a.Lat) || math.IsNaN(a.Lng) || math.Abs(a.Lat) > 90 || math.Abs(a.Lng) > 180 {
			t.Fatalf("accepted pin %v, %v", a.Lat, a.Lng)
		}
		pairs := [][2]string{{name, a.Name}, {line1, a.Line1}, {line2, a.Line2}, {city, a.City},
			{postcode, a.Postcode}, {email, a.Email}, {note, a.Note}}
		for _, p := range pairs { // field by field: two broken halves can join into valid UTF-8
			if !utf8.ValidString(p[1]) && utf8.ValidString(p[0]) {
				t.Fatalf("cleaning made invalid UTF-8 of %q: %q", p[0], p[1])
			}
			if utf8.RuneCountInString(p[1]) > 1000 {
				t.Fatalf("accepted a field of %d characters", utf8.RuneCountInString(p[1]))
			}
		}
		again, bad := address.Clean(address.Input{Name: a.Name, Line1: a.Line1, Line2: a.Line2, City: a.City,
			Postcode: a.Postcode, Country: a.Country, ContactNumber: a.ContactNumber, Email: a.Email, Note: a.Note,
			Latitude: &a.Lat, Longitude: &a.Lng})
		if len(bad) > 0 || !reflect.DeepEqual(again, a) {
			t.Fatalf("cleaned %+v, but cleaning it again gives %+v, %v", a, again, bad)
		}
	})
}
