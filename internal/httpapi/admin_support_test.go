package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// supportRequest is a request about the owner's order at soho (raised
// once), which admin/support/reply answers.
func (f *permFixture) supportRequest() int64 {
	if f.sup.request == 0 {
		d := f.e.call("supports/insert", data("order_id", f.supportOrder(), "kind", "wrong_order",
			"description", "Not what I ordered"), f.auth(owner)...).data(f.t)
		f.sup.request = int64(num(d["id"]))
	}
	return f.sup.request
}

// listsRequest reports whether an inbox answer holds request id.
func listsRequest(res *response, id int64) bool {
	list, _ := res.Body["data"].([]any)
	for _, r := range list {
		if int64(num(r.(map[string]any)["id"])) == id {
			return true
		}
	}
	return false
}

func init() {
	// Staff of soho (where the order is), managers and admins see the
	// request; shoreditch's staff get an inbox without it.
	permCases["admin/support/list"] = permCase{perm: "staff/venue", want: withKind(boardStaff(), otherStaf, okay),
		body: func(f *permFixture) any { f.supportRequest(); return burgers()(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if listed := listsRequest(res, f.supportRequest()); listed != (k != otherStaf) {
				t.Errorf("%s: soho's request listed: %v", k, listed)
			}
		}}
	// Shoreditch's staff are told soho's request does not exist; a refused
	// reply leaves no trace in the conversation.
	permCases["admin/support/reply"] = permCase{perm: "staff/venue", want: withKind(boardStaff(), otherStaf, notFound),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "support_id", f.supportRequest(),
				"message", "On it", "status", "in_progress")
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			f.sup.replies++
			if d := res.data(t); d["status"] != "in_progress" || len(d["messages"].([]any)) != f.sup.replies {
				t.Errorf("%s: reply answered %s", k, res.Raw)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			reqs, err := f.db.SupportRequestsOfOrder(context.Background(), f0(t, f.db), f.supportOrder())
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, r := range reqs {
				n += len(r.Messages)
			}
			if n != f.sup.replies {
				t.Errorf("%s was refused, but the conversation has %d entries, want %d", k, n, f.sup.replies)
			}
		}}
}

// TestSupportInboxReply: a Polish customer's request with a photo reaches
// soho's inbox; soho's staff see the photo, reply and move it along; the
// customer gets the reply by mail (through a real SMTP server) in Polish
// with the restaurant's look, and the order page shows the status and the
// conversation. Bad replies are refused in the caller's language and write
// nothing; another venue's staff cannot answer.
func TestSupportInboxReply(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		clk := &clock{t: monday}
		m := startWithSMTP(t, db, clk.Now)
		menu := sohoMenu(t, m.env)
		guest := append(signIn(t, m.env, "demo-burgers", ""), "Accept-Language", "pl-PL")
		body := checkoutBody([]any{menu.line(t, "Cheesy Fries", 1)}, "idempotency_key", "inbox-pl", "user_email", "ola@example.test")
		order := m.call("orders/prepare", body, guest...).data(t)["order"].(map[string]any)
		confirm(m.env, guest, order["id"], card("4242424242424242")).data(t)
		up := m.upload("p.jpg", "image/jpeg", photoJPEG(t, 8, 8, 0), guest...).data(t)
		req := m.call("supports/insert", data("order_id", order["id"], "kind", "quality_concern",
			"description", "Zimne frytki", "photo_ids", []any{up["id"]}), guest...).data(t)
		m.waitMails(t, "ola@example.test", 2) // the receipt, "we received it"

		_, soho := member(t, m.env, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, clk.Now())
		_, shoreditch := member(t, m.env, db, store.PlatformUser{Email: "sd@demo.test", Role: account.RoleStaff, VenueSlug: "shoreditch"}, clk.Now())
		inbox := m.call("admin/support/list", filter("status", "open"), soho...)
		list := inbox.Body["data"].([]any)
		if len(list) != 1 || num(inbox.Body["total"]) != 1 {
			t.Fatalf("soho's inbox: %s", inbox.Raw)
		}
		got := list[0].(map[string]any)
		photos := got["photos"].([]any)
		if got["description"] != "Zimne frytki" || got["status"] != "open" || len(photos) != 1 || got["venue_slug"] != "soho" {
			t.Fatalf("the request in the inbox: %v", got)
		}
		if res := m.photo(photos[0].(string), soho...); res.Status != 200 || len(res.Raw) == 0 {
			t.Errorf("soho's staff cannot see the photo: %d", res.Status)
		}

		id := req["id"]
		pl := append(append([]string{}, soho...), "Accept-Language", "pl-PL")
		for _, bad := range []struct {
			data  map[string]any
			field string
			says  string
		}{
			{data("support_id", id, "message", strings.Repeat("a", 2001)), "message", "Odpowiedź może mieć najwyżej 2000 znaków."},
			{data("support_id", id, "message", "Hej\x07"), "message", ""},
			{data("support_id", id, "message", "  "), "message", "Napisz odpowiedź albo wybierz status."},
			{data("support_id", id, "message", "Hej", "status", "closed"), "status", "Wybierz: otwarte, w toku lub rozwiązane."},
		} {
			res := m.call("admin/support/reply", bad.data, pl...)
			res.wantError(t, 400, 1000)
			fields, _ := res.Body["fields"].(map[string]any)
			if says, ok := fields[bad.field].(string); !ok || (bad.says != "" && says != bad.says) {
				t.Errorf("%v: fields %v", bad.data, fields)
			}
		}
		m.call("admin/support/reply", data("support_id", id, "message", "Not ours"), shoreditch...).wantError(t, 404, 1404)

		msg := "Przepraszamy!\nZwrot jest w drodze."
		d := m.call("admin/support/reply", data("support_id", id, "message", msg, "status", "in_progress"), soho...).data(t)
		if d["status"] != "in_progress" || len(d["messages"].([]any)) != 1 {
			t.Fatalf("reply answered %v", d)
		}
		sent := m.waitMails(t, "ola@example.test", 3)[2]
		text, html := sent.Parts(t)
		if s := subjectOf(t, sent); s != "Odpowiedź na zgłoszenie dotyczące zamówienia nr 1" {
			t.Errorf("reply subject %q", s)
		}
		for _, want := range []string{"> Przepraszamy!", "> Zwrot jest w drodze.", "Twoje zgłoszenie: W toku",
			"https://order.example.test/demo-burgers/soho/order-details/"} {
			if !strings.Contains(text, want) {
				t.Errorf("reply mail lacks %q:\n%s", want, text)
			}
		}
		if !strings.Contains(html, "Zwrot jest w drodze.") || !strings.Contains(html, `lang="pl-PL"`) {
			t.Errorf("reply HTML lacks the message or the language")
		}
		m.call("admin/support/reply", data("support_id", id, "status", "resolved"), soho...).data(t)

		page := m.call("orders/get", filter("id", order["id"]), guest...).data(t)
		sr := page["support_requests"].([]any)[0].(map[string]any)
		msgs := sr["messages"].([]any)
		if sr["status"] != "resolved" || len(msgs) != 2 || msgs[0].(map[string]any)["message"] != msg ||
			msgs[1].(map[string]any)["status"] != "resolved" {
			t.Errorf("the order page's request: %v", sr)
		}
		if _, ok := msgs[0].(map[string]any)["author_email"]; ok {
			t.Errorf("the customer sees staff's address: %v", msgs[0])
		}
		if n := len(m.smtp.Received()); n != 3 {
			t.Errorf("%d mails; a status change alone mails nothing", n)
		}
	})
}
