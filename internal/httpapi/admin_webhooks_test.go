package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/webhooks"
)

// hookRig is burgers' endpoint with one delivery (an item sold out at
// soho), made once per permission fixture.
type hookRig struct{ hook, delivery int64 }

var hookRigs = map[*permFixture]*hookRig{}

func (f *permFixture) webhook() *hookRig {
	if r := hookRigs[f]; r != nil {
		return r
	}
	ctx := context.Background()
	scheme := f0(f.t, f.db)
	hook, _, err := f.db.UpsertWebhook(ctx, scheme, webhooks.Input{URL: "https://till.example.com/hooks",
		Events: []string{webhooks.MenuUpdated}, Enabled: true}, store.Audit{}, f.clk.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	f.checkout("") // finds the fries
	// Sold out and back (the other routes order them): menu.updated twice.
	for _, out := range []bool{true, false} {
		if err := f.db.SetSoldOut(ctx, scheme, "soho", catalog.SoldOutItem, f.fries, out, time.Time{},
			f.clk.Now()); err != nil {
			f.t.Fatal(err)
		}
	}
	list, _, err := f.db.WebhookDeliveries(ctx, scheme, hook, 1, 0)
	if err != nil || len(list) != 1 {
		f.t.Fatal(list, err)
	}
	r := &hookRig{hook: hook, delivery: list[0].ID}
	hookRigs[f] = r
	return r
}

// The webhook rows of the permission matrix: a scheme's managers' (and
// admins'); staff, drivers, customers and another scheme's manager are
// refused, and a refused call adds, rotates or redelivers nothing.
func init() {
	permCases["admin/webhooks/list"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any { f.webhook(); return burgers()(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			list := res.Body["data"].([]any)
			if len(list) == 0 || strings.Contains(string(res.Raw), "whsec_") {
				t.Errorf("%s: %s", k, res.Raw)
			}
		}}
	permCases["admin/webhooks/upsert"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: writes("business_slug", "demo-burgers", "url", "https://dispatch.example.com/in",
			"events", []any{"order.paid"}),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); !strings.HasPrefix(d["secret"].(string), "whsec_") {
				t.Errorf("%s: %s", k, res.Raw)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			eps, _ := f.db.Webhooks(context.Background(), f0(t, f.db), f.clk.Now())
			for _, e := range eps {
				if e.URL == "https://dispatch.example.com/in" && e.CreatedAt.Equal(f.clk.Now().UTC().Truncate(time.Microsecond)) {
					t.Errorf("%s was refused, but an endpoint was added", k)
				}
			}
		}}
	permCases["admin/webhooks/rotate-secret"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "id", f.webhook().hook)
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); !strings.HasPrefix(d["secret"].(string), "whsec_") {
				t.Errorf("%s: %s", k, res.Raw)
			}
		}}
	permCases["admin/webhooks/deliveries"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any { return burgers("webhook_id", f.webhook().hook)(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			// Two at least: the other routes' menu edits queue more.
			if list := res.Body["data"].([]any); len(list) < 2 {
				t.Errorf("%s: %s", k, res.Raw)
			}
		}}
	permCases["admin/webhooks/redeliver"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "delivery_id", f.webhook().delivery)
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); d["status"] != "pending" || d["event"] != "menu.updated" {
				t.Errorf("%s: %s", k, res.Raw)
			}
		}}
}

// TestAdminWebhooks: a manager adds an endpoint and reads its secret once
// (never in the list), edits it (no secret), rotates it; URLs that are not
// http(s), carry credentials or name this machine or the metadata service
// are refused in the caller's language, as are unknown events and an
// eleventh endpoint; a menu change queues a delivery the log shows, and a
// redelivery makes it due now.
func TestAdminWebhooks(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		e := start(t, db, options{now: clk.Now})
		_, boss := member(t, e, db, store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, clk.Now())
		pl := append(append([]string{}, boss...), "Accept-Language", "pl-PL")

		add := e.call("admin/webhooks/upsert", data("url", "https://till.example.com/platter",
			"events", []any{"order.paid", "menu.updated", "order.paid"}), boss...).data(t)
		secret, _ := add["secret"].(string)
		if !strings.HasPrefix(secret, "whsec_") || num(add["id"]) == 0 {
			t.Fatalf("add: %v", add)
		}
		id := add["id"]
		list := e.call("admin/webhooks/list", filter(), boss...)
		eps := list.Body["data"].([]any)
		if len(eps) != 1 || strings.Contains(string(list.Raw), secret) {
			t.Fatalf("list: %s", list.Raw)
		}
		ep := eps[0].(map[string]any)
		if ep["enabled"] != true || len(ep["events"].([]any)) != 2 || ep["rotated_until"] != nil {
			t.Errorf("listed: %v", ep)
		}
		edit := e.call("admin/webhooks/upsert", data("id", id, "url", "https://till.example.com/v2",
			"events", []any{"menu.updated"}, "enabled", false), boss...).data(t)
		if _, shown := edit["secret"]; shown || edit["id"] != id {
			t.Errorf("edit: %v", edit)
		}
		rot := e.call("admin/webhooks/rotate-secret", data("id", id), boss...).data(t)
		if s, _ := rot["secret"].(string); !strings.HasPrefix(s, "whsec_") || s == secret {
			t.Errorf("rotate: %v", rot)
		}
		ep = e.call("admin/webhooks/list", filter(), boss...).Body["data"].([]any)[0].(map[string]any)
		if ep["rotated_until"] == nil || ep["enabled"] != false || ep["url"] != "https://till.example.com/v2" {
			t.Errorf("after the edit and rotation: %v", ep)
		}
		// Where order data goes is in the audit log: who added, changed
		// and rotated the endpoint, its URL before and after; never a secret.
		trail := e.call("admin/audit/list", filter("action", "webhook"), boss...)
		rows := trail.Body["data"].([]any)
		if len(rows) != 3 || strings.Contains(string(trail.Raw), "whsec_") {
			t.Fatalf("audit: %s", trail.Raw)
		}
		for i, want := range []string{"webhook.rotate-secret", "webhook.upsert", "webhook.upsert"} {
			row := rows[i].(map[string]any)
			if row["action"] != want || row["actor_email"] != "boss@demo.test" || row["target"] != "till.example.com" {
				t.Errorf("audit row %d: %v, want %s", i, row, want)
			}
		}
		if b, a := rows[1].(map[string]any)["before"].(map[string]any), rows[1].(map[string]any)["after"].(map[string]any); b["url"] != "https://till.example.com/platter" || a["url"] != "https://till.example.com/v2" || a["enabled"] != false {
			t.Errorf("the edit's audit: before %v after %v", b, a)
		}

		for _, bad := range []struct {
			url    string
			events []any
			field  string
			says   string
		}{
			{"ftp://till.example.com/", []any{"order.paid"}, "url", "Podaj adres zaczynający się od http:// lub https://."},
			{"https://jan:haslo@till.example.com/", []any{"order.paid"}, "url", "Adres nie może zawierać nazwy użytkownika ani hasła."},
			{"http://127.0.0.1:8080/", []any{"order.paid"}, "url", "Ten adres prowadzi do sieci prywatnej lub zastrzeżonej; webhooki wysyłamy tylko na adresy publiczne."},
			{"http://169.254.169.254/latest", []any{"order.paid"}, "url", ""},
			{"http://[::1]/", []any{"order.paid"}, "url", ""},
			{"https://till.example.com/" + strings.Repeat("a", 2000), []any{"order.paid"}, "url", ""},
			{"https://till.example.com/", []any{"order.eaten"}, "events", "Nieznane zdarzenie."},
			{"https://till.example.com/", []any{}, "events", "Wybierz co najmniej jedno zdarzenie."},
		} {
			res := e.call("admin/webhooks/upsert", data("url", bad.url, "events", bad.events), pl...)
			res.wantError(t, 400, 1000)
			fields, _ := res.Body["fields"].(map[string]any)
			if says, ok := fields[bad.field].(string); !ok || (bad.says != "" && says != bad.says) {
				t.Errorf("%s %v: fields %v", bad.url, bad.events, fields)
			}
		}
		for i := 1; i < webhooks.MaxEndpoints; i++ {
			e.call("admin/webhooks/upsert", data("url", "https://till.example.com/", "events", []any{"order.paid"}),
				boss...).data(t)
		}
		res := e.call("admin/webhooks/upsert", data("url", "https://till.example.com/", "events", []any{"order.paid"}), pl...)
		res.wantError(t, 400, 1000)
		if says := res.Body["fields"].(map[string]any)["url"]; says != "Można mieć najwyżej 10 adresów webhooków." {
			t.Errorf("the eleventh: %v", says)
		}

		// The first endpoint is disabled: enable it, then a sold-out item
		// queues menu.updated for it.
		e.call("admin/webhooks/upsert", data("id", id, "url", "https://till.example.com/v2",
			"events", []any{"menu.updated"}), boss...).data(t)
		menu := sohoMenu(t, e)
		e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", menu.items["Cheesy Fries"],
			"sold_out", true), boss...).data(t)
		log := e.call("admin/webhooks/deliveries", filter("webhook_id", id), boss...)
		ds := log.Body["data"].([]any)
		if len(ds) != 1 || num(log.Body["total"]) != 1 {
			t.Fatalf("deliveries: %s", log.Raw)
		}
		d := ds[0].(map[string]any)
		if d["event"] != "menu.updated" || d["status"] != "pending" || !strings.HasPrefix(d["webhook_id"].(string), "msg_") {
			t.Errorf("delivery: %v", d)
		}
		again := e.call("admin/webhooks/redeliver", data("delivery_id", d["id"]), boss...).data(t)
		if again["webhook_id"] != d["webhook_id"] || again["status"] != "pending" {
			t.Errorf("redeliver: %v", again)
		}
		e.call("admin/webhooks/deliveries", filter("webhook_id", 999999), boss...).wantError(t, 404, 1404)
		e.call("admin/webhooks/redeliver", data("delivery_id", 999999), boss...).wantError(t, 404, 1404)
		e.call("admin/webhooks/rotate-secret", data("id", 999999), boss...).wantError(t, 404, 1404)
		e.call("admin/webhooks/upsert", data("id", 999999, "url", "https://till.example.com/",
			"events", []any{"order.paid"}), boss...).wantError(t, 404, 1404)
	})
}
