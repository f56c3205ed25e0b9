package mail

import (
	"bytes"
	"fmt"
	"html/template"
	netmail "net/mail"
	"regexp"
	"strings"
	"sync"

	"platter/internal/i18n"
)

// Composer writes the account mails of a scheme: texts from the i18n
// catalogue, a link to the scheme's storefront under PublicURL, and the
// scheme's name on the configured From address.
type Composer struct {
	PublicURL string
	From      string // "Name <addr>" or "addr"; empty: the sender's default
}

// Compose renders a kind for brand b in lang; params fill the texts (the
// code's validity in minutes as "count"). To is left to the caller.
func (c Composer) Compose(kind, lang string, b Brand, code string, params map[string]string) (Message, error) {
	link := ""
	if c.PublicURL != "" {
		link = strings.TrimRight(c.PublicURL, "/") + "/" + b.Slug
	}
	m, err := Render(kind, MailData{Lang: lang, SchemeName: b.Name, Colour: b.Colour, Code: code, Link: link,
		Params: params})
	if err != nil {
		return m, err
	}
	if c.From != "" {
		m.From = fromWithName(b.Name, c.From)
	}
	return m, nil
}

// ComposeOrder renders an order mail kind (order_received, order_accepted,
// …) for brand b in lang: params fill the texts, lines and totals make the
// receipt. To is left to the caller.
func (c Composer) ComposeOrder(kind, lang string, b Brand, params map[string]string, lines []string, totals [][2]string) (Message, error) {
	link := ""
	if c.PublicURL != "" {
		link = strings.TrimRight(c.PublicURL, "/") + "/" + b.Slug
	}
	m, err := Render(kind, MailData{Lang: lang, SchemeName: b.Name, Colour: b.Colour, Link: link,
		Params: params, Lines: lines, Totals: totals})
	if err != nil {
		return m, err
	}
	if c.From != "" {
		m.From = fromWithName(b.Name, c.From)
	}
	return m, nil
}

// ComposeInvitation renders the staff invitation for brand b in lang: the
// role (and venue, when params has one) it invites to, and a link to the
// back office's invitation page carrying token. To is left to the caller.
func (c Composer) ComposeInvitation(lang string, b Brand, params map[string]string, token string) (Message, error) {
	cat := catalogue()
	p := map[string]string{"role": cat.T(lang, "team.role."+params["role"], nil), "where": "",
		i18n.CountParam: params[i18n.CountParam]}
	if v := params["venue"]; v != "" {
		p["where"] = cat.T(lang, "mail.staff_invitation.where", map[string]string{"venue": v})
	}
	link := "/" + b.Slug + "/admin/invite/" + token
	if c.PublicURL != "" {
		link = strings.TrimRight(c.PublicURL, "/") + link
	}
	m, err := Render("staff_invitation", MailData{Lang: lang, SchemeName: b.Name, Colour: b.Colour, Link: link,
		LinkLabel: "mail.staff_invitation.link_label", Params: p})
	if err != nil {
		return m, err
	}
	if c.From != "" {
		m.From = fromWithName(b.Name, c.From)
	}
	return m, nil
}

// fromWithName sends as the scheme ("Ember & Bun <no-reply@…>") from the
// configured address, so customers see the brand they signed up with.
func fromWithName(name, from string) string {
	a, err := netmail.ParseAddress(from)
	if err != nil {
		return from
	}
	return (&netmail.Address{Name: name, Address: a.Address}).String()
}

// MailData fills a template: the scheme's brand, the code (for the code
// kinds) and a link to the scheme's storefront.
type MailData struct {
	Lang       string // en-US or pl-PL; anything else is en-US
	SchemeName string
	Colour     string // "#rrggbb"; anything else falls back to a neutral grey
	Code       string
	Link       string
	// Params fill further {name} placeholders of the texts (an order's
	// number, its expected time, a refund); Lines and Totals are a receipt:
	// one row per order line (modifiers included) and label/amount pairs.
	Params map[string]string
	Lines  []string
	Totals [][2]string
	// LinkLabel is the catalogue key of the link's text; "" is
	// mail.link_label ("Open {scheme}").
	LinkLabel string
}

// catalogue is the i18n catalogue the mail texts come from (keys
// mail.<kind>.subject|heading|body|footer and mail.link_label): one
// translation system for the API and mail. Loaded once, read only.
var catalogue = sync.OnceValue(i18n.MustLoad)

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
{{if .Lines}}<table role="presentation" width="100%" cellpadding="4" cellspacing="0" style="margin:0 0 16px">{{range .Lines}}<tr><td>{{.}}</td></tr>{{end}}</table>{{end}}
{{if .Totals}}<table role="presentation" width="100%" cellpadding="4" cellspacing="0" style="margin:0 0 16px">{{range .Totals}}<tr><td>{{index . 0}}</td><td align="right">{{index . 1}}</td></tr>{{end}}</table>{{end}}
{{if .Link}}<p style="margin:0 0 16px"><a href="{{.Link}}" style="color:{{.Colour}}">{{.LinkLabel}}</a></p>{{end}}
<p style="margin:0;color:#71717a;font-size:13px">{{.Footer}}</p>
</td></tr></table></td></tr></table></body></html>`))

// Render builds the subject, text and HTML of a mail kind in d.Lang, with
// the scheme's name and colour. To and From are left to the caller.
func Render(kind string, d MailData) (Message, error) {
	cat := catalogue()
	lang := d.Lang
	if _, ok := cat[lang]; !ok {
		lang = i18n.Default
	}
	if _, ok := cat[i18n.Default]["mail."+kind+".subject"]; !ok {
		return Message{}, fmt.Errorf("mail: no mail template %q", kind)
	}
	params := map[string]string{"scheme": d.SchemeName}
	for k, v := range d.Params {
		params[k] = v
	}
	fill := func(key string) string { return cat.T(lang, key, params) }
	var t [4]string
	for i, part := range []string{"subject", "heading", "body", "footer"} {
		t[i] = fill("mail." + kind + "." + part)
	}
	colour := d.Colour
	if !hexColour.MatchString(colour) {
		colour = "#3f3f46"
	}
	subject, heading, body, footer := t[0], t[1], t[2], t[3]
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n\n", heading, body)
	if d.Code != "" {
		fmt.Fprintf(&text, "    %s\n\n", d.Code)
	}
	for _, l := range d.Lines {
		fmt.Fprintf(&text, "  %s\n", l)
	}
	if len(d.Lines) > 0 {
		text.WriteString("\n")
	}
	totals := make([][2]string, 0, len(d.Totals))
	for _, t := range d.Totals {
		label := fill(t[0])
		totals = append(totals, [2]string{label, t[1]})
		fmt.Fprintf(&text, "  %s: %s\n", label, t[1])
	}
	if len(d.Totals) > 0 {
		text.WriteString("\n")
	}
	linkLabel := "mail.link_label"
	if d.LinkLabel != "" {
		linkLabel = d.LinkLabel
	}
	if d.Link != "" {
		fmt.Fprintf(&text, "%s: %s\n\n", fill(linkLabel), d.Link)
	}
	fmt.Fprintf(&text, "%s\n\n— %s\n", footer, d.SchemeName)
	var html bytes.Buffer
	err := htmlLayout.Execute(&html, map[string]any{
		"Lang": lang, "Subject": subject, "Scheme": d.SchemeName, "Colour": template.CSS(colour),
		"Heading": heading, "Body": body, "Code": d.Code, "Link": d.Link,
		"LinkLabel": fill(linkLabel), "Footer": footer, "Lines": d.Lines, "Totals": totals,
	})
	if err != nil {
		return Message{}, err
	}
	return Message{Subject: subject, Text: text.String(), HTML: html.String()}, nil
}
