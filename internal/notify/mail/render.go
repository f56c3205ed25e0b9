package mail

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"platter/internal/i18n"
)

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// render writes d out: subject, the plain-text part and the HTML part say
// the same things in the same order.
func (c Composer) render(d draft) (Message, error) {
	cat := catalogue()
	lang := d.lang
	if _, ok := cat[lang]; !ok {
		lang = i18n.Default
	}
	k := "mail." + d.kind
	if _, ok := cat[i18n.Default][k+".subject"]; !ok {
		return Message{}, fmt.Errorf("mail: no mail template %q", d.kind)
	}
	params := map[string]string{"scheme": d.brand.Name}
	for key, v := range d.params {
		params[key] = v
	}
	o := d.order
	if o != nil {
		params["number"] = strconv.FormatInt(o.Number, 10)
		params["venue"] = o.Venue
		params["refund"] = money(o.Currency, refundOf(o))
		params["refunded"] = money(o.Currency, o.Refunded)
	}
	t := func(key string, extra ...string) string {
		p := params
		if len(extra) > 0 {
			p = make(map[string]string, len(params)+len(extra)/2)
			for key, v := range params {
				p[key] = v
			}
			for i := 0; i+1 < len(extra); i += 2 {
				p[extra[i]] = extra[i+1]
			}
		}
		return cat.T(lang, key, p)
	}
	has := func(key string) bool { _, ok := cat[i18n.Default][key]; return ok }

	v := view{Lang: lang, Scheme: d.brand.Name, Code: d.code,
		Subject: t(k + ".subject"), Heading: t(k + ".heading"), OrOpen: t("mail.or_open")}
	v.Logo, v.Initial = c.logo(d.brand)
	body := k + ".body"
	if o != nil && refundedAlready(d.kind, o) {
		body = k + ".body_refunded"
	}
	v.Paragraphs = append(v.Paragraphs, t(body))
	if o != nil && withdrawn(d.kind) && o.Refunded > 0 && !refundedAlready(d.kind, o) {
		v.Paragraphs = append(v.Paragraphs, t("mail.refunded_before"))
	}
	if o != nil {
		if s := promise(d.kind, lang, o, d, t); s != "" {
			v.Paragraphs = append(v.Paragraphs, s)
		}
		if o.Reason != "" && (d.kind == KindOrderRejected || d.kind == KindOrderCancelled ||
			d.kind == KindOrderRefunded) {
			v.Paragraphs = append(v.Paragraphs, t("mail.reason", "reason", o.Reason))
		}
		if d.kind == KindSupportReply {
			v.Quote = quoteLines(o.Reply)
		}
	}
	if d.link != "" {
		label := "mail.button.open"
		switch {
		case has(k + ".button"):
			label = k + ".button"
		case o != nil:
			label = "mail.button.order"
		}
		v.Button = &link{Label: t(label), URL: d.link}
	}
	if o != nil {
		v.Facts = facts(d.kind, lang, o, d, t)
		if d.kind == KindOrderReceived {
			receipt(&v, o, t)
		}
	}
	v.Footer = append(v.Footer, t(k+".footer"))
	if d.brand.ReplyTo != "" {
		v.Footer = append(v.Footer, t("mail.reply.yes"))
	} else {
		v.Footer = append(v.Footer, t("mail.reply.no"))
	}
	v.P = PaletteOf(d.brand.Colour, d.brand.Dark)
	v.Light, v.DarkColors = PaletteOf(d.brand.Colour, false), PaletteOf(d.brand.Colour, true)

	var html bytes.Buffer
	if err := htmlLayout.Execute(&html, v); err != nil {
		return Message{}, err
	}
	return Message{FromName: d.brand.Name, ReplyTo: d.brand.ReplyTo, Subject: v.Subject, Text: plainText(&v),
		HTML: html.String()}, nil
}

// plainText is the text part: the HTML part's content, in its order.
func plainText(v *view) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", v.Heading)
	for _, p := range v.Paragraphs {
		fmt.Fprintf(&b, "%s\n\n", p)
	}
	for _, q := range v.Quote {
		fmt.Fprintf(&b, "> %s\n", q)
	}
	if len(v.Quote) > 0 {
		b.WriteString("\n")
	}
	if v.Code != "" {
		fmt.Fprintf(&b, "    %s\n\n", v.Code)
	}
	if v.Button != nil {
		fmt.Fprintf(&b, "%s: %s\n\n", v.Button.Label, v.Button.URL)
	}
	for _, f := range v.Facts {
		fmt.Fprintf(&b, "%s: %s\n", f.Label, f.Value)
	}
	if len(v.Facts) > 0 {
		b.WriteString("\n")
	}
	for _, l := range v.Lines {
		fmt.Fprintf(&b, "%s %s  %s\n", l.Qty, l.Title, l.Total)
		for _, m := range l.Mods {
			fmt.Fprintf(&b, "    %s\n", m)
		}
		fmt.Fprintf(&b, "    %s\n", l.UnitNote)
	}
	if len(v.Lines) > 0 {
		b.WriteString("\n")
	}
	for _, t := range v.Totals {
		if t.Strong {
			fmt.Fprintf(&b, "%s\n%s: %s\n%s\n", strings.Repeat("=", 24), strings.ToUpper(t.Label), t.Amount,
				strings.Repeat("=", 24))
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", t.Label, t.Amount)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(&b, "%s\n", n)
	}
	if len(v.Totals) > 0 || len(v.Notes) > 0 {
		b.WriteString("\n")
	}
	for _, f := range v.Footer {
		fmt.Fprintf(&b, "%s\n", f)
	}
	fmt.Fprintf(&b, "\n— %s\n", v.Scheme)
	return b.String()
}

// quoteLines are a message's non-empty lines, trimmed: a paragraph each.
func quoteLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
