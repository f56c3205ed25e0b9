package mail_test

import (
	"strings"
	"testing"

	"platter/internal/i18n"
	"platter/internal/notify/mail"
)

// TestComposerUsesTheCatalogue: account mail is written from the i18n
// catalogue (the one translation system), in the caller's language, with
// the scheme's name on the configured address and a link to its storefront.
func TestComposerUsesTheCatalogue(t *testing.T) {
	c := mail.Composer{PublicURL: "https://order.example.test/", From: "Platter <no-reply@example.test>"}
	b := mail.Brand{Slug: "demo-pierogi", Name: "Smok", Colour: "#aa3300"}
	cat := i18n.MustLoad()
	for _, lang := range []string{"en-US", "pl-PL"} {
		m, err := c.Compose(mail.KindResetCode, lang, b, "042917", map[string]string{"count": "15"})
		if err != nil {
			t.Fatal(err)
		}
		want := cat.T(lang, "mail.reset_code.subject", map[string]string{"scheme": "Smok"})
		if m.Subject != want || !strings.Contains(m.Text, "042917") || m.To != "" {
			t.Errorf("%s: %+v (want subject %q)", lang, m, want)
		}
		if !strings.Contains(m.Text, "https://order.example.test/demo-pierogi") {
			t.Errorf("%s: no storefront link in %q", lang, m.Text)
		}
		if m.From != `"Smok" <no-reply@example.test>` {
			t.Errorf("From %q", m.From)
		}
	}
	if _, err := c.Compose("no_such_kind", "en-US", b, "", nil); err == nil {
		t.Error("an unknown kind was composed")
	}
}

func TestRenderTemplates(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en-US", "pl-PL", "de-DE"} {
		for _, kind := range []string{mail.KindVerifyCode, mail.KindResetCode, mail.KindAlreadyRegistered} {
			code := ""
			if kind != mail.KindAlreadyRegistered {
				code = "042917"
			}
			m, err := mail.Render(kind, mail.MailData{Lang: lang, SchemeName: "Ember & <Bun>",
				Colour: "#e4572e", Code: code, Link: "http://localhost:8080/demo-burgers"})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(m.Subject, "Ember & <Bun>") || !strings.Contains(m.Text, code) ||
				!strings.Contains(m.HTML, "Ember &amp; &lt;Bun&gt;") || !strings.Contains(m.HTML, "#e4572e") {
				t.Errorf("%s %s: %+v", lang, kind, m)
			}
		}
	}
	pl, _ := mail.Render(mail.KindVerifyCode, mail.MailData{Lang: "pl-PL", SchemeName: "Smok", Code: "1"})
	if !strings.Contains(pl.Subject, "kod weryfikacyjny") {
		t.Errorf("Polish subject %q", pl.Subject)
	}
	bad, _ := mail.Render(mail.KindVerifyCode, mail.MailData{SchemeName: "x", Colour: "red;}</style>"})
	if strings.Contains(bad.HTML, "red;") {
		t.Errorf("an invalid colour reached the HTML")
	}
	if _, err := mail.Render("nope", mail.MailData{}); err == nil {
		t.Error("unknown kind rendered")
	}
}

// TestCodeAndInvitationMailsSayTheirTimeInPluralForms: the code's validity
// and the invitation's lifetime are counts, in the language's plural form.
func TestCodeAndInvitationMailsSayTheirTimeInPluralForms(t *testing.T) {
	t.Parallel()
	c := mail.Composer{}
	b := mail.Brand{Slug: "demo-pierogi", Name: "Smok"}
	cases := []struct {
		lang, count, want string
	}{
		{"pl-PL", "15", "Kod jest ważny przez 15 minut."},
		{"pl-PL", "2", "Kod jest ważny przez 2 minuty."},
		{"pl-PL", "1", "Kod jest ważny przez 1 minutę."},
		{"en-US", "1", "It is valid for 1 minute."},
		{"en-US", "15", "It is valid for 15 minutes."},
	}
	for _, k := range cases {
		m, err := c.Compose(mail.KindVerifyCode, k.lang, b, "042917", map[string]string{"count": k.count})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, k.want) {
			t.Errorf("%s %s: %q lacks %q", k.lang, k.count, m.Text, k.want)
		}
	}
	for lang, want := range map[string]string{"pl-PL": "wygasa po 7 dniach.", "en-US": "expires in 7 days."} {
		m, err := c.ComposeInvitation(lang, b, map[string]string{"role": "staff", "count": "7"}, "tok")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, want) {
			t.Errorf("%s invitation: %q lacks %q", lang, m.Text, want)
		}
	}
}
