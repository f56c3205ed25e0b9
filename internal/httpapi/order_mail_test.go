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
			if _, err := db.Transition(context.Background(), ordering.Change{SchemeID: f0(t, db), OrderID: id,
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

// TestOrderMailsSayWhatHappened: through a real SMTP server, a pickup
// pre-order's receipt and acceptance promise its slot (tomorrow, by its day and date, in
// en-US's 12-hour clock) though staff gave no eta, its collection is
// mailed; staff's reason for rejecting reaches the customer in Polish;
// a cancellation the customer asked for reads as theirs.
func TestOrderMailsSayWhatHappened(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		clk := &clock{t: monday}
		m := startWithSMTP(t, db, clk.Now)
		menu := sohoMenu(t, m.env)
		scheme := f0(t, db)
		step := func(id int64, to ordering.Status, actor, reason string) {
			t.Helper()
			if _, err := db.Transition(context.Background(), ordering.Change{SchemeID: scheme, OrderID: id, To: to,
				Actor: actor, ActorRef: actor + ":1", Reason: reason, Reach: ordering.Reach{SchemeWide: true}}, monday); err != nil {
				t.Fatalf("%s: %v", to, err)
			}
		}
		place := func(lang, to, key string, kv ...any) (int64, []string) {
			t.Helper()
			guest := append(signIn(t, m.env, "demo-burgers", ""), "Accept-Language", lang)
			items := []any{menu.line(t, "Cheesy Fries", 1)}
			body := checkoutBody(items, append([]any{"idempotency_key", key, "user_email", to}, kv...)...)
			order := m.call("orders/prepare", body, guest...).data(t)["order"].(map[string]any)
			confirm(m.env, guest, order["id"], card("4242424242424242")).data(t)
			return int64(num(order["id"])), guest
		}
		mailText := func(to string, n int) (string, string) {
			t.Helper()
			got := m.waitMails(t, to, n)[n-1]
			text, _ := got.Parts(t)
			return subjectOf(t, got), text
		}

		pre, _ := place("en-US", "pre@example.test", "mail-pre", "is_asap", false, "preorder_for", "2026-03-03T12:00:00Z")
		if _, text := mailText("pre@example.test", 1); !strings.Contains(text, "Pickup: Tuesday, March 3, 12:00 PM (pre-order)") ||
			!strings.Contains(text, "Paid with: Visa •••• 4242") {
			t.Errorf("pre-order receipt:\n%s", text)
		}
		step(pre, ordering.StatusAccepted, ordering.ActorStaff, "")
		if _, text := mailText("pre@example.test", 2); !strings.Contains(text, "It will be ready at the time you chose: Tuesday, March 3, 12:00 PM.") {
			t.Errorf("pre-order accepted mail does not promise the slot:\n%s", text)
		}
		step(pre, ordering.StatusReadyToCollect, ordering.ActorStaff, "")
		step(pre, ordering.StatusCollected, ordering.ActorStaff, "")
		if s, _ := mailText("pre@example.test", 4); !strings.Contains(s, "collected") {
			t.Errorf("no collected mail: %q", s)
		}

		rejected, _ := place("pl-PL", "odrzucone@example.test", "mail-reject")
		step(rejected, ordering.StatusRejected, ordering.ActorManager, "Brak bułek")
		if s, text := mailText("odrzucone@example.test", 2); !strings.Contains(s, "odrzucone") ||
			!strings.Contains(text, "Podany powód: Brak bułek") {
			t.Errorf("rejection %q:\n%s", s, text)
		}

		withdrawn, guest := place("en-US", "mine@example.test", "mail-withdraw")
		m.call("orders/cancel", data("id", withdrawn), guest...).data(t)
		if s, text := mailText("mine@example.test", 2); !strings.Contains(text, "As you asked") ||
			strings.Contains(s, "by the venue") {
			t.Errorf("a cancellation the customer asked for %q:\n%s", s, text)
		}
	})
}
