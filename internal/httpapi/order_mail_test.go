package httpapi_test

import (
	"context"
	"mime"
	"strconv"
	"strings"
	"testing"

	"platter/internal/notify/mail"
	"platter/internal/notify/mailtest"
	"platter/internal/ordering"
	"platter/internal/pricing"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestOrderMails: paying an order e-mails its receipt (lines, modifiers,
// totals) through a real SMTP server in the language the customer ordered
// in; accepting it e-mails the expected time; a support request is
// acknowledged.
func TestOrderMails(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		clk := &clock{t: monday}
		m := startWithSMTP(t, db, clk.Now)
		menu := sohoMenu(t, m.env)
		for _, tc := range []struct{ lang, to, received, total, subtotal, accepted, support string }{
			{"en-US", "ann@example.test", "Order #1 paid", "TOTAL: ", "Subtotal: ", "12:20 PM", "We received your request"},
			{"pl-PL", "ola@example.test", "Zamówienie nr 2 opłacone", "RAZEM: ", "Suma częściowa: ", "12:20", "Otrzymaliśmy zgłoszenie"},
		} {
			guest := append(signIn(t, m.env, "demo-burgers", ""), "Accept-Language", tc.lang)
			items := []any{menu.line(t, "Classic Cheeseburger", 2, "Double beef", "Smoked bacon"), menu.line(t, "Cheesy Fries", 1)}
			d := m.call("orders/prepare", checkoutBody(items, "idempotency_key", "mail-"+tc.lang, "user_email", tc.to), guest...).data(t)
			order := d["order"].(map[string]any)
			p := pricingOf(t, order)
			confirm(m.env, guest, order["id"], card("4242424242424242")).data(t)

			receipt := m.waitMails(t, tc.to, 1)[0]
			text, html := receipt.Parts(t)
			if !strings.Contains(subjectOf(t, receipt), tc.received) {
				t.Errorf("%s receipt subject %q", tc.lang, subjectOf(t, receipt))
			}
			for _, want := range []string{
				"2 × Classic Cheeseburger  " + pricing.FormatMoney("GBP", 2*(899+300+150)),
				"+ Double beef (+£3.00)", "+ Smoked bacon (+£1.50)", "1 × Cheesy Fries  £4.99",
				"https://order.example.test/demo-burgers/soho/order-details/" + strconv.Itoa(int(num(order["id"]))),
				tc.subtotal + pricing.FormatMoney("GBP", int64(p["subtotal"])),
				tc.total + pricing.FormatMoney("GBP", int64(p["total"])),
			} {
				if !strings.Contains(text, want) {
					t.Errorf("%s receipt lacks %q:\n%s", tc.lang, want, text)
				}
			}
			if from, err := receipt.Msg.Header.AddressList("From"); err != nil || from[0].Name != "Ember & Bun" {
				t.Errorf("%s receipt From %v (%v)", tc.lang, from, err)
			}
			if !strings.Contains(html, "Classic Cheeseburger") || !strings.Contains(html, pricing.FormatMoney("GBP", int64(p["total"]))) {
				t.Errorf("%s receipt HTML lacks the lines or the total", tc.lang)
			}

			id := int64(num(order["id"]))
			if _, _, err := db.Transition(context.Background(), ordering.Change{SchemeID: f0(t, db), OrderID: id,
				To: ordering.StatusAccepted, ETAMinutes: 20, Actor: ordering.ActorManager, ActorRef: "manager:1",
				Reach: ordering.Reach{SchemeWide: true}}, monday); err != nil {
				t.Fatal(err)
			}
			accepted := m.waitMails(t, tc.to, 2)[1]
			if text, _ := accepted.Parts(t); !strings.Contains(text, tc.accepted) {
				t.Errorf("%s accepted mail lacks %q:\n%s", tc.lang, tc.accepted, text)
			}
			m.call("supports/insert", data("order_id", id, "kind", "wrong_order", "description", "Not mine"), guest...).data(t)
			if s := subjectOf(t, m.waitMails(t, tc.to, 3)[2]); !strings.Contains(s, tc.support) {
				t.Errorf("%s support mail subject %q", tc.lang, s)
			}
		}
	})
}

// subjectOf is a received mail's subject, decoded.
func subjectOf(t *testing.T, m mailtest.Mail) string {
	t.Helper()
	s, err := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
