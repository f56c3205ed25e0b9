package mail_test

import (
	"strings"
	"testing"

	"platter/internal/notify/mail"
)

// The header's logo: an uploaded logo (its PNG variant) or any raster
// image is an <img> at an absolute URL; an SVG, which Gmail and Outlook
// do not show, is left out for a monogram of the brand's first letter, as
// is a brand without a logo.
func TestLogoInMail(t *testing.T) {
	for _, c := range []struct {
		logo, img, initial string
	}{
		{"/api/v3/media/demo-burgers/7-512.png", "https://order.example.test/api/v3/media/demo-burgers/7-512.png", ""},
		{"https://cdn.example.test/logo.jpg?v=2", "https://cdn.example.test/logo.jpg?v=2", ""},
		{"/demo-assets/logo-burgers.svg", "", "E"},
		{"https://cdn.example.test/Logo.SVG?v=2", "", "E"},
		{"", "", "E"},
	} {
		b := burgers
		b.LogoURL = c.logo
		m, err := composer.Compose(mail.KindVerifyCode, "en-US", b, "anna@example.com", "042917", map[string]string{"count": "15"})
		if err != nil {
			t.Fatal(err)
		}
		imgs := strings.Count(m.HTML, "<img")
		if c.img != "" && (imgs != 1 || !strings.Contains(m.HTML, `<img src="`+c.img+`"`)) {
			t.Errorf("%q: want <img src=%q>, HTML has %d images", c.logo, c.img, imgs)
		}
		if c.img == "" && imgs != 0 {
			t.Errorf("%q: an image in the mail, want the monogram", c.logo)
		}
		if mono := strings.Contains(m.HTML, `font-weight:bold;text-align:center">E</td>`); mono != (c.initial != "") {
			t.Errorf("%q: monogram shown %v", c.logo, mono)
		}
	}
}

// The Polish invitation names the scheme after a colon (a brand name is
// not declined) and the role as a label, not a masculine "jako pracownik".
func TestInvitationPolishWording(t *testing.T) {
	m, err := composer.ComposeInvitation("pl-PL", pierogi, map[string]string{"role": "staff", "venue": "Rynek", "count": "7"}, "tok")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Dołącz do zespołu: Pierogarnia Pod Smokiem", "(rola: pracownik) w lokalu Rynek"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "jako pracownik") {
		t.Errorf("gendered role:\n%s", m.Text)
	}
}

// The preview shows each status mail for the order type it is sent for:
// ready and collected for a pickup, on the way and delivered for a
// delivery, in both variants.
func TestPreviewOrderTypes(t *testing.T) {
	ps, err := composer.Previews(burgers, "en-US", mail.SampleVenue{Slug: "soho", Name: "Ember & Bun Soho",
		Address: "41 Broadwick Street", Zone: london, Currency: "GBP"}, now)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{mail.KindOrderReady: "Collect from", mail.KindOrderCollected: "Collect from",
		mail.KindOrderOnTheWay: "Deliver to", mail.KindOrderDelivered: "Deliver to"}
	n := 0
	for _, p := range ps {
		if w, ok := want[p.Kind]; ok {
			n++
			if !strings.Contains(p.Message.Text, w) {
				t.Errorf("%s %s: lacks %q:\n%s", p.Kind, p.Variant, w, p.Message.Text)
			}
		}
	}
	if n != 8 {
		t.Errorf("%d previews of those kinds, want 8", n)
	}
}
