package support_test

import (
	"strings"
	"testing"

	"platter/internal/i18n"
	"platter/internal/platter"
	"platter/internal/support"
)

// TestCleanCountsEachField: a request with too many photos and too long a
// description names both limits, each with its own count, so each field's
// message takes its own plural form ("5 zdjęć", "2000 znaków").
func TestCleanCountsEachField(t *testing.T) {
	t.Parallel()
	r := &support.Request{OrderID: 1, Kind: "wrong_order", Description: strings.Repeat("a", support.MaxDescription+1),
		PhotoIDs: []int64{1, 2, 3, 4, 5, 6}}
	e := platter.AsError(support.Clean(r))
	if e.Code != platter.CodeValidation {
		t.Fatalf("code %d", e.Code)
	}
	cat := i18n.MustLoad()
	want := map[string]map[string]string{
		"pl-PL": {"photo_ids": "Dodaj najwyżej 5 zdjęć.", "description": "Opis może mieć najwyżej 2000 znaków."},
		"en-US": {"photo_ids": "Add at most 5 photos.", "description": "Please keep the description to at most 2000 characters."},
	}
	for lang, fields := range want {
		for f, w := range fields {
			if got := cat.T(lang, e.Fields[f], e.FieldParams(f)); got != w {
				t.Errorf("%s %s: %q, want %q", lang, f, got, w)
			}
		}
	}
}
