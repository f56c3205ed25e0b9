package ordering_test

import (
	"testing"

	"platter/internal/ordering"
)

func TestDriverLabel(t *testing.T) {
	for _, tc := range []struct {
		first, last, email, want string
	}{
		{"Jamie", "Rider", "driver@demo.test", "Jamie Rider"},
		{"Jamie", "", "driver@demo.test", "Jamie"},
		{"", "Rider", "driver@demo.test", "Rider"},
		{"  Jamie ", " Rider  ", "driver@demo.test", "Jamie Rider"},
		{"", "", "driver@demo.test", "driver@demo.test"},
		{" ", "", "driver@demo.test", "driver@demo.test"},
	} {
		got := ordering.Driver{FirstName: tc.first, LastName: tc.last, Email: tc.email}.Label()
		if got != tc.want {
			t.Errorf("%q %q %q: %q, want %q", tc.first, tc.last, tc.email, got, tc.want)
		}
	}
}

func TestSortDrivers(t *testing.T) {
	list := []ordering.Driver{
		{ID: 1, Email: "zed@example.test"},
		{ID: 2, FirstName: "ola", LastName: "Nowak", Email: "a@example.test"},
		{ID: 3, FirstName: "Adam", Email: "y@example.test"},
		{ID: 4, Email: "bart@example.test"},
		{ID: 5, FirstName: "Adam", Email: "b@example.test"},
	}
	ordering.SortDrivers(list)
	var got []int64
	for _, d := range list {
		got = append(got, d.ID)
	}
	want := []int64{3, 5, 4, 2, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}
