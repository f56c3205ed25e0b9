package notify

import (
	"bytes"
	"fmt"
	"html/template"
	"regexp"
	"strings"
)

// Mail templates (Render's kind).
const (
	KindVerifyCode        = "verify_code"
	KindResetCode         = "reset_code"
	KindAlreadyRegistered = "already_registered"
)

// MailData fills a template: the scheme's brand, the code (for the code
// kinds) and a link to the scheme's storefront.
type MailData struct {
	Lang       string // en-US or pl-PL; anything else is en-US
	SchemeName string
	Colour     string // "#rrggbb"; anything else falls back to a neutral grey
	Code       string
	Link       string
}

// texts are the words of each kind per language: subject, heading, body
// (before the code) and footer. {scheme} is the scheme's name.
var texts = map[string]map[string][4]string{
	"en-US": {
		KindVerifyCode: {"{scheme}: your verification code", "Confirm your e-mail address",
			"Enter this code to finish creating your {scheme} account. It is valid for 15 minutes.",
			"If you did not sign up, ignore this e-mail."},
		KindResetCode: {"{scheme}: your password reset code", "Reset your password",
			"Enter this code to choose a new password for your {scheme} account. It is valid for 15 minutes.",
			"If you did not ask to reset your password, ignore this e-mail: your password stays as it is."},
		KindAlreadyRegistered: {"{scheme}: you already have an account", "You already have an account",
			"Someone (probably you) tried to sign up at {scheme} with this e-mail address, which already has an account. Sign in instead, or reset your password if you have forgotten it.",
			"If it was not you, ignore this e-mail: nothing has changed."},
	},
	"pl-PL": {
		KindVerifyCode: {"{scheme}: Twój kod weryfikacyjny", "Potwierdź swój adres e-mail",
			"Wpisz ten kod, aby dokończyć zakładanie konta w {scheme}. Kod jest ważny przez 15 minut.",
			"Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość."},
		KindResetCode: {"{scheme}: kod do zmiany hasła", "Zmień hasło",
			"Wpisz ten kod, aby ustawić nowe hasło do konta w {scheme}. Kod jest ważny przez 15 minut.",
			"Jeśli nie prosiłeś o zmianę hasła, zignoruj tę wiadomość: hasło pozostaje bez zmian."},
		KindAlreadyRegistered: {"{scheme}: masz już konto", "Masz już konto",
			"Ktoś (zapewne Ty) próbował założyć konto w {scheme} na ten adres e-mail, który ma już konto. Zaloguj się albo zmień hasło, jeśli go nie pamiętasz.",
			"Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieniło."},
	},
}

var linkLabel = map[string]string{"en-US": "Open {scheme}", "pl-PL": "Otwórz {scheme}"}

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

var htmlLayout = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:{{.Colour}};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">{{.Scheme}}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">{{.Heading}}</h1>
<p style="margin:0 0 16px;line-height:1.5">{{.Body}}</p>
{{if .Code}}<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 16px;color:{{.Colour}}">{{.Code}}</p>{{end}}
{{if .Link}}<p style="margin:0 0 16px"><a href="{{.Link}}" style="color:{{.Colour}}">{{.LinkLabel}}</a></p>{{end}}
<p style="margin:0;color:#71717a;font-size:13px">{{.Footer}}</p>
</td></tr></table></td></tr></table></body></html>`))

// Render builds the subject, text and HTML of a mail kind in d.Lang, with
// the scheme's name and colour. To and From are left to the caller.
func Render(kind string, d MailData) (Message, error) {
	lang := d.Lang
	if _, ok := texts[lang]; !ok {
		lang = "en-US"
	}
	t, ok := texts[lang][kind]
	if !ok {
		return Message{}, fmt.Errorf("notify: no mail template %q", kind)
	}
	fill := strings.NewReplacer("{scheme}", d.SchemeName).Replace
	colour := d.Colour
	if !hexColour.MatchString(colour) {
		colour = "#3f3f46"
	}
	subject, heading, body, footer := fill(t[0]), fill(t[1]), fill(t[2]), fill(t[3])
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n\n", heading, body)
	if d.Code != "" {
		fmt.Fprintf(&text, "    %s\n\n", d.Code)
	}
	if d.Link != "" {
		fmt.Fprintf(&text, "%s: %s\n\n", fill(linkLabel[lang]), d.Link)
	}
	fmt.Fprintf(&text, "%s\n\n— %s\n", footer, d.SchemeName)
	var html bytes.Buffer
	err := htmlLayout.Execute(&html, map[string]any{
		"Lang": lang, "Subject": subject, "Scheme": d.SchemeName, "Colour": template.CSS(colour),
		"Heading": heading, "Body": body, "Code": d.Code, "Link": d.Link,
		"LinkLabel": fill(linkLabel[lang]), "Footer": footer,
	})
	if err != nil {
		return Message{}, err
	}
	return Message{Subject: subject, Text: text.String(), HTML: html.String()}, nil
}
