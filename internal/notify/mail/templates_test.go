package mail_test

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"platter/internal/colour"
	"platter/internal/notify/mail"
)

var (
	burgers = mail.Brand{Slug: "demo-burgers", Name: "Ember & Bun", Colour: "#e85d04",
		LogoURL: "/api/v3/media/demo-burgers/7-512.png", ReplyTo: "hello@emberandbun.example"}
	pierogi = mail.Brand{Slug: "demo-pierogi", Name: "Pierogarnia Pod Smokiem", Colour: "#c1121f",
		LogoURL: "/demo-assets/logo-pierogi.svg", Dark: true}
	composer = mail.Composer{PublicURL: "https://order.example.test/"}
	london   = mustZone("Europe/London")
	// now: Thursday 26 November 2026, 17:30 in London.
	now = time.Date(2026, 11, 26, 17, 30, 0, 0, time.UTC)
)

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

// sampleOrder is a delivery pre-order for tomorrow's 12:00 slot (Friday), or an
// ASAP pickup promised for 17:54 today.
func sampleOrder(preorder bool) *mail.Order {
	o := &mail.Order{ID: 41, Number: 9, VenueSlug: "soho", Venue: "Ember & Bun — Soho",
		VenueAddress: "12 Greek Street, London W1D 4DH", Placed: now.Add(-2 * time.Minute), Zone: london,
		Currency: "GBP", Lines: []mail.Line{
			{Title: "Classic Cheeseburger", Qty: 2, UnitPrice: 1349, Total: 2698,
				Modifiers: []mail.Modifier{{Name: "Double beef", Qty: 1, Price: 300}, {Name: "Smoked bacon", Qty: 1, Price: 150}}},
			{Title: "Cheesy Fries", Qty: 1, UnitPrice: 499, Total: 499},
		},
		Subtotal: 3197, Discount: 320, ServiceCharge: 288, DeliveryFee: 250, Tip: 300, Total: 3715, Tax: 619,
		CardBrand: "visa", CardLast4: "4242", Reason: "We have run out of buns"}
	if preorder {
		o.Delivery, o.DeliveryAddress = true, "5 Frith Street, W1D 3JA London"
		o.Slot = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		o.Expected = o.Slot
	} else {
		o.Expected = time.Date(2026, 11, 26, 17, 54, 0, 0, time.UTC)
	}
	return o
}

var hrefs = regexp.MustCompile(`href="([^"]+)"`)

// TestEveryMailKind renders every mail kind in both languages with a
// light and a dark brand, to HTML and text, and checks what a reader
// relies on: the sender's name and Reply-To, links to the page the text
// names, times in the language's format (the slot for a pre-order), the
// receipt's figures, and the colours' contrast.
func TestEveryMailKind(t *testing.T) {
	t.Parallel()
	times := map[string]map[bool]string{ // lang → preorder → the time the accepted mail promises
		"en-US": {true: "Friday, November 27, 12:00 PM", false: "5:54 PM"},
		"pl-PL": {true: "piątek, 27 listopada, 12:00", false: "17:54"},
	}
	for _, lang := range []string{"en-US", "pl-PL"} {
		for _, b := range []mail.Brand{burgers, pierogi} {
			for _, kind := range mail.OrderKinds {
				for _, pre := range []bool{true, false} {
					o := sampleOrder(pre)
					m, err := composer.ComposeOrder(kind, lang, b, o, now)
					if err != nil {
						t.Fatal(err)
					}
					name := lang + " " + b.Slug + " " + kind
					checkCommon(t, name, m, b)
					page := "https://order.example.test/" + b.Slug + "/soho/order-details/41"
					checkLinks(t, name, m, page)
					number := map[string]string{"en-US": "#9", "pl-PL": "nr 9"}[lang]
					if !strings.Contains(m.Subject, number) {
						t.Errorf("%s: subject %q lacks %q", name, m.Subject, number)
					}
					if kind == mail.KindOrderAccepted && !strings.Contains(m.Text, times[lang][pre]) {
						t.Errorf("%s (pre-order %v): text lacks the promised %q:\n%s", name, pre, times[lang][pre], m.Text)
					}
					if kind == mail.KindOrderReceived {
						checkReceipt(t, name, m, lang, pre)
					}
					if kind == mail.KindOrderRefunded {
						checkRefund(t, name, b, lang)
					}
					reason := strings.Contains(m.Text, "We have run out of buns")
					if wantReason := kind == mail.KindOrderRejected || kind == mail.KindOrderCancelled ||
						kind == mail.KindOrderRefunded; reason != wantReason {
						t.Errorf("%s: reason shown %v, want %v", name, reason, wantReason)
					}
				}
			}
			for _, kind := range []string{mail.KindVerifyCode, mail.KindResetCode, mail.KindAlreadyRegistered} {
				code := "042917"
				if kind == mail.KindAlreadyRegistered {
					code = ""
				}
				m, err := composer.Compose(kind, lang, b, "anna+x@example.com", code, map[string]string{"count": "15"})
				if err != nil {
					t.Fatal(err)
				}
				name := lang + " " + b.Slug + " " + kind
				checkCommon(t, name, m, b)
				path := map[string]string{mail.KindVerifyCode: "/auth/verify", mail.KindResetCode: "/auth/resetPassword/verify",
					mail.KindAlreadyRegistered: "/auth/sign-in"}[kind]
				checkLinks(t, name, m, "https://order.example.test/"+b.Slug+path+"?email="+url.QueryEscape("anna+x@example.com"))
				if !strings.Contains(m.Text, code) || !strings.Contains(m.HTML, code) {
					t.Errorf("%s: the code is missing", name)
				}
			}
			m, err := composer.ComposeInvitation(lang, b, map[string]string{"role": "staff", "count": "7"}, "tok/1")
			if err != nil {
				t.Fatal(err)
			}
			checkCommon(t, lang+" invitation", m, b)
			checkLinks(t, lang+" invitation", m, "https://order.example.test/"+b.Slug+"/admin/invite/tok%2F1")
		}
	}
	if _, err := composer.ComposeOrder("no_such_kind", "en-US", burgers, sampleOrder(false), now); err == nil {
		t.Error("an unknown order kind was composed")
	}
	if _, err := composer.Compose("no_such_kind", "en-US", burgers, "", "", nil); err == nil {
		t.Error("an unknown account kind was composed")
	}
}

func checkCommon(t *testing.T, name string, m mail.Message, b mail.Brand) {
	t.Helper()
	if m.FromName != b.Name || m.ReplyTo != b.ReplyTo {
		t.Errorf("%s: from %q reply-to %q", name, m.FromName, m.ReplyTo)
	}
	for _, s := range []string{`name="viewport"`, `color-scheme`, `prefers-color-scheme: dark`, `prefers-color-scheme: light`,
		`max-width:600px`} {
		if !strings.Contains(m.HTML, s) {
			t.Errorf("%s: HTML lacks %s", name, s)
		}
	}
	if logo := `src="https://order.example.test` + b.LogoURL + `"`; strings.HasSuffix(b.LogoURL, ".svg") == strings.Contains(m.HTML, logo) {
		t.Errorf("%s: logo %s shown %v (an SVG logo is a monogram)", name, b.LogoURL, strings.Contains(m.HTML, logo))
	}
	if strings.Contains(m.HTML, `width="560"`) || strings.Contains(m.Text, "{") {
		t.Errorf("%s: a fixed width or an unfilled placeholder:\n%s", name, m.Text)
	}
	if !strings.HasSuffix(m.Text, "— "+b.Name+"\n") {
		t.Errorf("%s: text is not signed by the scheme", name)
	}
	if wantReply := b.ReplyTo != ""; strings.Contains(m.Text, "Reply to this e-mail") != wantReply &&
		strings.Contains(m.Text, "Odpowiedz na tę wiadomość") != wantReply {
		t.Errorf("%s: the reply hint does not match Reply-To %q", name, b.ReplyTo)
	}
}

// checkLinks: every link of the HTML is absolute and the page the mail
// names; the text part carries the same URL.
func checkLinks(t *testing.T, name string, m mail.Message, page string) {
	t.Helper()
	links := hrefs.FindAllStringSubmatch(m.HTML, -1)
	if len(links) == 0 {
		t.Errorf("%s: no link", name)
	}
	for _, l := range links {
		if got := strings.ReplaceAll(l[1], "&amp;", "&"); got != page {
			t.Errorf("%s: link %q, want %q", name, got, page)
		}
	}
	if !strings.Contains(m.Text, page) {
		t.Errorf("%s: text lacks %s", name, page)
	}
}

// checkReceipt: the receipt's figures are the order's.
func checkReceipt(t *testing.T, name string, m mail.Message, lang string, pre bool) {
	t.Helper()
	en := lang == "en-US"
	pick := func(e, p string) string {
		if en {
			return e
		}
		return p
	}
	want := []string{
		"2 × Classic Cheeseburger  £26.98", "+ Double beef (+£3.00)", "+ Smoked bacon (+£1.50)",
		pick("£13.49 each", "£13.49 za szt."), "1 × Cheesy Fries  £4.99",
		pick("Subtotal: £31.97", "Suma częściowa: £31.97"), pick("Discount: -£3.20", "Rabat: -£3.20"),
		pick("Service charge: £2.88", "Opłata serwisowa: £2.88"), pick("Tip: £3.00", "Napiwek: £3.00"),
		pick("TOTAL: £37.15", "RAZEM: £37.15"), pick("Including VAT £6.19", "W tym VAT £6.19"),
		pick("Paid with: Visa •••• 4242", "Zapłacono kartą: Visa •••• 4242"),
		pick("Order: #9", "Zamówienie: nr 9"),
		pick("Placed: Thursday, November 26, 2026, 5:28 PM", "Złożone: czwartek, 26 listopada 2026, 17:28"),
	}
	if pre {
		want = append(want, pick("Delivery: Friday, November 27, 12:00 PM (pre-order)", "Dostawa: piątek, 27 listopada, 12:00 (na wybraną godzinę)"),
			pick("Deliver to: 5 Frith Street", "Adres dostawy: 5 Frith Street"),
			pick("Delivery fee: £2.50", "Opłata za dostawę: £2.50"), pick("Order type: Delivery", "Sposób odbioru: Dostawa"))
	} else {
		want = append(want, pick("Pickup: about 5:54 PM", "Odbiór: ok. 17:54"),
			pick("Collect from: 12 Greek Street", "Adres odbioru: 12 Greek Street"))
	}
	for _, w := range want {
		if !strings.Contains(m.Text, w) {
			t.Errorf("%s: text lacks %q:\n%s", name, w, m.Text)
		}
	}
	for _, w := range []string{"Classic Cheeseburger", "£13.49", "£26.98", "+ Double beef (+£3.00)", "£37.15", "•••• 4242"} {
		if !strings.Contains(html.UnescapeString(m.HTML), w) {
			t.Errorf("%s: HTML lacks %q", name, w)
		}
	}
}

// TestPaletteContrast: links on the card and a button's text on the
// button reach 4.5:1, light and dark, for both demo brands, a pale one
// and a colour that is not one.
func TestPaletteContrast(t *testing.T) {
	t.Parallel()
	for _, c := range []string{"#e85d04", "#c1121f", "#ffba08", "#111111", "nope"} {
		for _, dark := range []bool{false, true} {
			p := mail.PaletteOf(c, dark)
			for _, pair := range [][3]string{{"link", p.Link, p.Card}, {"button", p.OnButton, p.Button},
				{"text", p.Text, p.Card}, {"muted", p.Muted, p.Card}} {
				if r := colour.Contrast(pair[1], pair[2]); r < colour.AA {
					t.Errorf("%s dark=%v: %s %s on %s is %.2f:1", c, dark, pair[0], pair[1], pair[2], r)
				}
			}
		}
	}
	m, _ := composer.Compose(mail.KindVerifyCode, "en-US", mail.Brand{Slug: "x", Name: "X", Colour: "red;}</style>"}, "", "1", nil)
	if strings.Contains(m.HTML, "red;") {
		t.Error("an invalid colour reached the HTML")
	}
}

// TestEscaping: names and reasons are text in the HTML.
func TestEscaping(t *testing.T) {
	t.Parallel()
	o := sampleOrder(false)
	o.Reason = `<script>alert(1)</script>`
	m, err := composer.ComposeOrder(mail.KindOrderRejected, "en-US", mail.Brand{Slug: "s", Name: "Ember & <Bun>", Colour: "#e85d04"}, o, now)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || !strings.Contains(m.HTML, "Ember &amp; &lt;Bun&gt;") {
		t.Error("HTML is not escaped")
	}
}

// TestWhen: the date is said when it is not today, in each language's
// clock.
func TestWhen(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang string
		at   time.Time
		want string
	}{
		{"en-US", time.Date(2026, 11, 26, 17, 54, 0, 0, time.UTC), "5:54 PM"},
		{"pl-PL", time.Date(2026, 11, 26, 17, 54, 0, 0, time.UTC), "17:54"},
		{"en-US", time.Date(2026, 11, 28, 9, 15, 0, 0, time.UTC), "Saturday, November 28, 9:15 AM"},
		{"pl-PL", time.Date(2026, 11, 28, 9, 15, 0, 0, time.UTC), "sobota, 28 listopada, 09:15"},
		{"pl-PL", time.Date(2027, 1, 2, 12, 0, 0, 0, time.UTC), "sobota, 2 stycznia 2027, 12:00"},
		// The next day by its date, never "tomorrow" (a mail read the next day
		// would be wrong); a language mails are not written in falls back to en-US.
		{"de-DE", time.Date(2026, 11, 27, 0, 30, 0, 0, time.UTC), "Friday, November 27, 12:30 AM"},
	} {
		if got := mail.When(c.lang, c.at, now, london); got != c.want {
			t.Errorf("When(%s, %v) = %q, want %q", c.lang, c.at, got, c.want)
		}
	}
}

// checkRefund: a staff refund's mail says the amount given back (not the
// order's total) in its subject, heading and refund line, in the brand's
// words and language.
func checkRefund(t *testing.T, name string, b mail.Brand, lang string) {
	t.Helper()
	o := sampleOrder(false)
	o.Refund = 150
	m, err := composer.ComposeOrder(mail.KindOrderRefunded, lang, b, o, now)
	if err != nil {
		t.Fatal(err)
	}
	amount := map[string]string{"en-US": "£1.50", "pl-PL": "£1.50"}[lang]
	if !strings.Contains(m.Subject, amount) || !strings.Contains(m.HTML, amount) || !strings.Contains(m.Text, amount+" → ") {
		t.Errorf("%s: the refund of %s is not said: %q\n%s", name, amount, m.Subject, m.Text)
	}
	word := map[string]string{"en-US": "refunded", "pl-PL": "zwrócił"}[lang]
	if !strings.Contains(m.Text, word) {
		t.Errorf("%s: text lacks %q:\n%s", name, word, m.Text)
	}
}

// TestCancelAfterStaffRefunds: a rejection or cancellation of an order
// staff refunded in full says the payment is back already and promises
// nothing; one refunded in part promises the rest and says what came back
// before — in both languages.
func TestCancelAfterStaffRefunds(t *testing.T) {
	for _, c := range []struct {
		lang, full, before string
	}{
		{"en-US", "Your payment of £37.15 was already refunded to your card in full.",
			"£1.00 of it was refunded before and is not refunded again."},
		{"pl-PL", "Płatność £37.15 została już w całości zwrócona na kartę.",
			"Wcześniej zwrócono już £1.00; ta kwota nie zostanie zwrócona ponownie."},
	} {
		for _, kind := range []string{mail.KindOrderRejected, mail.KindOrderCancelled, mail.KindOrderWithdrawn} {
			o := sampleOrder(false)
			o.Refunded = o.Total
			m, err := composer.ComposeOrder(kind, c.lang, burgers, o, now)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(m.Text, c.full) || strings.Contains(m.Text, "Kwota £37.15") ||
				strings.Contains(m.Text, "will be refunded") || !strings.Contains(m.HTML, html.EscapeString(c.full)) {
				t.Errorf("%s %s, refunded in full:\n%s", c.lang, kind, m.Text)
			}
			o.Refunded, o.Refund = 100, o.Total-100
			m, err = composer.ComposeOrder(kind, c.lang, burgers, o, now)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(m.Text, c.before) || strings.Contains(m.Text, c.full) ||
				!strings.Contains(m.Text, "£36.15") {
				t.Errorf("%s %s, refunded in part:\n%s", c.lang, kind, m.Text)
			}
		}
	}
}
