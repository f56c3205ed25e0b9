package printing_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/ordering"
	"platter/internal/printing"
)

func order() *ordering.Detail {
	at := time.Date(2026, 3, 2, 18, 45, 0, 0, time.UTC)
	ready := at.Add(-15 * time.Minute) // less the driver's minutes
	return &ordering.Detail{Order: ordering.Order{Number: 1042, OrderType: catalog.OrderTypeDelivery, IsASAP: true,
		FirstName: "Zofia", LastName: "Łukasiewicz-Żółć", ContactNumber: "+48 600 100 200",
		Note:            "Alergia na orzechy! Bez sezamu",
		DeliveryAddress: &ordering.Address{Line1: "ul. Świętokrzyska 12/4", City: "Warszawa", Postcode: "00-116", Country: "PL", Note: "Domofon 4"},
		Lines: []ordering.Line{{Title: "Pierogi ruskie", Qty: 2, Modifiers: []ordering.Modifier{{Name: "Śmietana", Qty: 1},
			{Name: "Cebulka", Qty: 2}}}, {Title: "Żurek", Qty: 1}}},
		VenueName: "Pierogarnia Mokotów", ExpectedAt: &at, ReadyAt: &ready}
}

func tr(lang string) printing.Translate {
	c := i18n.MustLoad()
	return func(key string, params map[string]string) string { return c.T(lang, key, params) }
}

// TestTicketText: the kitchen reads the number, the type, the time
// promised in the venue's zone, every line with its modifiers, the allergy
// note under its own heading, and whom to bring it to, in Polish.
func TestTicketText(t *testing.T) {
	warsaw, _ := time.LoadLocation("Europe/Warsaw")
	text := printing.NewTicket(order(), warsaw, tr("pl-PL"), false).Text(48)
	for _, want := range []string{"Pierogarnia Mokotów", "ZAMÓWIENIE NR 1042", "DOSTAWA", "Gotowe na 19:30",
		"2 x Pierogi ruskie", "  + Śmietana", "  + 2 x Cebulka", "1 x Żurek", "*** ALERGIA / DIETA ***",
		"ALERGIA NA ORZECHY! BEZ SEZAMU", "*** UWAGI DO DOSTAWY ***", "Domofon 4", "Zofia Łukasiewicz-Żółć",
		"ul. Świętokrzyska 12/4", "00-116 Warszawa"} {
		if !strings.Contains(text, want+"\n") && !strings.Contains(text, want) {
			t.Errorf("the ticket lacks %q:\n%s", want, text)
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if n := len([]rune(l)); n > 48 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	copyText := printing.NewTicket(order(), warsaw, tr("en-US"), true).Text(48)
	if !strings.Contains(copyText, "*** COPY ***") || !strings.Contains(copyText, "ORDER #1042") {
		t.Errorf("a reprint is not marked as a copy:\n%s", copyText)
	}
}

// TestTicketPNG: the PNG is an 80 mm roll's 576 dots wide, and every
// Polish letter has a glyph in the bundled font (none prints as a box).
func TestTicketPNG(t *testing.T) {
	tk := printing.NewTicket(order(), time.UTC, tr("pl-PL"), false)
	body, ok := tk.Render(printing.MediaPNG)
	if !ok {
		t.Fatal("no PNG")
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 576 || b.Dy() < 300 || b.Dy() > 8000 {
		t.Errorf("PNG is %v", b)
	}
	if missing := printing.MissingGlyphs("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ×–…"); missing != "" {
		t.Errorf("the bundled fonts lack %q", missing)
	}
	sp, _ := tk.Render(printing.MediaStarPRNT)
	if !bytes.HasPrefix(sp, []byte{0x1b, 0x40, 0x1b, 0x1d, 0x53, 1, 72, 0}) || !bytes.HasSuffix(sp, []byte{0x1b, 0x64, 3}) {
		t.Errorf("StarPRNT raster framing: % x … % x", sp[:10], sp[len(sp)-3:])
	}
}

// TestStatus reads what printers report: CloudPRNT's status codes and
// Epson's ASB bits.
func TestStatus(t *testing.T) {
	for code, want := range map[string]printing.Status{
		"200%20OK":           {Code: "200 OK"},
		"211 Paper low":      {Code: "211 Paper low", PaperLow: true},
		"410%20Out of paper": {Code: "410 Out of paper", PaperOut: true},
		"420 Cover open":     {Code: "420 Cover open", CoverOpen: true},
	} {
		if got := printing.StarStatus(code); got != want {
			t.Errorf("StarStatus(%q) = %+v, want %+v", code, got, want)
		}
	}
	if s := printing.EpsonStatus("524290"); !s.PaperOut || s.CoverOpen { // 0x80002
		t.Errorf("EpsonStatus paper end: %+v", s)
	}
	if s := printing.EpsonStatus("34"); !s.CoverOpen || s.PaperOut { // 0x22
		t.Errorf("EpsonStatus cover open: %+v", s)
	}
	if !printing.Confirmed("200%20OK") || printing.Confirmed("520 Timeout") {
		t.Error("Confirmed reads 2xx as printed, and nothing else")
	}
}

// TestAllergyNote: an allergy or diet note is told from an ordinary one.
func TestAllergyNote(t *testing.T) {
	for note, want := range map[string]bool{"Severe peanut allergy": true, "Bez glutenu proszę": true,
		"no nuts": true, "Alergia na orzechy": true, "wegańskie": true, "ring in a minute": false,
		"Extra napkins": false, "domofon nie działa": false} {
		if got := printing.IsAllergyNote(note); got != want {
			t.Errorf("IsAllergyNote(%q) = %v", note, got)
		}
	}
}
